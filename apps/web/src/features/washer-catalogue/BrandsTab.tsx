import { PlusOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { API, formatTimestamp, type WasherBrandItem } from "@washboard/shared";
import { Button, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { toastSuccess } from "../../app/feedback/toast";
import { useCan } from "../../app/session/useCan";
import { useConfirm } from "../../app/ui/confirm";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import type { DataColumn } from "../../app/ui/data-table/types";
import { type CommonFilters, commonFilterFields, commonFilters, originColumn, useActionsColumn } from "./catalogue-ui";
import { refreshCatalogue } from "./queries";
import { WasherBrandDialog } from "./WasherBrandDialog";

interface Filters extends CommonFilters {
  name?: string;
}

/** The logo as a small picture; the link stays the exported text. */
function Logo({ row }: { row: WasherBrandItem }) {
  return <img src={row.logo_url} alt={row.brand} style={{ height: 24, maxWidth: 120, objectFit: "contain" }} />;
}

function columns(timeZone: string): DataColumn<WasherBrandItem>[] {
  return [
    {
      key: "logo",
      titleKey: "washerCatalogue.fields.logo",
      text: (r) => r.logo_url,
      render: (r) => <Logo row={r} />,
    },
    { key: "brand", titleKey: "washerCatalogue.fields.brand", dataIndex: "brand" },
    { key: "manufacturer", titleKey: "washerCatalogue.fields.manufacturer", dataIndex: "manufacturer" },
    { key: "alias", titleKey: "washerCatalogue.fields.alias", dataIndex: "alias" },
    { key: "models", titleKey: "washerCatalogue.fields.modelCount", dataIndex: "model_count" },
    originColumn<WasherBrandItem>(),
    { key: "logoUrl", titleKey: "washerCatalogue.fields.logoUrl", dataIndex: "logo_url", ellipsis: true },
    {
      key: "created",
      titleKey: "washerCatalogue.fields.createdAt",
      text: (r) => formatTimestamp(r.created_at, timeZone),
    },
  ];
}

export function BrandsTab({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const can = useCan();
  const [filters, setFilters] = useState<Filters>({});
  const [dialog, setDialog] = useState<{ brand: WasherBrandItem | null } | null>(null);

  const remove = useMutation({
    mutationFn: (row: WasherBrandItem) => call(API.washerCatalogue.removeBrand, { id: row.id }),
    onSuccess: async () => {
      toastSuccess("success.delete");
      await refreshCatalogue();
    },
  });
  const actions = useActionsColumn<WasherBrandItem>(
    (row) => setDialog({ brand: row }),
    async (row) => {
      const title = t("washerCatalogue.confirmRemoveBrand", { name: row.brand });
      if (await confirm({ title, danger: true })) remove.mutate(row);
    },
    "washer-brand",
  );

  return (
    <>
      <FilterBar<Filters>
        fields={[
          {
            name: "name",
            labelKey: "washerCatalogue.fields.search",
            input: <Input allowClear maxLength={128} data-testid="washer-brand-search" />,
          },
          ...commonFilterFields(),
        ]}
        initialValues={{ sort: "newest" }}
        onSearch={(values) =>
          setFilters({ ...(values.name?.trim() ? { name: values.name.trim() } : {}), ...commonFilters(values) })
        }
        testId="washer-brand-filters"
      />
      {can("dev_control") && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          style={{ marginBottom: 12 }}
          onClick={() => setDialog({ brand: null })}
          data-testid="washer-brand-add"
        >
          {t("washerCatalogue.addBrand")}
        </Button>
      )}
      <DataTable
        contract={API.washerCatalogue.brands}
        filters={filters}
        columns={[...columns(timeZone), ...actions]}
        rowKey={(row) => row.id}
        title={t("washerCatalogue.tabs.brands")}
        emptyText={t("washerCatalogue.emptyBrands")}
        testId="washer-brand-table"
      />
      <WasherBrandDialog open={dialog !== null} brand={dialog?.brand ?? null} onClose={() => setDialog(null)} />
    </>
  );
}
