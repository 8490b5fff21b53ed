import { PlusOutlined } from "@ant-design/icons";
import { useMutation, useQuery } from "@tanstack/react-query";
import { API, type BrandItem, ENABLED_STATUS, formatTimestamp } from "@washboard/shared";
import { Button, Card, Input, Select, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { toastSuccess } from "../../app/feedback/toast";
import { i18next } from "../../app/i18n";
import { useSession } from "../../app/session/store";
import { useConfirm } from "../../app/ui/confirm";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar, type FilterField } from "../../app/ui/data-table/FilterBar";
import { actionsColumn } from "../../app/ui/data-table/row-actions";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ImageThumb } from "../../app/ui/ImageUpload";
import { enabledStatusLabel } from "../../app/ui/status-label";
import { BrandDialog } from "./BrandDialog";
import { refreshBrands } from "./queries";

interface Filters {
  name?: string;
  status?: 0 | 1;
}

function brandColumns(timeZone: string): DataColumn<BrandItem>[] {
  return [
    {
      key: "logo",
      titleKey: "brands.fields.logo",
      text: (r) => r.logo[0] ?? "",
      render: (r) => <ImageThumb imageKey={r.logo[0]} alt={r.name} />,
    },
    {
      key: "icon",
      titleKey: "brands.fields.icon",
      text: (r) => r.icon[0] ?? "",
      render: (r) => <ImageThumb imageKey={r.icon[0]} alt={r.name} />,
    },
    { key: "name", titleKey: "brands.fields.name", dataIndex: "name" },
    { key: "longitude", titleKey: "brands.fields.longitude", dataIndex: "longitude" },
    { key: "latitude", titleKey: "brands.fields.latitude", dataIndex: "latitude" },
    { key: "serviceTime", titleKey: "brands.fields.serviceTime", dataIndex: "service_time" },
    { key: "country", titleKey: "brands.fields.country", dataIndex: "country" },
    { key: "province", titleKey: "brands.fields.province", dataIndex: "province" },
    { key: "city", titleKey: "brands.fields.city", dataIndex: "city" },
    { key: "address", titleKey: "brands.fields.address", dataIndex: "address", ellipsis: true },
    { key: "manager", titleKey: "brands.fields.manager", dataIndex: "manager" },
    { key: "region", titleKey: "brands.fields.region", dataIndex: "region" },
    { key: "phone", titleKey: "brands.fields.contactPhone", dataIndex: "contact_phone" },
    {
      key: "status",
      titleKey: "brands.fields.status",
      text: (r) => enabledStatusLabel(r.status),
      render: (r) => (
        <Tag color={r.status === ENABLED_STATUS.enabled ? "green" : "default"} data-testid="brand-status">
          {enabledStatusLabel(r.status)}
        </Tag>
      ),
    },
    { key: "created", titleKey: "brands.fields.createdAt", text: (r) => formatTimestamp(r.created_at, timeZone) },
  ];
}

function filterFields(): FilterField[] {
  const t = i18next.t;
  return [
    { name: "name", labelKey: "brands.fields.name", input: <Input allowClear maxLength={64} /> },
    {
      name: "status",
      labelKey: "brands.fields.status",
      input: (
        <Select
          allowClear
          placeholder={t("table.all")}
          options={[
            { value: ENABLED_STATUS.enabled, label: t("common.enabled") },
            { value: ENABLED_STATUS.disabled, label: t("common.disabled") },
          ]}
        />
      ),
    },
  ];
}

/** /brands/brands: the group's brands, capped per group; levels 6 and 7. */
export default function BrandsPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const user = useSession();
  const timeZone = user?.accountInfo?.common_info.time_zone ?? "UTC";
  const [filters, setFilters] = useState<Filters>({});
  const [dialog, setDialog] = useState<{ brand: BrandItem | null } | null>(null);

  // The group's usage of its cap: total and brand_limit of an unfiltered one-row page.
  const usage = useQuery({
    queryKey: ["list", API.brand.list.path, "usage"],
    queryFn: () => call(API.brand.list, { page_size: 1 }),
  });
  const full = usage.data !== undefined && usage.data.total >= usage.data.brand_limit;

  const setStatus = useMutation({
    mutationFn: (row: BrandItem) =>
      call(API.brand.setStatus, {
        id: row.id,
        status: row.status === ENABLED_STATUS.enabled ? ENABLED_STATUS.disabled : ENABLED_STATUS.enabled,
      }),
    onSuccess: async () => {
      toastSuccess("success.set");
      await refreshBrands();
    },
  });
  const remove = useMutation({
    mutationFn: (row: BrandItem) => call(API.brand.remove, { id: row.id }),
    onSuccess: async () => {
      toastSuccess("success.delete");
      await refreshBrands();
    },
  });

  const askStatus = async (row: BrandItem) => {
    const enabling = row.status !== ENABLED_STATUS.enabled;
    const ok = await confirm({
      title: t(enabling ? "brands.confirmEnable" : "brands.confirmDisable", { name: row.name }),
      danger: !enabling,
    });
    if (ok) setStatus.mutate(row);
  };
  const askRemove = async (row: BrandItem) => {
    if (await confirm({ title: t("brands.confirmRemove", { name: row.name }), danger: true })) remove.mutate(row);
  };

  const columns: DataColumn<BrandItem>[] = [
    ...brandColumns(timeZone),
    ...actionsColumn<BrandItem>([
      { labelKey: "brands.editAction", testId: "brand-edit", onClick: (row) => setDialog({ brand: row }) },
      {
        labelKey: (row) => (row.status === ENABLED_STATUS.enabled ? "brands.disable" : "brands.enable"),
        testId: "brand-toggle",
        onClick: (row) => void askStatus(row),
      },
      { labelKey: "brands.removeAction", testId: "brand-remove", danger: true, onClick: (row) => void askRemove(row) },
    ]),
  ];

  return (
    <Card data-testid="brands">
      <FilterBar<Filters>
        fields={filterFields()}
        onSearch={(values) =>
          setFilters({
            ...(values.name?.trim() ? { name: values.name.trim() } : {}),
            ...(values.status !== undefined && values.status !== null ? { status: values.status } : {}),
          })
        }
        testId="brand-filters"
      />
      <Space style={{ marginBottom: 12 }} wrap>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ brand: null })}
          disabled={full}
          title={full ? t("errors.BRAND_LIMIT") : undefined}
          data-testid="brand-add"
        >
          {t("brands.add")}
        </Button>
        {usage.data && (
          <Typography.Text type={full ? "danger" : "secondary"} data-testid="brand-usage">
            {t("brands.usage", { count: usage.data.total, limit: usage.data.brand_limit })}
          </Typography.Text>
        )}
      </Space>
      <DataTable
        contract={API.brand.list}
        filters={filters}
        columns={columns}
        rowKey={(row) => row.id}
        title={t("routes.brands")}
        emptyText={t("brands.empty")}
        testId="brand-table"
      />
      <BrandDialog open={dialog !== null} brand={dialog?.brand ?? null} onClose={() => setDialog(null)} />
    </Card>
  );
}
