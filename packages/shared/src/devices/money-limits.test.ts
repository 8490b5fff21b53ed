import { describe, expect, it } from "vitest";
import { CURRENCY_CODES } from "../money/currencies.js";
import { defaultMoneyLimits } from "./money-limits.js";

describe("default money ceilings of machine messages", () => {
  it("exist for every currency, in its minor units, with a top-up ceiling above the cycle's", () => {
    for (const code of CURRENCY_CODES) {
      const limits = defaultMoneyLimits(code);
      expect(Number.isSafeInteger(limits.maxCycleAmount), code).toBe(true);
      expect(limits.maxTopUpAmount, code).toBeGreaterThan(limits.maxCycleAmount);
      // Below what a 32-bit register carries (a forged message's favourite), but for a currency of
      // many units with decimals (kip), whose top-up ceiling is that register.
      expect(limits.maxCycleAmount, code).toBeLessThan(2_147_483_647);
      expect(limits.maxTopUpAmount, code).toBeLessThanOrEqual(2_147_483_647);
    }
  });

  it("are round numbers of the currency's own magnitude", () => {
    expect(defaultMoneyLimits("MYR")).toEqual({ maxCycleAmount: 100_000, maxTopUpAmount: 500_000 });
    expect(defaultMoneyLimits("THB")).toEqual({ maxCycleAmount: 10_000, maxTopUpAmount: 50_000 });
    expect(defaultMoneyLimits("VND")).toEqual({ maxCycleAmount: 5_000_000, maxTopUpAmount: 50_000_000 });
    expect(defaultMoneyLimits("USD")).toEqual({ maxCycleAmount: 20_000, maxTopUpAmount: 100_000 });
  });
});
