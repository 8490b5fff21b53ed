import { PlusOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { API, formatTimestamp, type LocationItem, type NameSort } from "@washboard/shared";
import { Button, Card, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { toastSuccess } from "../../app/feedback/toast";
import { useSession } from "../../app/session/store";
import { useCan } from "../../app/session/useCan";
import { useConfirm } from "../../app/ui/confirm";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import { actionsColumn } from "../../app/ui/data-table/row-actions";
import { sortFilter, sortFilterField } from "../../app/ui/data-table/sort-field";
import type { DataColumn } from "../../app/ui/data-table/types";
import { LocationDialog } from "./LocationDialog";
import { refreshLocations } from "./queries";

interface Filters {
  name?: string;
  sort?: NameSort;
}

/** /shop/location: the vendor's locations (areas its shops are grouped by); levels 3 and 4. */
export default function LocationsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const confirm = useConfirm();
  const timeZone = useSession()?.accountInfo?.common_info.time_zone ?? "UTC";
  const [filters, setFilters] = useState<Filters>({});
  const [dialog, setDialog] = useState<{ location: LocationItem | null } | null>(null);

  const remove = useMutation({
    mutationFn: (row: LocationItem) => call(API.location.remove, { id: row.id }),
    onSuccess: async () => {
      toastSuccess("success.delete");
      await refreshLocations();
    },
  });
  const askRemove = async (row: LocationItem) => {
    const content = row.shop_count > 0 ? t("locations.hasShops", { shops: row.shop_count }) : undefined;
    if (await confirm({ title: t("locations.confirmRemove", { name: row.name }), content, danger: true })) {
      remove.mutate(row);
    }
  };

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
        onClick: (row) => setDialog({ location: row }),
      },
      {
        labelKey: "locations.removeAction",
        testId: "location-remove",
        danger: true,
        allowed: can("loc_remove"),
        onClick: (row) => void askRemove(row),
      },
    ]),
  ];

  return (
    <Card
      data-testid="locations-page"
      extra={
        can("loc_add") && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ location: null })}
            data-testid="location-add"
          >
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
        contract={API.location.list}
        filters={filters}
        columns={columns}
        rowKey={(row) => row.id}
        title={t("routes.location")}
        emptyText={t("locations.empty")}
        testId="location-table"
      />
      <LocationDialog open={dialog !== null} location={dialog?.location ?? null} onClose={() => setDialog(null)} />
    </Card>
  );
}
