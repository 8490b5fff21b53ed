import { describe, expect, it } from "vitest";
import { formatTimestamp } from "./time.js";
import { zonedDayEnd, zonedDayStart } from "./zoned-day.js";

describe("zonedDayStart / zonedDayEnd", () => {
  it("gives UTC midnight and the last second of the day in UTC", () => {
    expect(zonedDayStart("2023-11-14", "UTC")).toBe(1_699_920_000);
    expect(zonedDayEnd("2023-11-14", "UTC")).toBe(1_699_920_000 + 86_399);
  });

  it("gives the zone's midnight for zones east and west of UTC", () => {
    for (const zone of ["Asia/Kuala_Lumpur", "Asia/Bangkok", "America/New_York", "Pacific/Chatham"]) {
      expect(formatTimestamp(zonedDayStart("2024-02-29", zone), zone), zone).toBe("2024-02-29 00:00:00");
      expect(formatTimestamp(zonedDayEnd("2024-02-29", zone), zone), zone).toBe("2024-02-29 23:59:59");
    }
  });

  it("handles days when the clocks change", () => {
    // New York springs forward on 2024-03-10 (23 hours) and falls back on 2024-11-03 (25 hours).
    const zone = "America/New_York";
    expect(zonedDayEnd("2024-03-10", zone) - zonedDayStart("2024-03-10", zone) + 1).toBe(23 * 3600);
    expect(zonedDayEnd("2024-11-03", zone) - zonedDayStart("2024-11-03", zone) + 1).toBe(25 * 3600);
    expect(formatTimestamp(zonedDayStart("2024-11-03", zone), zone)).toBe("2024-11-03 00:00:00");
  });

  it("crosses month and year ends", () => {
    expect(formatTimestamp(zonedDayEnd("2023-12-31", "Asia/Tokyo"), "Asia/Tokyo")).toBe("2023-12-31 23:59:59");
    expect(zonedDayEnd("2023-12-31", "UTC") + 1).toBe(zonedDayStart("2024-01-01", "UTC"));
  });

  it("refuses what is not a date", () => {
    expect(() => zonedDayStart("2024/01/01", "UTC")).toThrow();
  });
});
