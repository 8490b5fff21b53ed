import { type OrderListFilters, PAY_STATUSES, REFUND_STATUSES } from "@washboard/shared";
import { Input, Select } from "antd";
import { i18next } from "../../app/i18n";
import { DateRangeField, type DateRangeValue, dateRangeSeconds } from "../../app/ui/data-table/DateRangeField";
import type { FilterField } from "../../app/ui/data-table/FilterBar";
import { DeviceSelect, ShopSelect } from "../device-log/filters";

/** What the filter form holds before it becomes the list call's filters. */
export interface OrderFilterForm {
  range?: DateRangeValue;
  shop_id?: number;
  device_id?: number;
  pay_status?: (typeof PAY_STATUSES)[number];
  refund_status?: (typeof REFUND_STATUSES)[number];
  search?: string;
}

const t = (key: string) => i18next.t(key);

/** Every order screen's filters (spec §7 "Orders"): dates in the vendor's zone, shop, machine, states, number. */
export function orderFilterFields(timeZone: string, allowed: { devices: boolean; shops: boolean }): FilterField[] {
  const fields: FilterField[] = [
    {
      name: "range",
      labelKey: "operationLog.filters.dateRange",
      wide: true,
      input: <DateRangeField timeZone={timeZone} data-testid="orders-date-range" />,
    },
  ];
  if (allowed.shops) fields.push({ name: "shop_id", labelKey: "devices.fields.shop", input: <ShopSelect /> });
  if (allowed.devices) fields.push({ name: "device_id", labelKey: "devices.fields.device", input: <DeviceSelect /> });
  fields.push(
    {
      name: "pay_status",
      labelKey: "orders.columns.payStatus",
      input: (
        <Select
          allowClear
          placeholder={t("table.all")}
          options={PAY_STATUSES.map((s) => ({ value: s, label: t(`orders.payStatus.${s}`) }))}
          data-testid="orders-filter-pay"
        />
      ),
    },
    {
      name: "refund_status",
      labelKey: "orders.columns.refundStatus",
      input: (
        <Select
          allowClear
          placeholder={t("table.all")}
          options={REFUND_STATUSES.map((s) => ({ value: s, label: t(`orders.refundStatus.${s}`) }))}
          data-testid="orders-filter-refund"
        />
      ),
    },
    {
      name: "search",
      labelKey: "orders.filters.number",
      input: (
        <Input allowClear maxLength={64} placeholder={t("orders.filters.numberHint")} data-testid="orders-search" />
      ),
    },
  );
  return fields;
}

export function toOrderFilters(form: OrderFilterForm, timeZone: string): OrderListFilters {
  const search = form.search?.trim();
  return {
    ...dateRangeSeconds(form.range, timeZone),
    ...(form.shop_id ? { shop_id: form.shop_id } : {}),
    ...(form.device_id ? { device_id: form.device_id } : {}),
    ...(form.pay_status ? { pay_status: form.pay_status } : {}),
    ...(form.refund_status ? { refund_status: form.refund_status } : {}),
    ...(search ? { search } : {}),
  };
}
