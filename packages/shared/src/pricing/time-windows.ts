import { wallClockParts } from "../format/time.js";

/**
 * Time-of-day prices as both the server's pricing engine and a machine read them: which window a
 * local moment falls in, and the price it gives. One rule for both, so a coin paid at the machine
 * buys what the pay page charges at the same minute (docs/pricing.md).
 */

/** A day of the week as `Date#getDay` counts: 0 Sunday … 6 Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** A local moment: its weekday and minute of the day. */
export interface LocalMoment {
  weekday: Weekday;
  minute: number;
}

/**
 * On `days`, from `fromMinute` to `toMinute` of the local day: a `toMinute` not after `fromMinute`
 * crosses midnight, and its minutes after midnight belong to the day the window started.
 */
export interface TimeWindow {
  days: readonly number[];
  fromMinute: number;
  toMinute: number;
  change: { percentOff: number } | { price: number };
}

export function localMomentInZone(at: Date, timeZone: string): LocalMoment {
  const parts = wallClockParts(at.getTime(), timeZone);
  const weekday = new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day))).getUTCDay();
  return { weekday: weekday as Weekday, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** A zone's offset from UTC at an instant, in minutes east of UTC (+480 for Kuala Lumpur). */
export function utcOffsetMinutes(at: Date, timeZone: string): number {
  const p = wallClockParts(at.getTime(), timeZone);
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/** A machine's local moment: its clock shifted by the UTC offset it was given (minutes east of UTC). */
export function localMomentAtOffset(at: Date, offsetMinutes: number): LocalMoment {
  const local = new Date(at.getTime() + offsetMinutes * 60_000);
  return { weekday: local.getUTCDay() as Weekday, minute: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

export function inWindow(window: TimeWindow, { weekday, minute }: LocalMoment): boolean {
  const { fromMinute: from, toMinute: to } = window;
  if (from < to) return window.days.includes(weekday) && minute >= from && minute < to;
  const previous = (weekday + 6) % 7;
  return (window.days.includes(weekday) && minute >= from) || (window.days.includes(previous) && minute < to);
}

/** What a window makes of a list price: a percentage off (the share rounded down), or its fixed price. */
export function windowPrice(listPrice: number, change: TimeWindow["change"]): number {
  if ("price" in change) return Math.max(0, change.price);
  return listPrice - Math.floor((listPrice * change.percentOff) / 100);
}

/** Of the windows a moment falls in, the one giving the lowest price, and that price. */
export function lowestWindow<W extends TimeWindow>(
  windows: readonly W[],
  listPrice: number,
  moment: LocalMoment,
): { window: W; price: number } | undefined {
  let best: { window: W; price: number } | undefined;
  for (const window of windows) {
    if (!inWindow(window, moment)) continue;
    const price = windowPrice(listPrice, window.change);
    if (!best || price < best.price) best = { window, price };
  }
  return best;
}
