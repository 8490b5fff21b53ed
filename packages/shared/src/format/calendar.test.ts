import { describe, expect, it } from "vitest";
import { addDays, addMonths, daysFrom, daysInMonth, monthsFrom } from "./calendar.js";

describe("calendar arithmetic", () => {
  it("steps days across months, years and leap days", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
    expect(daysFrom("2025-12-30", "2026-01-02")).toEqual(["2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02"]);
  });

  it("steps months across years", () => {
    expect(addMonths("2025-12", 1)).toBe("2026-01");
    expect(addMonths("2026-01", -13)).toBe("2024-12");
    expect(monthsFrom("2025-11", "2026-02")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(daysInMonth("2024-02")).toBe(29);
    expect(daysInMonth("2026-11")).toBe(30);
  });
});
