import { describe, expect, it } from "vitest";
import { renewedUntil } from "./renewal.js";

const at = (iso: string) => new Date(iso);
const now = at("2026-12-06T04:00:00Z");

describe("renewedUntil", () => {
  it("extends an active machine from its own end date, keeping the local day and time", () => {
    // 2027-01-10 09:30 in Kuala Lumpur (UTC+8) → 2028-01-10 09:30 there.
    expect(renewedUntil(at("2027-01-10T01:30:00Z"), now, 1, "Asia/Kuala_Lumpur").toISOString()).toBe(
      "2028-01-10T01:30:00.000Z",
    );
  });

  it("extends an expired machine from now, not from the day it lapsed", () => {
    expect(renewedUntil(at("2026-10-01T00:00:00Z"), now, 1, "UTC").toISOString()).toBe("2027-12-06T04:00:00.000Z");
  });

  it("treats a machine without an end date as expired", () => {
    expect(renewedUntil(null, now, 2, "UTC").toISOString()).toBe("2028-12-06T04:00:00.000Z");
  });

  it("adds several years at once", () => {
    expect(renewedUntil(at("2027-03-15T12:00:00Z"), now, 5, "UTC").toISOString()).toBe("2032-03-15T12:00:00.000Z");
  });

  it("moves 29 February to 28 February in a common year, and keeps it in a leap year", () => {
    const leapDay = at("2028-02-29T10:00:00Z");
    expect(renewedUntil(leapDay, now, 1, "UTC").toISOString()).toBe("2029-02-28T10:00:00.000Z");
    expect(renewedUntil(leapDay, now, 4, "UTC").toISOString()).toBe("2032-02-29T10:00:00.000Z");
  });

  it("keeps the last day of a month", () => {
    expect(renewedUntil(at("2027-01-31T23:59:59Z"), now, 1, "UTC").toISOString()).toBe("2028-01-31T23:59:59.000Z");
  });

  it("counts the day in the vendor's zone, not in UTC", () => {
    // 2028-02-29 02:00 in Bangkok is 2028-02-28 19:00 UTC: the local day is the leap day.
    const bangkokLeapDay = at("2028-02-28T19:00:00Z");
    expect(renewedUntil(bangkokLeapDay, now, 1, "Asia/Bangkok").toISOString()).toBe("2029-02-27T19:00:00.000Z");
  });

  it("keeps the local time across a daylight-saving change", () => {
    // 2027-03-01 09:00 in Berlin is winter time (UTC+1); a year later it is again winter time.
    expect(renewedUntil(at("2027-03-01T08:00:00Z"), now, 1, "Europe/Berlin").toISOString()).toBe(
      "2028-03-01T08:00:00.000Z",
    );
    // 2027-07-01 09:00 summer time (UTC+2) stays 09:00 local in 2028.
    expect(renewedUntil(at("2027-07-01T07:00:00Z"), now, 1, "Europe/Berlin").toISOString()).toBe(
      "2028-07-01T07:00:00.000Z",
    );
  });
});
