import { API, type BrandItem, ENABLED_STATUS, formatTimestamp } from "@washboard/shared";
import { Input, Select, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { i18next } from "../../app/i18n";
import { useTimeZone } from "../../app/session/useTimeZone";
import { useRemoveAction, useToggleAction } from "../../app/ui/data-table/confirmed-actions";
import type { FilterField } from "../../app/ui/data-table/FilterBar";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ImageThumb } from "../../app/ui/ImageUpload";
import { ListScreen } from "../../app/ui/ListScreen";
import { enabledStatusLabel } from "../../app/ui/status-label";
import { useCapUsage } from "../../app/ui/useCapUsage";
import { BrandDialog } from "./BrandDialog";

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
  const timeZone = useTimeZone();
  // The group's usage of its cap.
  const usage = useCapUsage(API.brands.list, (page) => ({ count: page.total, limit: page.brand_limit }));

  const toggle = useToggleAction(API.brands.setStatus, {
    labelKeys: { enable: "brands.enable", disable: "brands.disable" },
    testId: "brand-toggle",
    isEnabled: (row: BrandItem) => row.status === ENABLED_STATUS.enabled,
    body: (row, enable) => ({ id: row.id, status: enable ? ENABLED_STATUS.enabled : ENABLED_STATUS.disabled }),
    confirm: (row, enabling) => ({
      title: t(enabling ? "brands.confirmEnable" : "brands.confirmDisable", { name: row.name }),
    }),
  });
  const remove = useRemoveAction(API.brands.remove, {
    labelKey: "brands.removeAction",
    testId: "brand-remove",
    body: (row: BrandItem) => ({ id: row.id }),
    confirm: (row) => ({ title: t("brands.confirmRemove", { name: row.name }) }),
  });

  return (
    <ListScreen
      testId="brands"
      contract={API.brands.list}
      filters={{
        fields: filterFields(),
        toFilters: (values: Filters) => presentFilters(values),
        testId: "brand-filters",
      }}
      columns={brandColumns(timeZone)}
      dialog={(brand, close) => <BrandDialog brand={brand} onClose={close} />}
      add={{
        labelKey: "brands.add",
        testId: "brand-add",
        cap: { usage, fullKey: "errors.BRAND_LIMIT", usageKey: "brands.usage", usageTestId: "brand-usage" },
      }}
      edit={{ labelKey: "brands.editAction", testId: "brand-edit" }}
      rowActions={[toggle, remove]}
      table={{ testId: "brand-table", emptyText: t("brands.empty") }}
    />
  );
}
