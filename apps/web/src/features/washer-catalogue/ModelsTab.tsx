import {
  API,
  formatTimestamp,
  MACHINE_TYPES,
  type MachineType,
  machineTypeLabelKey,
  type WasherModelItem,
} from "@washboard/shared";
import { Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { i18next } from "../../app/i18n";
import { useCan } from "../../app/session/useCan";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import { sortFilter } from "../../app/ui/data-table/sort-field";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ListScreen } from "../../app/ui/ListScreen";
import { type CommonFilters, commonFilterFields, originColumn, useCatalogueActions } from "./catalogue-ui";
import { useCatalogueOptions } from "./queries";
import { WasherModelDialog } from "./WasherModelDialog";

interface Filters extends CommonFilters {
  brand_id?: number;
  name?: string;
  machine_type?: MachineType;
}

function columns(timeZone: string): DataColumn<WasherModelItem>[] {
  return [
    { key: "name", titleKey: "washerCatalogue.fields.modelName", dataIndex: "name" },
    { key: "brand", titleKey: "washerCatalogue.fields.brand", dataIndex: "brand" },
    {
      key: "machineType",
      titleKey: "washerCatalogue.fields.machineType",
      text: (r) => i18next.t(machineTypeLabelKey(r.machine_type)),
    },
    {
      key: "template",
      titleKey: "washerCatalogue.fields.controlTemplate",
      text: (r) => r.control_template ?? i18next.t("washerCatalogue.fields.noTemplate"),
    },
    originColumn<WasherModelItem>(),
    {
      key: "created",
      titleKey: "washerCatalogue.fields.createdAt",
      text: (r) => formatTimestamp(r.created_at, timeZone),
    },
  ];
}

export function ModelsTab({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const options = useCatalogueOptions();

  const { edit, remove } = useCatalogueActions("washer-model", {
    contract: API.washerCatalogue.removeModel,
    body: (row: WasherModelItem) => ({ id: row.id }),
    confirmTitle: (row) => t("washerCatalogue.confirmRemoveModel", { name: row.name }),
  });

  return (
    <ListScreen
      bare
      contract={API.washerCatalogue.models}
      filters={{
        fields: [
          {
            name: "brand_id",
            labelKey: "washerCatalogue.fields.brand",
            input: (
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder={t("table.all")}
                options={(options.data?.brands ?? []).map((b) => ({ value: b.id, label: b.name }))}
                data-testid="washer-model-filter-brand"
              />
            ),
          },
          {
            name: "name",
            labelKey: "washerCatalogue.fields.modelName",
            input: <Input allowClear maxLength={64} data-testid="washer-model-search" />,
          },
          {
            name: "machine_type",
            labelKey: "washerCatalogue.fields.machineType",
            input: (
              <Select
                allowClear
                placeholder={t("table.all")}
                options={MACHINE_TYPES.map((type) => ({ value: type, label: t(machineTypeLabelKey(type)) }))}
              />
            ),
          },
          ...commonFilterFields(),
        ],
        initialValues: { sort: "newest" },
        toFilters: ({ sort, ...values }: Filters) => ({ ...presentFilters(values), ...sortFilter(sort) }),
        testId: "washer-model-filters",
      }}
      columns={columns(timeZone)}
      dialog={(model, close) => <WasherModelDialog model={model} onClose={close} />}
      add={{ labelKey: "washerCatalogue.addModel", testId: "washer-model-add", allowed: can("dev_control") }}
      edit={edit}
      rowActions={[remove]}
      table={{
        testId: "washer-model-table",
        emptyText: t("washerCatalogue.emptyModels"),
        title: t("washerCatalogue.tabs.models"),
      }}
    />
  );
}
