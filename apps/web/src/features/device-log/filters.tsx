import { useQuery } from "@tanstack/react-query";
import { API, type BodyOf, LIST_PAGE_SIZE } from "@washboard/shared";
import { Select, type SelectProps } from "antd";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { i18next } from "../../app/i18n";
import { useActiveVendorId } from "../../app/session/store";
import { DateRangeField, type DateRangeValue, dateRangeSeconds } from "../../app/ui/data-table/DateRangeField";
import type { FilterField } from "../../app/ui/data-table/FilterBar";
import { deviceLabel } from "../devices/command-form";
import { useShopOptions } from "../shops/queries";
import { type DeviceEventTypeName, eventTypeOptions } from "./details-text";

/** The device log's filters: its call's payload without paging. */
export type DeviceLogFilters = Omit<BodyOf<typeof API.devices.log>, "cursor" | "page_size">;

/** What the filter form holds before it becomes the list call's filters. */
export interface DeviceLogFilterForm {
  device_id?: number;
  shop_id?: number;
  type?: DeviceEventTypeName;
  range?: DateRangeValue;
}

const t = (key: string) => i18next.t(key);

/** The vendor's devices (the first page of the most the list gives), as "name (serial)". */
export function DeviceSelect(props: SelectProps) {
  const activeVendorId = useActiveVendorId();
  const filters = {};
  const devices = useQuery({
    queryKey: queryKeys.call(API.devices.list, activeVendorId, filters, LIST_PAGE_SIZE.max, null),
    queryFn: () => call(API.devices.list, { page_size: LIST_PAGE_SIZE.max }),
    select: (result) => result.items.map((d) => ({ value: d.id, label: deviceLabel(d) })),
  });
  return (
    <Select
      {...props}
      allowClear
      showSearch={{ optionFilterProp: "label" }}
      placeholder={t("table.all")}
      loading={devices.isLoading}
      options={devices.data ?? []}
      data-testid="device-log-filter-device"
    />
  );
}

/** The shops the devices screen offers, from the same cached answer. */
export function ShopSelect(props: SelectProps) {
  const shops = useShopOptions((options) => options.shops.map((s) => ({ value: s.id, label: s.name })));
  return (
    <Select
      {...props}
      allowClear
      showSearch={{ optionFilterProp: "label" }}
      placeholder={t("table.all")}
      loading={shops.isLoading}
      options={shops.data ?? []}
      data-testid="device-log-filter-shop"
    />
  );
}

/**
 * The filter fields; the device and shop selects only for an account that may read the device
 * list and the shop names, so that no refused call runs behind them.
 */
export function deviceLogFilterFields(timeZone: string, allowed: { devices: boolean; shops: boolean }): FilterField[] {
  const fields: FilterField[] = [];
  if (allowed.devices) fields.push({ name: "device_id", labelKey: "devices.fields.device", input: <DeviceSelect /> });
  if (allowed.shops) fields.push({ name: "shop_id", labelKey: "devices.fields.shop", input: <ShopSelect /> });
  fields.push(
    {
      name: "type",
      labelKey: "deviceLog.columns.type",
      input: (
        <Select
          allowClear
          placeholder={t("table.all")}
          options={eventTypeOptions()}
          data-testid="device-log-filter-type"
        />
      ),
    },
    {
      name: "range",
      labelKey: "operationLog.filters.dateRange",
      wide: true,
      input: <DateRangeField timeZone={timeZone} data-testid="device-log-date-range" />,
    },
  );
  return fields;
}

/** The form's values as the list call's filters; an empty field is no filter. */
export function toDeviceLogFilters(form: DeviceLogFilterForm, timeZone: string): DeviceLogFilters {
  return {
    ...(form.device_id ? { device_id: form.device_id } : {}),
    ...(form.shop_id ? { shop_id: form.shop_id } : {}),
    ...(form.type ? { type: form.type } : {}),
    ...dateRangeSeconds(form.range, timeZone),
  };
}
