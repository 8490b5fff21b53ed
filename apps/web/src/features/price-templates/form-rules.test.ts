import { LIMITS, type PriceTemplateItem, priceTemplateFields, priceTemplateOptionFields } from "@washboard/shared";
import type { RuleObject } from "antd/es/form";
import { beforeAll, describe, expect, it } from "vitest";
import { moneyRule } from "../../app/forms/money";
import { key, message, ruleMessage, useEnglishCatalogue } from "../../test/form-rules";
import { toBody, toForm } from "./price-form";

const zod = message;
const money = (currency: string, value: unknown) =>
  ruleMessage(moneyRule(currency, priceTemplateFields.price) as RuleObject, value);
beforeAll(useEnglishCatalogue);

describe("price template form: money in the vendor's currency", () => {
  it("MYR takes up to two decimals and thousands separators; zero passes, negatives and text fail", async () => {
    for (const ok of ["12.50", "0", "0.00", "1,200.5", "8"]) expect(await money("MYR", ok), ok).toBeUndefined();
    expect(await money("MYR", "12.505")).toBe(key("validation.amount"));
    expect(await money("MYR", "abc")).toBe(key("validation.amount"));
    expect(await money("MYR", "-1")).toBe(key("validation.amountNotNegative"));
    expect(await money("MYR", "")).toBe(key("validation.required"));
    expect(await money("MYR", "100,000,001.00")).toBe(key("validation.amountTooLarge"));
  });

  it("THB (no decimals) takes whole baht only: a price with decimals is refused", async () => {
    expect(await money("THB", "120")).toBeUndefined();
    expect(await money("THB", "1,200")).toBeUndefined();
    expect(await money("THB", "120.50")).toBe(key("validation.amountWholeUnits"));
    expect(await money("THB", "0.5")).toBe(key("validation.amountWholeUnits"));
  });

  it("IDR groups thousands with a dot", async () => {
    expect(await money("IDR", "15.000")).toBeUndefined();
    expect(await money("IDR", "15.5")).toBe(key("validation.amountWholeUnits"));
  });

  it("converts typed amounts into minor units for the call, and back for editing", () => {
    const form = {
      model_name: "Hot wash",
      icon: [],
      display_price: "12.50",
      price: "1,000",
      estimated_minutes: 45,
      extra_params: "",
      options: [{ name: "Extra rinse", added_price: "1.5", added_minutes: 5 }],
    };
    expect(toBody(form, "MYR")).toMatchObject({
      display_price: 1250,
      price: 100_000,
      options: [{ name: "Extra rinse", added_price: 150, added_minutes: 5 }],
    });
    expect(toBody({ ...form, display_price: "40", price: "35", options: [] }, "THB")).toMatchObject({
      display_price: 40,
      price: 35,
    });
    const item: PriceTemplateItem = {
      id: 1,
      model_name: "Hot wash",
      icon: [],
      display_price: 1250,
      price: 100_000,
      estimated_minutes: 45,
      extra_params: "",
      options: [{ name: "Extra rinse", added_price: 150, added_minutes: 5 }],
      device_count: 0,
      created_at: 0,
    };
    expect(toForm(item, "MYR")).toMatchObject({ display_price: "12.50", price: "1,000.00" });
    expect(toForm(item, "MYR").options[0]?.added_price).toBe("1.50");
  });
});

describe("price template form: the other fields take the server's rules", () => {
  it("model name is required and at most 64 characters", async () => {
    expect(await zod(priceTemplateFields.model_name, " ")).toBe(key("validation.required"));
    expect(await zod(priceTemplateFields.model_name, "m".repeat(64))).toBeUndefined();
    expect(await zod(priceTemplateFields.model_name, "m".repeat(65))).toBe(key("validation.tooLong"));
  });

  it("estimated time: 1 and 1440 pass, 0 and 1441 fail, empty is not a number", async () => {
    for (const ok of [1, 1440]) expect(await zod(priceTemplateFields.estimated_minutes, ok)).toBeUndefined();
    for (const bad of [0, 1441]) {
      expect(await zod(priceTemplateFields.estimated_minutes, bad)).toBe(key("validation.estimatedMinutes"));
    }
    expect(await zod(priceTemplateFields.estimated_minutes, null)).toBe(key("validation.numeric"));
  });

  it("options: 12 pass, a 13th fails; each needs a name and a time of 0 to 1440 minutes", async () => {
    const option = { name: "Rinse", added_price: 0, added_minutes: 0 };
    const twelve = Array.from({ length: LIMITS.priceTemplateOptions }, () => option);
    expect(await zod(priceTemplateFields.options, twelve)).toBeUndefined();
    expect(await zod(priceTemplateFields.options, [...twelve, option])).toBe(key("validation.tooManyOptions"));
    expect(await zod(priceTemplateOptionFields.name, "")).toBe(key("validation.required"));
    expect(await zod(priceTemplateOptionFields.added_minutes, 0)).toBeUndefined();
    expect(await zod(priceTemplateOptionFields.added_minutes, -1)).toBe(key("validation.addedMinutes"));
  });

  it("additional parameters: 1000 characters pass, 1001 fail", async () => {
    const thousand = "p=1\n".repeat(250);
    expect(await zod(priceTemplateFields.extra_params, thousand)).toBeUndefined();
    expect(await zod(priceTemplateFields.extra_params, `${thousand}p`)).toBe(key("validation.tooLong"));
  });

  it("additional parameters: one machine parameter per line, as the machine takes it", async () => {
    expect(await zod(priceTemplateFields.extra_params, "water_temp=60\nspin_rpm=1200")).toBeUndefined();
    for (const bad of ["water temp=60", "temp=70000", "price_lo=1", "temp"]) {
      expect(await zod(priceTemplateFields.extra_params, bad), bad).toBe(key("validation.extraParams"));
    }
  });
});
