import { localDate, nowSeconds, zonedDayEnd, zonedDayStart } from "@washboard/shared";
import { DatePicker } from "antd";
import type { RangePickerProps } from "antd/es/date-picker";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";

export type DateRangeValue = [Dayjs | null, Dayjs | null] | null | undefined;

/** Spec §9 quick ranges, ending today in the vendor's time zone. */
function quickRanges(timeZone: string, t: (key: string) => string): RangePickerProps["presets"] {
  const today = dayjs(localDate(nowSeconds(), timeZone));
  return [
    { label: t("table.lastWeek"), value: [today.subtract(1, "week"), today] },
    { label: t("table.lastMonth"), value: [today.subtract(1, "month"), today] },
    { label: t("table.lastThreeMonths"), value: [today.subtract(3, "month"), today] },
  ];
}

/**
 * A date range of whole days with the quick ranges. Month and day names follow the interface
 * language through the Ant Design locale of the ConfigProvider.
 */
export function DateRangeField({ timeZone, ...props }: RangePickerProps & { timeZone: string }) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      presets={quickRanges(timeZone, t)}
      allowEmpty={[true, true]}
      classNames={{ popup: "date-range-popup" }}
      {...props}
    />
  );
}

/** The picked days as an inclusive range of epoch seconds in the vendor's time zone. */
export function dateRangeSeconds(range: DateRangeValue, timeZone: string): { from?: number; to?: number } {
  const [start, end] = range ?? [null, null];
  return {
    ...(start ? { from: zonedDayStart(start.format("YYYY-MM-DD"), timeZone) } : {}),
    ...(end ? { to: zonedDayEnd(end.format("YYYY-MM-DD"), timeZone) } : {}),
  };
}
