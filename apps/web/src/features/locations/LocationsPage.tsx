import { API, formatTimestamp, type LocationItem, type NameSort } from "@washboard/shared";
import { Input } from "antd";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session/useCan";
import { useTimeZone } from "../../app/session/useTimeZone";
import { useRemoveAction } from "../../app/ui/data-table/confirmed-actions";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import { sortFilter, sortFilterField } from "../../app/ui/data-table/sort-field";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ListScreen } from "../../app/ui/ListScreen";
import { LocationDialog } from "./LocationDialog";

interface Filters {
  name?: string;
  sort?: NameSort;
}

/** /shop/location: the vendor's locations (areas its shops are grouped by); levels 3 and 4. */
export default function LocationsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const timeZone = useTimeZone();

  const remove = useRemoveAction(API.locations.remove, {
    labelKey: "locations.removeAction",
    testId: "location-remove",
    allowed: can("loc_remove"),
    body: (row: LocationItem) => ({ id: row.id }),
    confirm: (row) => ({
      title: t("locations.confirmRemove", { name: row.name }),
      content: row.shop_count > 0 ? t("locations.hasShops", { shops: row.shop_count }) : undefined,
    }),
  });

  const columns: DataColumn<LocationItem>[] = [
    { key: "name", titleKey: "locations.fields.name", dataIndex: "name" },
    { key: "address", titleKey: "locations.fields.address", dataIndex: "address", ellipsis: true },
    { key: "shops", titleKey: "locations.fields.shopCount", text: (r) => String(r.shop_count) },
    { key: "created", titleKey: "locations.fields.createdAt", text: (r) => formatTimestamp(r.created_at, timeZone) },
  ];

  return (
    <ListScreen
      testId="locations-page"
      contract={API.locations.list}
      filters={{
        fields: [
          { name: "name", labelKey: "locations.fields.name", input: <Input allowClear maxLength={64} /> },
          sortFilterField(),
        ],
        initialValues: { sort: "newest" },
        toFilters: ({ sort, ...values }: Filters) => ({ ...presentFilters(values), ...sortFilter(sort) }),
        testId: "location-filters",
      }}
      columns={columns}
      dialog={(location, close) => <LocationDialog location={location} onClose={close} />}
      add={{ labelKey: "locations.add", testId: "location-add", allowed: can("loc_add") }}
      edit={{ labelKey: "locations.editAction", testId: "location-edit", allowed: can("loc_modify") }}
      rowActions={[remove]}
      table={{ testId: "location-table", emptyText: t("locations.empty") }}
    />
  );
}
