import {
  COUPON_LIMITS,
  type CouponDefinitionItem,
  couponAmount,
  couponCreateRequest,
  giveCouponRequest,
  percentOff,
} from "@washboard/shared";
import type { RuleObject } from "antd/es/form";
import { beforeAll, describe, expect, it } from "vitest";
import { moneyRule } from "../../app/forms/money";
import { key, message, passes, ruleMessage, useEnglishCatalogue } from "../../test/form-rules";
import { addressesIssue, couponFieldRules, pastedAddresses, toCouponBody, toCouponForm } from "./coupon-form";
import { couponWorth } from "./labels";

beforeAll(useEnglishCatalogue);

const ITEM: CouponDefinitionItem = {
  id: 7,
  code: "SUMMER10",
  kind: "voucher",
  name: "Summer",
  discount_rate: null,
  amount: 1250,
  currency: "MYR",
  valid_days: 30,
  enabled: true,
  given: 0,
  used: 0,
  used_washes: 0,
  used_dries: 0,
  held: 0,
  invitations: 0,
  created_at: 0,
};

describe("the coupon form rejects what the server rejects", () => {
  it("code: 2 to 32 letters, digits, - or _, from a letter or digit; required", async () => {
    for (const ok of ["S1", "summer10", "WASH-2_OFF", "X".repeat(32)]) {
      expect(await passes(couponFieldRules.code, ok), ok).toBe(true);
    }
    for (const bad of ["S", "-S1", "two words", "X".repeat(33), "émoji"]) {
      expect(await message(couponFieldRules.code, bad), bad).toBe(key("validation.couponCode"));
    }
    expect(await message(couponFieldRules.code, "")).toBe(key("validation.required"));
  });

  it("discount 1 to 99; a deduction above zero in the merchant's currency; validity 1 to 3650 days", async () => {
    expect(await message(percentOff, 99)).toBeUndefined();
    expect(await message(percentOff, 100)).toBe(key("validation.discountRange"));
    const myr = moneyRule("MYR", couponAmount) as RuleObject;
    expect(await ruleMessage(myr, "12.50")).toBeUndefined();
    expect(await ruleMessage(myr, "0")).toBe(key("validation.amountPositive"));
    expect(await ruleMessage(myr, "")).toBe(key("validation.required"));
    const thb = moneyRule("THB", couponAmount) as RuleObject;
    expect(await ruleMessage(thb, "20.5")).toBe(key("validation.amountWholeUnits"));
    expect(await message(couponFieldRules.valid_days, 0)).toBe(key("validation.validityDays"));
    expect(await message(couponFieldRules.valid_days, 3650)).toBeUndefined();
    expect(await message(couponFieldRules.valid_days, 3651)).toBe(key("validation.validityDays"));
  });

  it("sends only the worth of the kind chosen, as the server takes it", () => {
    const form = { ...toCouponForm(ITEM, "MYR"), discount_rate: 15 };
    expect(form.amount).toBe("12.50");
    const voucher = toCouponBody(form, "MYR");
    expect(voucher).toEqual({
      code: "SUMMER10",
      name: "Summer",
      kind: "voucher",
      discount_rate: null,
      amount: 1250,
      valid_days: 30,
    });
    expect(couponCreateRequest.safeParse(voucher).success).toBe(true);
    expect(toCouponBody({ ...form, kind: "discount" }, "MYR")).toMatchObject({ discount_rate: 15, amount: null });
    const free = toCouponBody({ ...form, kind: "free" }, "MYR");
    expect(free).toMatchObject({ discount_rate: null, amount: null });
    expect(couponCreateRequest.safeParse(free).success).toBe(true);
    // A discount without its rate is the server's refusal too.
    const noRate = couponCreateRequest.safeParse(
      toCouponBody({ ...form, kind: "discount", discount_rate: null }, "MYR"),
    );
    expect(noRate.error?.issues[0]).toMatchObject({ path: ["discount_rate"], message: "validation.discountRange" });
    expect(toCouponForm(null, "MYR")).toMatchObject({ kind: "discount", valid_days: 30, amount: "" });
  });

  it("says what a coupon is worth", () => {
    expect(couponWorth(ITEM)).toBe("RM 12.50 off");
    expect(couponWorth({ ...ITEM, kind: "discount", discount_rate: 20, amount: null })).toBe("20% off");
    expect(couponWorth({ ...ITEM, kind: "free", amount: null })).toBe("Free use");
  });
});

describe("giving and mailing", () => {
  it("giving to chosen members needs one (spec §8 'no gift user selected') and at most 200", async () => {
    const rule = giveCouponRequest.shape.member_ids;
    expect(await message(rule, [])).toBe(key("validation.noGiftUser"));
    expect(await message(rule, [1, 2])).toBeUndefined();
    expect(
      await message(
        rule,
        Array.from({ length: 201 }, (_v, i) => i + 1),
      ),
    ).toBe(key("validation.tooManyMembers"));
  });

  it("reads pasted addresses one per line or separated by commas, semicolons or spaces", () => {
    expect(pastedAddresses("a@x.test, b@x.test;c@x.test\n\n  d@x.test  e@x.test")).toEqual([
      "a@x.test",
      "b@x.test",
      "c@x.test",
      "d@x.test",
      "e@x.test",
    ]);
    expect(pastedAddresses(undefined)).toEqual([]);
  });

  it("needs an address or the filtered members, and at most the server's cap of addresses", () => {
    expect(addressesIssue("  ", false)).toBe("validation.noRecipients");
    expect(addressesIssue("", true)).toBeUndefined();
    expect(addressesIssue("a@x.test", false)).toBeUndefined();
    const many = Array.from({ length: COUPON_LIMITS.mailAddressesMax + 1 }, (_v, i) => `m${i}@x.test`).join("\n");
    expect(addressesIssue(many, false)).toBe("validation.tooManyRecipients");
    // Not an address is no refusal: the batch reports it.
    expect(addressesIssue("not an address", false)).toBeUndefined();
  });
});
