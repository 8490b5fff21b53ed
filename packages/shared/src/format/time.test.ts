import { afterEach, describe, expect, it, vi } from "vitest";
import { formatTimestamp, isValidTimeZone, localDate, nowSeconds } from "./time.js";

/** 2023-11-14 22:13:20 UTC. */
const KNOWN = 1_700_000_000;
/** 2023-11-14 00:00:00 UTC. */
const UTC_MIDNIGHT = 1_699_920_000;
/** 2023-06-29 00:53:20 UTC: inside the midnight hour. */
const UTC_MIDNIGHT_HOUR = 1_688_000_000;

const SHAPE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe("formatTimestamp (spec §9: seconds shown as YYYY-MM-DD HH:mm:ss)", () => {
  it("shows the epoch in UTC, and UTC is the default zone", () => {
    expect(formatTimestamp(0, "UTC")).toBe("1970-01-01 00:00:00");
    expect(formatTimestamp(0)).toBe("1970-01-01 00:00:00");
  });

  it("shows a known instant in UTC", () => {
    expect(formatTimestamp(KNOWN, "UTC")).toBe("2023-11-14 22:13:20");
  });

  it("shifts by +8h in Asia/Kuala_Lumpur, crossing into the next day", () => {
    expect(formatTimestamp(KNOWN, "Asia/Kuala_Lumpur")).toBe("2023-11-15 06:13:20");
  });

  it("shifts by +7h in Asia/Bangkok", () => {
    expect(formatTimestamp(KNOWN, "Asia/Bangkok")).toBe("2023-11-15 05:13:20");
  });

  it("follows daylight saving time in zones that have it", () => {
    expect(formatTimestamp(KNOWN, "America/New_York")).toBe("2023-11-14 17:13:20");
    expect(formatTimestamp(UTC_MIDNIGHT_HOUR, "America/New_York")).toBe("2023-06-28 20:53:20");
  });

  it('shows the midnight hour as "00", never "24"', () => {
    expect(formatTimestamp(UTC_MIDNIGHT, "UTC")).toBe("2023-11-14 00:00:00");
    expect(formatTimestamp(UTC_MIDNIGHT_HOUR, "UTC")).toBe("2023-06-29 00:53:20");
    // 16:00 UTC is midnight in Kuala Lumpur.
    expect(formatTimestamp(UTC_MIDNIGHT + 16 * 3600, "Asia/Kuala_Lumpur")).toBe("2023-11-15 00:00:00");
    expect(formatTimestamp(UTC_MIDNIGHT + 17 * 3600 + 59, "Asia/Bangkok")).toBe("2023-11-15 00:00:59");
  });

  it("pads single-digit months, days, hours, minutes and seconds", () => {
    // 2001-02-03 04:05:06 UTC
    expect(formatTimestamp(981_173_106, "UTC")).toBe("2001-02-03 04:05:06");
  });

  it("shows the last second of a day as 23:59:59", () => {
    expect(formatTimestamp(UTC_MIDNIGHT - 1, "UTC")).toBe("2023-11-13 23:59:59");
  });

  it("ignores fractions of a second", () => {
    expect(formatTimestamp(KNOWN + 0.999, "UTC")).toBe("2023-11-14 22:13:20");
  });

  it("always has the YYYY-MM-DD HH:mm:ss shape, whatever the zone", () => {
    for (const tz of ["UTC", "Asia/Kuala_Lumpur", "Asia/Bangkok", "Asia/Tokyo", "Europe/Berlin", "America/Sao_Paulo"]) {
      for (const t of [0, UTC_MIDNIGHT, KNOWN, UTC_MIDNIGHT_HOUR]) expect(formatTimestamp(t, tz)).toMatch(SHAPE);
    }
  });

  it("throws for an unknown zone", () => {
    expect(() => formatTimestamp(0, "Mars/Olympus")).toThrow(RangeError);
  });
});

describe("localDate", () => {
  it("is the calendar date of the instant in the zone", () => {
    expect(localDate(KNOWN, "UTC")).toBe("2023-11-14");
    expect(localDate(KNOWN, "Asia/Kuala_Lumpur")).toBe("2023-11-15");
    expect(localDate(UTC_MIDNIGHT + 16 * 3600 - 1, "Asia/Kuala_Lumpur")).toBe("2023-11-14");
    expect(localDate(UTC_MIDNIGHT + 16 * 3600, "Asia/Kuala_Lumpur")).toBe("2023-11-15");
    expect(localDate(UTC_MIDNIGHT, "America/New_York")).toBe("2023-11-13");
  });
});

describe("isValidTimeZone", () => {
  it("accepts IANA zones and UTC", () => {
    for (const tz of ["UTC", "Asia/Kuala_Lumpur", "Asia/Bangkok", "Europe/Paris", "America/New_York"]) {
      expect(isValidTimeZone(tz), tz).toBe(true);
    }
  });

  it("refuses names that are not zones", () => {
    for (const tz of ["", "Mars/Olympus", "Asia/Atlantis", "not a zone", "GMT+99"]) {
      expect(isValidTimeZone(tz), JSON.stringify(tz)).toBe(false);
    }
  });
});

describe("nowSeconds", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is the current time in whole seconds", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(KNOWN * 1000 + 999));
    expect(nowSeconds()).toBe(KNOWN);
  });
});
