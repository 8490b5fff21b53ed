import { describe, expect, it } from "vitest";
import { MAX_MACHINE_WINDOWS, machinePriceAt, timePriceParams, timePricesOfParams } from "./time-price-params.js";

describe("time-of-day prices as machine parameters", () => {
  const windows = [
    { days: [1, 2, 3, 4, 5], fromMinute: 840, toMinute: 1020, change: { percentOff: 20 } },
    // Friday and Saturday nights into the next morning, at a fixed 700.00 (two machine words).
    { days: [5, 6], fromMinute: 1320, toMinute: 120, change: { price: 70_000 } },
  ];

  it("writes each window in words a machine holds and reads them back the same", () => {
    const params = timePriceParams(windows, -300);
    expect(params).toMatchObject({ tod_count: 2, utc_offset: 420, tod1_days: 0b0111110, tod1_pct: 20, tod2_pct: 0 });
    for (const value of Object.values(params)) expect(value).toBeLessThanOrEqual(65_535);
    expect(timePricesOfParams(params)).toEqual({ windows, utcOffsetMinutes: -300 });
  });

  it("a machine charges by its own clock and offset: inside a window, across midnight, and outside", () => {
    const params = timePriceParams(windows, 480);
    // Wednesday 15:00 in UTC+8 is 07:00 UTC.
    expect(machinePriceAt(1_000, params, new Date(Date.UTC(2025, 5, 11, 7, 0)))).toBe(800);
    // Saturday 01:00 local belongs to Friday's night window: Friday 17:00 UTC.
    expect(machinePriceAt(100_000, params, new Date(Date.UTC(2025, 5, 13, 17, 0)))).toBe(70_000);
    expect(machinePriceAt(1_000, params, new Date(Date.UTC(2025, 5, 14, 7, 0)))).toBe(1_000);
    // A machine that holds none charges the list price.
    expect(machinePriceAt(1_000, {}, new Date())).toBe(1_000);
  });

  it("refuses more windows than a machine holds", () => {
    expect(() => timePriceParams(Array(MAX_MACHINE_WINDOWS + 1).fill(windows[0]), 0)).toThrow(RangeError);
  });
});
