import { PlusOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
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
import { call } from "../../app/api/client";
import { toastSuccess } from "../../app/feedback/toast";
import { i18next } from "../../app/i18n";
import { useCan } from "../../app/session/useCan";
import { useConfirm } from "../../app/ui/confirm";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import type { DataColumn } from "../../app/ui/data-table/types";
import { type CommonFilters, commonFilterFields, commonFilters, originColumn, useActionsColumn } from "./catalogue-ui";
import { refreshCatalogue, useCatalogueOptions } from "./queries";
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
  const confirm = useConfirm();
  const can = useCan();
  const options = useCatalogueOptions();
  const [filters, setFilters] = useState<Filters>({});
  const [dialog, setDialog] = useState<{ model: WasherModelItem | null } | null>(null);

  const remove = useMutation({
    mutationFn: (row: WasherModelItem) => call(API.washerCatalogue.removeModel, { id: row.id }),
    onSuccess: async () => {
      toastSuccess("success.delete");
      await refreshCatalogue();
    },
  });
  const actions = useActionsColumn<WasherModelItem>(
    (row) => setDialog({ model: row }),
    async (row) => {
      if (await confirm({ title: t("washerCatalogue.confirmRemoveModel", { name: row.name }), danger: true })) {
        remove.mutate(row);
      }
    },
    "washer-model",
  );

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
          onClick={() => setDialog({ model: null })}
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
      <WasherModelDialog open={dialog !== null} model={dialog?.model ?? null} onClose={() => setDialog(null)} />
    </>
  );
}
