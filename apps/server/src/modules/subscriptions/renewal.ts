import { localDate, zonedDayStart } from "@washboard/shared";

/**
 * A machine's end date after renewing it for `years`: from its current end when that is still
 * ahead, else from now (an expired machine gets its years from today, not from the day it lapsed).
 * Calendar years in the vendor's time zone: the same day of the month at the same local time, and
 * 29 February lands on 28 February in a common year.
 */
export function renewedUntil(current: Date | null, now: Date, years: number, timeZone: string): Date {
  const base = current && current.getTime() > now.getTime() ? current : now;
  const seconds = Math.floor(base.getTime() / 1000);
  const day = localDate(seconds, timeZone);
  // Where in its local day the base falls, kept on the new day (milliseconds included).
  const intoDay = base.getTime() - zonedDayStart(day, timeZone) * 1000;
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const targetYear = year + years;
  const lastOfMonth = new Date(Date.UTC(targetYear, month, 0)).getUTCDate();
  const target = `${targetYear}-${String(month).padStart(2, "0")}-${String(Math.min(date, lastOfMonth)).padStart(2, "0")}`;
  return new Date(zonedDayStart(target, timeZone) * 1000 + intoDay);
}
