import { addDays, addMonths, daysInMonth, localDate, type ReportFrequency, zonedDayStart } from "@washboard/shared";

/** Mails go at 06:00 vendor time, when the period has closed and before the operator's day starts. */
const SEND_HOUR = 6;

export interface Period {
  from: string;
  to: string;
}

export const periodText = (p: Period) => `${p.from}..${p.to}`;

/** 1 for Monday … 7 for Sunday, of a calendar day. */
function isoWeekday(day: string): number {
  return ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** The last whole period before the vendor's today: last Monday–Sunday, or last calendar month. */
export function lastWholePeriod(frequency: ReportFrequency, today: string): Period {
  if (frequency === "weekly") {
    const from = addDays(today, 1 - isoWeekday(today) - 7);
    return { from, to: addDays(from, 6) };
  }
  const month = addMonths(today.slice(0, 7), -1);
  return { from: `${month}-01`, to: `${month}-${String(daysInMonth(month)).padStart(2, "0")}` };
}

/** The next sending time strictly after `nowSeconds`: the next Monday or 1st, 06:00 in the zone. */
export function nextRunAt(frequency: ReportFrequency, nowSeconds: number, timeZone: string): Date {
  const today = localDate(nowSeconds, timeZone);
  const at = (day: string) => zonedDayStart(day, timeZone) + SEND_HOUR * 3600;
  let day = frequency === "weekly" ? addDays(today, (8 - isoWeekday(today)) % 7) : `${today.slice(0, 7)}-01`;
  while (at(day) <= nowSeconds) {
    day = frequency === "weekly" ? addDays(day, 7) : `${addMonths(day.slice(0, 7), 1)}-01`;
  }
  return new Date(at(day) * 1000);
}
