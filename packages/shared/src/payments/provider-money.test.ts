import { describe, expect, it } from "vitest";
import { CURRENCY_CODES, getCurrency } from "../money/currencies.js";
import {
  currenciesOf,
  fromProviderAmount,
  ISO_DECIMALS,
  merchantModelOf,
  ProviderAmountError,
  providerTakes,
  toProviderAmount,
} from "./provider-money.js";
import { PAYMENT_PROVIDERS, SANDBOX_PROVIDER } from "./providers.js";

/** Every provider that takes money, and the sandbox. */
const PAYING = [...PAYMENT_PROVIDERS, SANDBOX_PROVIDER].filter((p) => "money" in p).map((p) => p.id);
const ourFactor = (code: string) => (getCurrency(code).decimals ? 100 : 1);

describe("money between our minor units and each provider's", () => {
  it("knows ISO 4217's decimals for every currency we hold, and nothing takes the platform's own units", () => {
    for (const code of CURRENCY_CODES.filter((c) => c !== "EQL" && c !== "EQB"))
      expect(ISO_DECIMALS[code], code).toBeDefined();
    for (const provider of PAYING) {
      expect(providerTakes(provider, "EQL")).toBe(false);
      expect(providerTakes(provider, "EQB")).toBe(false);
    }
  });

  it("carries every amount of every currency a provider takes there and back unchanged (all currencies × all providers)", () => {
    let checked = 0;
    for (const provider of PAYING) {
      for (const code of CURRENCY_CODES) {
        if (!providerTakes(provider, code)) {
          expect(() => toProviderAmount(provider, code, 100), `${provider} ${code}`).toThrow(ProviderAmountError);
          continue;
        }
        // Amounts a customer pays: a whole major unit and more, in our minor units.
        for (const major of [1, 7, 50, 1_234]) {
          const minor = major * ourFactor(code);
          const wire = toProviderAmount(provider, code, minor);
          expect(fromProviderAmount(provider, code, wire), `${provider} ${code} ${major}`).toBe(minor);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('sends what the real APIs document: a ฿50 wash is 5000 to WeChat Pay, "50.00" to Alipay, 5000 to Stripe, "50.00" to PayPal', () => {
    // THB: our table counts whole baht; ISO 4217 and these providers count satang.
    expect(toProviderAmount("wechatpay", "THB", 50)).toBe(5_000);
    expect(toProviderAmount("alipay", "THB", 50)).toBe("50.00");
    expect(toProviderAmount("stripe", "THB", 50)).toBe(5_000);
    expect(toProviderAmount("paypal", "THB", 50)).toBe("50.00");
    // MYR in sen everywhere: RM 7.00.
    expect(toProviderAmount("wechatpay", "MYR", 700)).toBe(700);
    expect(toProviderAmount("alipay", "MYR", 700)).toBe("7.00");
    // CNY in fen.
    expect(toProviderAmount("wechatpay", "CNY", 700)).toBe(700);
    expect(toProviderAmount("alipay", "CNY", 1)).toBe("0.01");
    // Yen have no decimals anywhere.
    expect(toProviderAmount("wechatpay", "JPY", 500)).toBe(500);
    expect(toProviderAmount("alipay", "JPY", 500)).toBe("500");
    expect(toProviderAmount("stripe", "JPY", 500)).toBe(500);
    // PayPal counts forint and new Taiwan dollars whole; Stripe keeps ISK in hundredths.
    expect(toProviderAmount("paypal", "HUF", 1_500)).toBe("1500");
    expect(toProviderAmount("paypal", "TWD", 30)).toBe("30");
    expect(toProviderAmount("stripe", "HUF", 1_500)).toBe(150_000);
    expect(toProviderAmount("stripe", "ISK", 50_000)).toBe(50_000);
    // Our own scheme and the sandbox keep our units.
    expect(toProviderAmount("qris", "IDR", 15_000)).toBe(15_000);
    expect(toProviderAmount("sandbox", "THB", 50)).toBe(50);
  });

  it("refuses an amount a provider cannot carry exactly, and reads none finer than our unit", () => {
    // Our ISK counts hundredths; WeChat Pay does not take it, Stripe does in hundredths, PayPal not at all.
    expect(providerTakes("paypal", "ISK")).toBe(false);
    // A provider's amount finer than our unit matches no order: never rounded.
    expect(fromProviderAmount("alipay", "THB", "50.50")).toBeNull();
    expect(fromProviderAmount("wechatpay", "THB", 5_050)).toBeNull();
    expect(fromProviderAmount("alipay", "JPY", "500.5")).toBeNull();
    expect(fromProviderAmount("alipay", "JPY", "500.00")).toBe(500);
    expect(fromProviderAmount("alipay", "MYR", "7.001")).toBeNull();
    expect(fromProviderAmount("alipay", "MYR", "abc")).toBeNull();
    expect(fromProviderAmount("wechatpay", "MYR", -1)).toBeNull();
    expect(() => toProviderAmount("wechatpay", "MYR", 1.5)).toThrow(ProviderAmountError);
  });

  it("names the merchant model a currency is taken under", () => {
    expect(merchantModelOf("wechatpay", "CNY")).toBe("domestic");
    expect(merchantModelOf("wechatpay", "MYR")).toBe("global");
    expect(merchantModelOf("wechatpay", "IDR")).toBeNull();
    expect(merchantModelOf("alipay", "CNY")).toBe("domestic");
    expect(merchantModelOf("alipay", "THB")).toBe("cross_border");
    expect(currenciesOf("qris")).toEqual(["IDR"]);
    expect(currenciesOf("sandbox")).toContain("THB");
  });
});
