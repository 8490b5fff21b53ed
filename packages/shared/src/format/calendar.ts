/**
 * Arithmetic on calendar days ("YYYY-MM-DD") and months ("YYYY-MM") as written, with no time zone:
 * a vendor's day is found once (localDate) and counted from there, so no step can slip across
 * midnight or a daylight-saving change.
 */
const DAY_MS = 86_400_000;

const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return fromMs(toMs(day) + days * DAY_MS);
}

/** Every day from `from` to `to`, both included. */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let ms = toMs(from); ms <= toMs(to); ms += DAY_MS) days.push(fromMs(ms));
  return days;
}

export function addMonths(month: string, months: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + months;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** Every month from `from` to `to`, both included. */
export function monthsFrom(from: string, to: string): string[] {
  const months: string[] = [];
  for (let m = from; m <= to; m = addMonths(m, 1)) months.push(m);
  return months;
}

/** How many days the month has. */
export function daysInMonth(month: string): number {
  return (toMs(`${addMonths(month, 1)}-01`) - toMs(`${month}-01`)) / DAY_MS;
}
