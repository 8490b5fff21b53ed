/**
 * Calendar days of a vendor's time zone as instants: a date range picked in the console means
 * whole days where the vendor is, whatever the browser's own zone.
 */
import { wallClockParts } from "./time.js";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The zone's offset from UTC at an instant, in milliseconds (wall clock minus UTC). */
function offsetMs(timeZone: string, instantMs: number): number {
  const p = wallClockParts(instantMs, timeZone);
  const wall = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return wall - Math.floor(instantMs / 1000) * 1000;
}

/** The first second (epoch seconds) of a calendar date "YYYY-MM-DD" in a time zone. */
export function zonedDayStart(date: string, timeZone: string): number {
  const m = DATE.exec(date);
  if (!m) throw new Error(`Not a date: ${date}`);
  const wallMidnight = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const first = offsetMs(timeZone, wallMidnight);
  let instant = wallMidnight - first;
  const second = offsetMs(timeZone, instant);
  if (second !== first) instant = wallMidnight - second;
  return Math.floor(instant / 1000);
}

/** The last second (epoch seconds) of a calendar date in a time zone: an inclusive range end. */
export function zonedDayEnd(date: string, timeZone: string): number {
  const m = DATE.exec(date);
  if (!m) throw new Error(`Not a date: ${date}`);
  const next = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1)).toISOString().slice(0, 10);
  return zonedDayStart(next, timeZone) - 1;
}
