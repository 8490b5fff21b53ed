import { formatTimestamp, wallClockParts } from "@washboard/shared";
import dayjs, { type Dayjs } from "dayjs";

/**
 * The pickers show wall-clock times of the vendor's time zone, whatever the browser's own: a picked
 * Dayjs is read as a wall clock there, and an instant shows as its wall clock there.
 */

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

/** The instant (epoch seconds) of a picked wall-clock time in the vendor's zone, to the minute. */
export function zonedSeconds(value: Dayjs, timeZone: string): number {
  const wall = Date.UTC(value.year(), value.month(), value.date(), value.hour(), value.minute());
  const first = offsetMs(timeZone, wall);
  let instant = wall - first;
  // Across a daylight-saving change the offset at the guess differs: take the one there.
  const second = offsetMs(timeZone, instant);
  if (second !== first) instant = wall - second;
  return Math.floor(instant / 1000);
}

/** An instant as the wall-clock time the pickers show in the vendor's zone. */
export function zonedDayjs(seconds: number, timeZone: string): Dayjs {
  return dayjs(formatTimestamp(seconds, timeZone));
}

/** An instant as "YYYY-MM-DD HH:mm" in the vendor's zone (the shared formatter, without seconds). */
export function minuteText(seconds: number, timeZone: string): string {
  return formatTimestamp(seconds, timeZone).slice(0, 16);
}
