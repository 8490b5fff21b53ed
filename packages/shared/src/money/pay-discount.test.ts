import { describe, expect, it } from "vitest";
import { discountedPrice } from "./pay-discount.js";

describe("discountedPrice", () => {
  it("takes the percentage off, rounded to the nearest minor unit", () => {
    expect(discountedPrice(700, 20)).toBe(560);
    expect(discountedPrice(50, 15)).toBe(43);
    expect(discountedPrice(999, 33)).toBe(669);
  });
  it("leaves the price alone without a discount, and never charges nothing", () => {
    expect(discountedPrice(700, null)).toBe(700);
    expect(discountedPrice(700, undefined)).toBe(700);
    expect(discountedPrice(1, 99)).toBe(1);
  });
});
