import {
  type API,
  type BodyOf,
  formatMoney,
  type MoneyLimitsResult,
  moneyLimitsRequest,
  parseMoney,
} from "@washboard/shared";
import type { FormRule } from "antd";
import type { RuleObject } from "antd/es/form";
import { moneyRule } from "../../app/forms/money";

/*
 * The money-limits dialog's rules and payload: two ceilings typed in the vendor's currency, each
 * either the vendor's own amount or the default for its currency (null on the wire).
 */

/** A ceiling once typed text is in minor units: the contract's own field (null is the default switch's). */
export const ceilingField = moneyLimitsRequest.shape.max_cycle_amount.unwrap();

export interface MoneyLimitsForm {
  /** As typed, in the vendor's currency. */
  cycle: string;
  cycle_default: boolean;
  top_up: string;
  top_up_default: boolean;
}

type Ceiling = "cycle" | "top_up";

const amountText = (minor: number, currency: string) => formatMoney(minor, currency, { hideSymbol: true });

/** What a ceiling's default is, in minor units. */
function defaultOf(ceiling: Ceiling, limits: MoneyLimitsResult): number {
  return ceiling === "cycle" ? limits.default_cycle_amount : limits.default_top_up_amount;
}

/** The form starts from what holds now: the vendor's own amounts, or the defaults with their switch on. */
export function moneyLimitsInitialValues(limits: MoneyLimitsResult, currency: string): MoneyLimitsForm {
  return {
    cycle: amountText(limits.max_cycle_amount, currency),
    cycle_default: limits.cycle_is_default,
    top_up: amountText(limits.max_top_up_amount, currency),
    top_up_default: limits.top_up_is_default,
  };
}

/**
 * What the form sets when a "use default" switch is turned on: the default amount in its field, so
 * the (disabled) field shows what will hold; turned off, the field keeps it to edit from.
 */
export function defaultsShown(
  changed: Partial<MoneyLimitsForm>,
  limits: MoneyLimitsResult,
  currency: string,
): Partial<MoneyLimitsForm> {
  const shown: Partial<MoneyLimitsForm> = {};
  if (changed.cycle_default === true) shown.cycle = amountText(defaultOf("cycle", limits), currency);
  if (changed.top_up_default === true) shown.top_up = amountText(defaultOf("top_up", limits), currency);
  return shown;
}

/**
 * The one money rule on a ceiling's amount, skipped while its "use default" switch is on (nothing
 * typed is sent then).
 */
export function ceilingRule(currency: string, useDefault: `${Ceiling}_default`): FormRule {
  const money = moneyRule(currency, ceilingField) as RuleObject;
  return ({ getFieldValue }) => ({
    validator: async (rule, value) => {
      if (getFieldValue(useDefault) === true) return;
      await money.validator?.(rule, value, () => {});
    },
  });
}

/** The payload: each ceiling in minor units, or null to go back to the default. */
export function moneyLimitsBody(form: MoneyLimitsForm, currency: string): BodyOf<typeof API.devices.setMoneyLimits> {
  // The form's rule has checked the amounts; anything unparseable is refused by the server.
  const amount = (useDefault: boolean, text: string) => (useDefault ? null : (parseMoney(text, currency) ?? -1));
  return {
    max_cycle_amount: amount(form.cycle_default, form.cycle),
    max_top_up_amount: amount(form.top_up_default, form.top_up),
  };
}
