import { PlusOutlined } from "@ant-design/icons";
import { API, formatTimestamp, type WasherBrandItem } from "@washboard/shared";
import { Button, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
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
  const can = useCan();
  const [filters, setFilters] = useState<Filters>({});
  const dialog = useDialog<WasherBrandItem>();

  const actions = useCatalogueActions("washer-brand", dialog.openEdit, {
    contract: API.washerCatalogue.removeBrand,
    body: (row: WasherBrandItem) => ({ id: row.id }),
    confirmTitle: (row) => t("washerCatalogue.confirmRemoveBrand", { name: row.brand }),
  });

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
          onClick={dialog.openNew}
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
      {dialog.state && <WasherBrandDialog brand={dialog.state.record} onClose={dialog.close} />}
    </>
  );
}
