import { getCurrency, parseMoney } from "@washboard/shared";
import type { FormRule } from "antd";
import type { z } from "zod";
import { i18next } from "../i18n";

/**
 * Money in forms. People type amounts as decimal text in the vendor's currency ("12.50", "1,200"
 * or, for zero-decimal currencies like THB, "120"); the wire and the server's schemas take integers
 * in the currency's minor unit (spec §9). The shared parseMoney/formatMoney do the conversion.
 */

/** The translated message for an amount typed as text, or undefined when it is valid. */
export function moneyError(text: string | undefined, currency: string, schema: z.ZodType): string | undefined {
  if (text === undefined || text.trim() === "") return i18next.t("validation.required");
  const minor = parseMoney(text, currency);
  if (minor === null) {
    const decimalsTyped = /\.\d+$/.test(text.trim()) && !getCurrency(currency).decimals;
    return i18next.t(decimalsTyped ? "validation.amountWholeUnits" : "validation.amount");
  }
  const result = schema.safeParse(minor);
  return result.success ? undefined : i18next.t(result.error.issues[0]?.message ?? "validation.invalid");
}

/**
 * The one money form rule: the text must be an amount of `currency`, and once in minor units it
 * must pass the server's amount schema (e.g. not below zero), with the server's messages.
 */
export function moneyRule(currency: string, schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: string | undefined) => {
      const message = moneyError(value, currency, schema);
      if (message) throw new Error(message);
    },
  };
}
