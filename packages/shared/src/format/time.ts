/**
 * Timestamps travel in seconds (spec §9) and show as YYYY-MM-DD HH:mm:ss in the vendor's IANA
 * time zone.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock fields (zero-padded) of an instant in a time zone. */
export function wallClockParts(instantMs: number, timeZone: string): Record<Intl.DateTimeFormatPartTypes, string> {
  return Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(instantMs))
      .map((p) => [p.type, p.value]),
  ) as Record<Intl.DateTimeFormatPartTypes, string>;
}

export function formatTimestamp(seconds: number, timeZone = "UTC"): string {
  const parts = wallClockParts(seconds * 1000, timeZone);
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone: what "today" means for a vendor. */
export function localDate(seconds: number, timeZone: string): string {
  return formatTimestamp(seconds, timeZone).slice(0, 10);
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
