import { API, type ControlTemplateItem, formatTimestamp } from "@washboard/shared";
import { Input, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session/useCan";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import { sortFilter } from "../../app/ui/data-table/sort-field";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ListScreen } from "../../app/ui/ListScreen";
import { ControlTemplateDialog } from "./ControlTemplateDialog";
import { type CommonFilters, commonFilterFields, originColumn, useCatalogueActions } from "./catalogue-ui";

interface Filters extends CommonFilters {
  name?: string;
}

function columns(timeZone: string): DataColumn<ControlTemplateItem>[] {
  return [
    { key: "name", titleKey: "washerCatalogue.fields.templateName", dataIndex: "name" },
    {
      key: "head",
      titleKey: "washerCatalogue.fields.dataHead",
      dataIndex: "data_head",
      render: (r) => <Typography.Text code>{r.data_head}</Typography.Text>,
    },
    { key: "body", titleKey: "washerCatalogue.fields.dataBody", dataIndex: "data_body", ellipsis: true },
    { key: "models", titleKey: "washerCatalogue.fields.modelCount", dataIndex: "model_count" },
    originColumn<ControlTemplateItem>(),
    {
      key: "created",
      titleKey: "washerCatalogue.fields.createdAt",
      text: (r) => formatTimestamp(r.created_at, timeZone),
    },
  ];
}

export function ControlTemplatesTab({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const can = useCan();

  const { edit, remove } = useCatalogueActions("control-template", {
    contract: API.washerCatalogue.removeControlTemplate,
    body: (row: ControlTemplateItem) => ({ id: row.id }),
    confirmTitle: (row) => t("washerCatalogue.confirmRemoveTemplate", { name: row.name }),
  });

  return (
    <ListScreen
      bare
      contract={API.washerCatalogue.controlTemplates}
      filters={{
        fields: [
          {
            name: "name",
            labelKey: "washerCatalogue.fields.templateName",
            input: <Input allowClear maxLength={64} data-testid="control-template-search" />,
          },
          ...commonFilterFields(),
        ],
        initialValues: { sort: "newest" },
        toFilters: ({ sort, ...values }: Filters) => ({ ...presentFilters(values), ...sortFilter(sort) }),
        testId: "control-template-filters",
      }}
      columns={columns(timeZone)}
      dialog={(template, close) => <ControlTemplateDialog template={template} onClose={close} />}
      add={{ labelKey: "washerCatalogue.addTemplate", testId: "control-template-add", allowed: can("dev_control") }}
      edit={edit}
      rowActions={[remove]}
      table={{
        testId: "control-template-table",
        emptyText: t("washerCatalogue.emptyTemplates"),
        title: t("washerCatalogue.tabs.controlTemplates"),
      }}
    />
  );
}
