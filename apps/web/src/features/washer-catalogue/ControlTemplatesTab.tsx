import { PlusOutlined } from "@ant-design/icons";
import { API, type ControlTemplateItem, formatTimestamp } from "@washboard/shared";
import { Button, Input, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session/useCan";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import type { DataColumn } from "../../app/ui/data-table/types";
import { useDialog } from "../../app/ui/useDialog";
import { ControlTemplateDialog } from "./ControlTemplateDialog";
import {
  type CommonFilters,
  commonFilterFields,
  commonFilters,
  originColumn,
  useCatalogueActions,
} from "./catalogue-ui";

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
  const [filters, setFilters] = useState<Filters>({});
  const dialog = useDialog<ControlTemplateItem>();

  const actions = useCatalogueActions("control-template", dialog.openEdit, {
    contract: API.washerCatalogue.removeControlTemplate,
    body: (row: ControlTemplateItem) => ({ id: row.id }),
    confirmTitle: (row) => t("washerCatalogue.confirmRemoveTemplate", { name: row.name }),
  });

  return (
    <>
      <FilterBar<Filters>
        fields={[
          {
            name: "name",
            labelKey: "washerCatalogue.fields.templateName",
            input: <Input allowClear maxLength={64} data-testid="control-template-search" />,
          },
          ...commonFilterFields(),
        ]}
        initialValues={{ sort: "newest" }}
        onSearch={(values) =>
          setFilters({ ...(values.name?.trim() ? { name: values.name.trim() } : {}), ...commonFilters(values) })
        }
        testId="control-template-filters"
      />
      {can("dev_control") && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          style={{ marginBottom: 12 }}
          onClick={dialog.openNew}
          data-testid="control-template-add"
        >
          {t("washerCatalogue.addTemplate")}
        </Button>
      )}
      <DataTable
        contract={API.washerCatalogue.controlTemplates}
        filters={filters}
        columns={[...columns(timeZone), ...actions]}
        rowKey={(row) => row.id}
        title={t("washerCatalogue.tabs.controlTemplates")}
        emptyText={t("washerCatalogue.emptyTemplates")}
        testId="control-template-table"
      />
      {dialog.state && <ControlTemplateDialog template={dialog.state.record} onClose={dialog.close} />}
    </>
  );
}
