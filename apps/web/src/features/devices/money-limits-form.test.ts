import type { MoneyLimitsResult } from "@washboard/shared";
import type { RuleObject, RuleRender } from "antd/es/form";
import { beforeAll, describe, expect, it } from "vitest";
import { key, ruleMessage, useEnglishCatalogue } from "../../test/form-rules";
import {
  ceilingRule,
  defaultsShown,
  type MoneyLimitsForm,
  moneyLimitsBody,
  moneyLimitsInitialValues,
} from "./money-limits-form";

beforeAll(useEnglishCatalogue);

const ringgit: MoneyLimitsResult = {
  max_cycle_amount: 50_000,
  max_top_up_amount: 100_000,
  default_cycle_amount: 100_000,
  default_top_up_amount: 500_000,
  cycle_is_default: false,
  top_up_is_default: true,
};

/** Runs a ceiling's rule the way the form does, with the "use default" switch on or off. */
const check = (currency: string, useDefault: boolean, value: unknown) => {
  const rule = (ceilingRule(currency, "cycle_default") as RuleRender)({
    getFieldValue: (name: string) => (name === "cycle_default" ? useDefault : undefined),
  } as Parameters<RuleRender>[0]);
  return ruleMessage(rule as RuleObject, value);
};

describe("money limits form", () => {
  it("takes a ceiling of the vendor's currency, at least one minor unit, below 2^31", async () => {
    for (const ok of ["0.01", "500", "1,200.50", "21,474,836.47"])
      expect(await check("MYR", false, ok), ok).toBeUndefined();
    expect(await check("MYR", false, "0")).toBe(key("validation.amountError"));
    expect(await check("MYR", false, "-5")).toBe(key("validation.amountError"));
    expect(await check("MYR", false, "12.505")).toBe(key("validation.amount"));
    expect(await check("MYR", false, "")).toBe(key("validation.required"));
    expect(await check("MYR", false, "21,474,836.48")).toBe(key("validation.amountTooLarge"));
    expect(await check("THB", false, "7000")).toBeUndefined();
    expect(await check("THB", false, "7000.50")).toBe(key("validation.amountWholeUnits"));
  });

  it("checks nothing typed while the default is chosen: nothing typed is sent", async () => {
    expect(await check("MYR", true, "")).toBeUndefined();
    expect(await check("MYR", true, "nonsense")).toBeUndefined();
  });

  it("starts from what holds now, in the vendor's currency without its symbol", () => {
    expect(moneyLimitsInitialValues(ringgit, "MYR")).toEqual({
      cycle: "500.00",
      cycle_default: false,
      top_up: "1,000.00",
      top_up_default: true,
    });
    const baht = { ...ringgit, max_cycle_amount: 7_000, max_top_up_amount: 35_000 };
    expect(moneyLimitsInitialValues(baht, "THB")).toMatchObject({ cycle: "7,000", top_up: "35,000" });
  });

  it("shows the default amount in a field whose default is turned on, and leaves it when turned off", () => {
    expect(defaultsShown({ cycle_default: true }, ringgit, "MYR")).toEqual({ cycle: "1,000.00" });
    expect(defaultsShown({ top_up_default: true }, ringgit, "MYR")).toEqual({ top_up: "5,000.00" });
    expect(defaultsShown({ cycle_default: false }, ringgit, "MYR")).toEqual({});
    expect(defaultsShown({ cycle: "12" }, ringgit, "MYR")).toEqual({});
  });

  it("sends each ceiling in minor units, or null to go back to the default", () => {
    const form: MoneyLimitsForm = { cycle: "250.50", cycle_default: false, top_up: "1,000.00", top_up_default: true };
    expect(moneyLimitsBody(form, "MYR")).toEqual({ max_cycle_amount: 25_050, max_top_up_amount: null });
    expect(moneyLimitsBody({ ...form, cycle_default: true, top_up_default: false }, "MYR")).toEqual({
      max_cycle_amount: null,
      max_top_up_amount: 100_000,
    });
    expect(moneyLimitsBody({ ...form, cycle: "7,000" }, "THB")).toMatchObject({ max_cycle_amount: 7_000 });
  });
});
