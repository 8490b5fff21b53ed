import { API, formatTimestamp, type WasherBrandItem } from "@washboard/shared";
import { Input } from "antd";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session/useCan";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import { sortFilter } from "../../app/ui/data-table/sort-field";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ListScreen } from "../../app/ui/ListScreen";
import { type CommonFilters, commonFilterFields, originColumn, useCatalogueActions } from "./catalogue-ui";
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

  const { edit, remove } = useCatalogueActions("washer-brand", {
    contract: API.washerCatalogue.removeBrand,
    body: (row: WasherBrandItem) => ({ id: row.id }),
    confirmTitle: (row) => t("washerCatalogue.confirmRemoveBrand", { name: row.brand }),
  });

  return (
    <ListScreen
      bare
      contract={API.washerCatalogue.brands}
      filters={{
        fields: [
          {
            name: "name",
            labelKey: "washerCatalogue.fields.search",
            input: <Input allowClear maxLength={128} data-testid="washer-brand-search" />,
          },
          ...commonFilterFields(),
        ],
        initialValues: { sort: "newest" },
        toFilters: ({ sort, ...values }: Filters) => ({ ...presentFilters(values), ...sortFilter(sort) }),
        testId: "washer-brand-filters",
      }}
      columns={columns(timeZone)}
      dialog={(brand, close) => <WasherBrandDialog brand={brand} onClose={close} />}
      add={{ labelKey: "washerCatalogue.addBrand", testId: "washer-brand-add", allowed: can("dev_control") }}
      edit={edit}
      rowActions={[remove]}
      table={{
        testId: "washer-brand-table",
        emptyText: t("washerCatalogue.emptyBrands"),
        title: t("washerCatalogue.tabs.brands"),
      }}
    />
  );
}
