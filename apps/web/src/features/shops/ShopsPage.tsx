import { API, formatTimestamp, type NameSort, type ShopItem, type ShopServiceType } from "@washboard/shared";
import { Input, Select, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { i18next } from "../../app/i18n";
import { useCan } from "../../app/session/useCan";
import { useTimeZone } from "../../app/session/useTimeZone";
import { useRemoveAction } from "../../app/ui/data-table/confirmed-actions";
import type { FilterField } from "../../app/ui/data-table/FilterBar";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import { sortFilter, sortFilterField } from "../../app/ui/data-table/sort-field";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ImageThumb } from "../../app/ui/ImageUpload";
import { ListScreen } from "../../app/ui/ListScreen";
import { useCapUsage } from "../../app/ui/useCapUsage";
import { useDialog } from "../../app/ui/useDialog";
import { useShopGroup, useShopOptions } from "./queries";
import { ShopChangesDrawer } from "./ShopChangesDrawer";
import { SERVICE_TYPE_KEYS, ShopDialog } from "./ShopDialog";

interface Filters {
  name?: string;
  location_id?: number;
  brand_id?: number;
  alliance_id?: number;
  service_type?: ShopServiceType;
  sort?: NameSort;
}

const yesNo = (value: boolean) => i18next.t(value ? "common.yes" : "common.no");

function shopColumns(timeZone: string): DataColumn<ShopItem>[] {
  return [
    {
      key: "icon",
      titleKey: "shops.fields.icon",
      text: (r) => r.icon[0] ?? "",
      render: (r) => <ImageThumb imageKey={r.icon[0]} alt={r.name} />,
    },
    { key: "name", titleKey: "shops.fields.name", dataIndex: "name" },
    { key: "address", titleKey: "shops.fields.address", dataIndex: "address", ellipsis: true },
    {
      key: "serviceType",
      titleKey: "shops.fields.serviceType",
      text: (r) => i18next.t(SERVICE_TYPE_KEYS[r.service_type]),
    },
    { key: "location", titleKey: "shops.fields.location", text: (r) => r.location_name ?? "" },
    { key: "brand", titleKey: "shops.fields.brand", text: (r) => r.brand_name ?? "" },
    { key: "alliance", titleKey: "shops.fields.alliance", text: (r) => r.alliance_name ?? "" },
    // Blank where the shop keeps its merchant's zone, so the shops that differ stand out.
    { key: "timeZone", titleKey: "shops.fields.timeZone", dataIndex: "time_zone", priority: "minor" },
    {
      key: "epayPoints",
      titleKey: "shops.fields.epayLaundryPoints",
      text: (r) => yesNo(r.epay_laundry_points),
      render: (r) => <Tag color={r.epay_laundry_points ? "green" : "default"}>{yesNo(r.epay_laundry_points)}</Tag>,
    },
    {
      key: "epayCards",
      titleKey: "shops.fields.epayMemberCards",
      text: (r) => yesNo(r.epay_member_cards),
      render: (r) => <Tag color={r.epay_member_cards ? "green" : "default"}>{yesNo(r.epay_member_cards)}</Tag>,
    },
    { key: "mqttHost", titleKey: "shops.fields.mqttHost", dataIndex: "mqtt_host" },
    {
      key: "mqttPort",
      titleKey: "shops.fields.mqttPort",
      text: (r) => (r.mqtt_port === null ? "" : String(r.mqtt_port)),
    },
    { key: "mqttClientId", titleKey: "shops.fields.mqttClientId", dataIndex: "mqtt_client_id" },
    { key: "productKey", titleKey: "shops.fields.productKey", dataIndex: "product_key" },
    { key: "devices", titleKey: "shops.fields.devices", text: (r) => String(r.device_count) },
    { key: "payqr", titleKey: "shops.fields.payqr", text: (r) => String(r.payqr_count) },
    { key: "created", titleKey: "shops.fields.createdAt", text: (r) => formatTimestamp(r.created_at, timeZone) },
  ];
}

/** /shop/shops: the vendor's shops, capped by its plan; levels 3 and 4 (buttons by key). */
export default function ShopsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const timeZone = useTimeZone();
  const options = useShopOptions();
  const group = useShopGroup().data;
  // The vendor's usage of its plan's cap.
  const usage = useCapUsage(API.shops.list, (page) => ({ count: page.shop_total, limit: page.shop_limit }));

  const changeLog = useDialog<ShopItem>();
  const remove = useRemoveAction(API.shops.remove, {
    labelKey: "shops.removeAction",
    testId: "shop-remove",
    allowed: can("shop_remove"),
    body: (row: ShopItem) => ({ id: row.id }),
    confirm: (row) => ({ title: t("shops.confirmRemove", { name: row.name }) }),
  });

  const choices = (items: { id: number; name: string }[] | undefined) =>
    (items ?? []).map((item) => ({ value: item.id, label: item.name }));
  const select = (items: { id: number; name: string }[] | undefined) => (
    <Select
      allowClear
      showSearch={{ optionFilterProp: "label" }}
      placeholder={t("table.all")}
      options={choices(items)}
    />
  );
  const filterFields: FilterField[] = [
    { name: "name", labelKey: "shops.fields.name", input: <Input allowClear maxLength={64} /> },
    { name: "location_id", labelKey: "shops.fields.location", input: select(options.data?.locations) },
    { name: "brand_id", labelKey: "shops.fields.brand", input: select(options.data?.brands) },
    { name: "alliance_id", labelKey: "shops.fields.alliance", input: select(options.data?.alliances) },
    {
      name: "service_type",
      labelKey: "shops.fields.serviceType",
      input: (
        <Select
          allowClear
          placeholder={t("table.all")}
          options={Object.entries(SERVICE_TYPE_KEYS).map(([value, key]) => ({ value: Number(value), label: t(key) }))}
        />
      ),
    },
    sortFilterField(),
  ];

  return (
    <ListScreen
      testId="shops-page"
      notice={
        group && (
          <Typography.Paragraph type="secondary" data-testid="shops-group">
            {t("shopGroup.line", { name: group.name, count: group.brand_count, limit: group.brand_limit })}
          </Typography.Paragraph>
        )
      }
      contract={API.shops.list}
      filters={{
        fields: filterFields,
        initialValues: { sort: "newest" },
        toFilters: ({ sort, ...values }: Filters) => ({ ...presentFilters(values), ...sortFilter(sort) }),
        testId: "shop-filters",
      }}
      columns={shopColumns(timeZone)}
      dialog={(shop, close) => <ShopDialog shop={shop} onClose={close} />}
      add={{
        labelKey: "shops.add",
        testId: "shop-add",
        allowed: can("shop_add"),
        cap: { usage, fullKey: "errors.SHOP_LIMIT", usageKey: "shops.usage", usageTestId: "shop-usage" },
      }}
      edit={{ labelKey: "shops.editAction", testId: "shop-edit", allowed: can("shop_modify") }}
      rowActions={[
        { labelKey: "shops.changeLogAction", testId: "shop-change-log", onClick: changeLog.openEdit },
        remove,
      ]}
      table={{ testId: "shop-table", emptyText: t("shops.empty") }}
    >
      {changeLog.state?.record && <ShopChangesDrawer shop={changeLog.state.record} onClose={changeLog.close} />}
    </ListScreen>
  );
}
