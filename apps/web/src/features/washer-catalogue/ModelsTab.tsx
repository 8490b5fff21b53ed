import { PlusOutlined } from "@ant-design/icons";
import {
  API,
  formatTimestamp,
  MACHINE_TYPES,
  type MachineType,
  machineTypeLabelKey,
  type WasherModelItem,
} from "@washboard/shared";
import { Button, Input, Select } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { i18next } from "../../app/i18n";
import { useCan } from "../../app/session/useCan";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import type { DataColumn } from "../../app/ui/data-table/types";
import { useDialog } from "../../app/ui/useDialog";
import {
  type CommonFilters,
  commonFilterFields,
  commonFilters,
  originColumn,
  useCatalogueActions,
} from "./catalogue-ui";
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
  const [filters, setFilters] = useState<Filters>({});
  const dialog = useDialog<WasherModelItem>();

  const actions = useCatalogueActions("washer-model", dialog.openEdit, {
    contract: API.washerCatalogue.removeModel,
    body: (row: WasherModelItem) => ({ id: row.id }),
    confirmTitle: (row) => t("washerCatalogue.confirmRemoveModel", { name: row.name }),
  });

  return (
    <>
      <FilterBar<Filters>
        fields={[
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
        ]}
        initialValues={{ sort: "newest" }}
        onSearch={(values) =>
          setFilters({
            ...(values.brand_id ? { brand_id: values.brand_id } : {}),
            ...(values.name?.trim() ? { name: values.name.trim() } : {}),
            ...(values.machine_type ? { machine_type: values.machine_type } : {}),
            ...commonFilters(values),
          })
        }
        testId="washer-model-filters"
      />
      {can("dev_control") && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          style={{ marginBottom: 12 }}
          onClick={dialog.openNew}
          data-testid="washer-model-add"
        >
          {t("washerCatalogue.addModel")}
        </Button>
      )}
      <DataTable
        contract={API.washerCatalogue.models}
        filters={filters}
        columns={[...columns(timeZone), ...actions]}
        rowKey={(row) => row.id}
        title={t("washerCatalogue.tabs.models")}
        emptyText={t("washerCatalogue.emptyModels")}
        testId="washer-model-table"
      />
      {dialog.state && <WasherModelDialog model={dialog.state.record} onClose={dialog.close} />}
    </>
  );
}
