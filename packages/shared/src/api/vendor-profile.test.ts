import { describe, expect, it } from "vitest";
import {
  ORDER_PROVIDERS,
  PAYMENT_PROVIDERS,
  PAYMENT_SETTINGS_PROVIDERS,
  PROVIDER_FIELD_NAMES,
  providerFlagOf,
} from "../payments/providers.js";
import { modifyPayDiscountsRequest } from "./vendor-profile.js";

/** Spec §7: the providers with a get/modify pair, in the spec's order. */
const SPEC_PROVIDERS = [
  "iyzipay",
  "stripe",
  "xendit",
  "abapay",
  "pocket",
  "alipay",
  "paypal",
  "fomo",
  "razer",
  "rmpay",
  "linepay",
  "wechatpay",
  "gbprimepay",
  "gkash",
  "qris",
  "pos",
  "pay_account",
];

describe("the payment provider descriptors", () => {
  it("cover exactly the §7 providers", () => {
    expect([...PAYMENT_SETTINGS_PROVIDERS].sort()).toEqual([...SPEC_PROVIDERS].sort());
  });

  it("gives every provider with an order menu its has_* flag, and pos and pay_account none", () => {
    for (const p of ORDER_PROVIDERS) expect(providerFlagOf(p.id), p.id).toBe(p.orders.flag);
    expect(providerFlagOf("pos")).toBeNull();
    expect(providerFlagOf("pay_account")).toBeNull();
  });

  it("gives each provider unique field names and at least one required field; card gateways have a secret", () => {
    for (const { id: provider, credentials: fields } of PAYMENT_PROVIDERS) {
      const names = fields.map((f) => f.name);
      expect(new Set(names).size, provider).toBe(names.length);
      expect(
        fields.some((f) => !("optional" in f && f.optional)),
        provider,
      ).toBe(true);
      if (provider !== "pay_account")
        expect(
          fields.some((f) => "secret" in f && f.secret),
          provider,
        ).toBe(true);
    }
    expect(PROVIDER_FIELD_NAMES).toContain("secret_key");
  });

  it("declare the refunds, order queries and webhooks the spec names", () => {
    const able = (what: "refund" | "query" | "webhook") =>
      PAYMENT_PROVIDERS.filter((p) => p.capabilities[what]).map((p) => p.id);
    expect(able("refund")).toEqual(["wechatpay", "alipay"]);
    expect(able("query")).toEqual(["fomo", "qris"]);
    expect(able("webhook")).toEqual(expect.arrayContaining(["wechatpay", "alipay", "stripe", "paypal"]));
    for (const p of ORDER_PROVIDERS) expect(p.capabilities.pay, p.id).toBe(true);
  });

  it("takes pay discounts of 1 to 99 or none (§5)", () => {
    const parse = (discount: unknown) =>
      modifyPayDiscountsRequest.safeParse({ discounts: [{ provider: "stripe", discount }] }).success;
    expect([1, 99, null].map(parse)).toEqual([true, true, true]);
    expect([0, 100, 1.5, "5"].map(parse)).toEqual([false, false, false, false]);
  });
});
