import { PlusOutlined } from "@ant-design/icons";
import { API, formatTimestamp, type LocationItem, type NameSort } from "@washboard/shared";
import { Button, Card, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session/useCan";
import { useTimeZone } from "../../app/session/useTimeZone";
import { useRemoveAction } from "../../app/ui/data-table/confirmed-actions";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import { actionsColumn } from "../../app/ui/data-table/row-actions";
import { sortFilter, sortFilterField } from "../../app/ui/data-table/sort-field";
import type { DataColumn } from "../../app/ui/data-table/types";
import { useDialog } from "../../app/ui/useDialog";
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
  const [filters, setFilters] = useState<Filters>({});
  const dialog = useDialog<LocationItem>();

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
    ...actionsColumn<LocationItem>([
      {
        labelKey: "locations.editAction",
        testId: "location-edit",
        allowed: can("loc_modify"),
        onClick: dialog.openEdit,
      },
      remove,
    ]),
  ];

  return (
    <Card
      data-testid="locations-page"
      extra={
        can("loc_add") && (
          <Button type="primary" icon={<PlusOutlined />} onClick={dialog.openNew} data-testid="location-add">
            {t("locations.add")}
          </Button>
        )
      }
    >
      <FilterBar<Filters>
        fields={[
          { name: "name", labelKey: "locations.fields.name", input: <Input allowClear maxLength={64} /> },
          sortFilterField(),
        ]}
        initialValues={{ sort: "newest" }}
        onSearch={(values) =>
          setFilters({
            ...(values.name?.trim() ? { name: values.name.trim() } : {}),
            ...sortFilter(values.sort),
          })
        }
        testId="location-filters"
      />
      <DataTable
        contract={API.locations.list}
        filters={filters}
        columns={columns}
        rowKey={(row) => row.id}
        title={t("routes.location")}
        emptyText={t("locations.empty")}
        testId="location-table"
      />
      {dialog.state && <LocationDialog location={dialog.state.record} onClose={dialog.close} />}
    </Card>
  );
}
