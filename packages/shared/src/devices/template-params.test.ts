import { describe, expect, it } from "vitest";
import {
  amountOfWords,
  extraParamsValid,
  parseExtraParamLine,
  TEMPLATE_AMOUNT_MAX,
  templateOfParams,
  templateParams,
} from "./template-params.js";

const template = {
  price: 70_000,
  display_price: 80_000,
  estimated_minutes: 45,
  extra_params: "water_temp=60\nspin_rpm = 1200",
  options: [
    { added_price: 500, added_minutes: 5 },
    { added_price: 0, added_minutes: 12 },
  ],
};

describe("a price template as machine parameters", () => {
  it("carries amounts as two 16-bit words, options in menu order, then the extra parameters", () => {
    expect(templateParams(template)).toEqual({
      program_minutes: 45,
      price_lo: 4_464,
      price_hi: 1,
      display_price_lo: 14_464,
      display_price_hi: 1,
      option_count: 2,
      opt1_price_lo: 500,
      opt1_price_hi: 0,
      opt1_minutes: 5,
      opt2_price_lo: 0,
      opt2_price_hi: 0,
      opt2_minutes: 12,
      water_temp: 60,
      spin_rpm: 1200,
    });
  });

  it("puts the largest amount in the largest words, and refuses one word more", () => {
    expect(templateParams({ ...template, price: TEMPLATE_AMOUNT_MAX })).toMatchObject({
      price_lo: 65_535,
      price_hi: 65_535,
    });
    expect(() => templateParams({ ...template, price: TEMPLATE_AMOUNT_MAX + 1 })).toThrow(RangeError);
  });

  it("is read back by the machine as the same amounts in minor units (the one way back from words)", () => {
    expect(templateOfParams(templateParams(template))).toEqual({
      price: 70_000,
      display_price: 80_000,
      estimated_minutes: 45,
      options: [
        { added_price: 500, added_minutes: 5 },
        { added_price: 0, added_minutes: 12 },
      ],
    });
    expect(amountOfWords(templateParams({ ...template, price: TEMPLATE_AMOUNT_MAX }), "price")).toBe(
      TEMPLATE_AMOUNT_MAX,
    );
    // A machine that runs no template has no price words.
    expect(templateOfParams({ water_temp: 40 })).toBeNull();
    expect(amountOfWords({ price_lo: 50 }, "price")).toBe(50);
  });

  it("reads extra parameter lines as the protocol's names and values, never the template's own names", () => {
    expect(parseExtraParamLine(" temp = 40 ")).toEqual({ name: "temp", value: 40 });
    expect(parseExtraParamLine("temp=65534")).toEqual({ name: "temp", value: 65_534 });
    for (const bad of ["temp=65535", "temp", "temp=4.5", "Temp=1", "9lives=1", "temp=1=2"]) {
      expect(parseExtraParamLine(bad), bad).toEqual({ error: "format" });
    }
    for (const reserved of ["price=1", "price_hi=1", "opt2_minutes=3", "option_count=1"]) {
      expect(parseExtraParamLine(reserved), reserved).toEqual({ error: "reserved" });
    }
    expect(extraParamsValid("a=1\n\n  \nb=2\r\n")).toBe(true);
    expect(extraParamsValid("a=1\nb")).toBe(false);
  });
});
