import { addMonths, localDate, nowSeconds } from "@washboard/shared";
import { DatePicker } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { DateRangeField, type DateRangeValue } from "../../app/ui/data-table/DateRangeField";
import type { FilterField } from "../../app/ui/data-table/FilterBar";
import { DeviceSelect, ShopSelect } from "../device-log/filters";

/** The vendor's today, "YYYY-MM-DD". */
export const todayIn = (timeZone: string) => localDate(nowSeconds(), timeZone);

/** A day range's form value from calendar days. */
export const dayRangeValue = (from: string, to: string): [Dayjs, Dayjs] => [dayjs(from), dayjs(to)];

export interface DayFilterForm {
  range?: DateRangeValue;
  shop_id?: number;
  device_id?: number;
}

export interface MonthFilterForm {
  months?: [Dayjs | null, Dayjs | null] | null;
  shop_id?: number;
}

/**
 * A report's period as whole days (spec §9 quick ranges), its shop when the account may name shops,
 * and a machine for the reports whose figures come from machines when it may list them.
 */
export function dayFilterFields(timeZone: string, shops: boolean, machines = false): FilterField[] {
  return [
    {
      name: "range",
      labelKey: "revenue.period",
      wide: true,
      input: <DateRangeField timeZone={timeZone} allowClear={false} data-testid="revenue-days" />,
    },
    ...(shops ? [{ name: "shop_id", labelKey: "revenue.shop", input: <ShopSelect /> }] : []),
    ...(machines ? [{ name: "device_id", labelKey: "devices.fields.device", input: <DeviceSelect /> }] : []),
  ];
}

export function monthFilterFields(shops: boolean): FilterField[] {
  return [
    {
      name: "months",
      labelKey: "revenue.months",
      wide: true,
      input: <DatePicker.RangePicker picker="month" allowClear={false} data-testid="revenue-months" />,
    },
    ...(shops ? [{ name: "shop_id", labelKey: "revenue.shop", input: <ShopSelect /> }] : []),
  ];
}

/** The call's days from the form (the default period when a side is empty). */
export function toDayRange(form: DayFilterForm, fallback: { from: string; to: string }) {
  const [start, end] = form.range ?? [null, null];
  return {
    from: start ? start.format("YYYY-MM-DD") : fallback.from,
    to: end ? end.format("YYYY-MM-DD") : fallback.to,
    ...(form.shop_id ? { shop_id: form.shop_id } : {}),
    ...(form.device_id ? { device_id: form.device_id } : {}),
  };
}

export function toMonthRange(form: MonthFilterForm, fallback: { from: string; to: string }) {
  const [start, end] = form.months ?? [null, null];
  return {
    from: start ? start.format("YYYY-MM") : fallback.from,
    to: end ? end.format("YYYY-MM") : fallback.to,
    ...(form.shop_id ? { shop_id: form.shop_id } : {}),
  };
}

/** The last twelve months to this one. */
export function lastTwelveMonths(timeZone: string) {
  const month = todayIn(timeZone).slice(0, 7);
  return { from: addMonths(month, -11), to: month };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The day filter a link opens a report with (`?from=2026-11-27&to=2026-11-27&shop_id=3`: the
 * dashboard's today, a ranked shop), over the report's own range where the link names none.
 */
export function dayFormOfLink(
  values: Readonly<Record<string, string>>,
  fallback: { from: string; to: string },
): DayFilterForm {
  const from = values.from && DAY.test(values.from) ? values.from : fallback.from;
  const to = values.to && DAY.test(values.to) ? values.to : fallback.to;
  const shopId = Number(values.shop_id);
  return {
    range: dayRangeValue(from <= to ? from : to, to),
    ...(Number.isInteger(shopId) && shopId > 0 ? { shop_id: shopId } : {}),
  };
}
