import { formatMoney, type PriceTemplateItem, parseMoney, type priceTemplateCreateRequest } from "@washboard/shared";
import type { z } from "zod";

/** One row of the second-level menu as the form holds it: amounts as typed text. */
export interface OptionForm {
  name: string;
  added_price: string;
  added_minutes: number | null;
}

/** The price template form: amounts as text in the vendor's currency, converted on save. */
export interface PriceTemplateForm {
  model_name: string;
  icon: string[];
  display_price: string;
  price: string;
  estimated_minutes: number | null;
  extra_params: string;
  options: OptionForm[];
}

export const EMPTY_OPTION: OptionForm = { name: "", added_price: "0", added_minutes: 0 };

export function toForm(item: PriceTemplateItem | null, currency: string): PriceTemplateForm {
  if (!item) {
    return {
      model_name: "",
      icon: [],
      display_price: "",
      price: "",
      estimated_minutes: null,
      extra_params: "",
      options: [],
    };
  }
  return {
    model_name: item.model_name,
    icon: item.icon,
    display_price: formatMoney(item.display_price, currency, { hideSymbol: true }),
    price: formatMoney(item.price, currency, { hideSymbol: true }),
    estimated_minutes: item.estimated_minutes,
    extra_params: item.extra_params,
    options: item.options.map((o) => ({
      name: o.name,
      added_price: formatMoney(o.added_price, currency, { hideSymbol: true }),
      added_minutes: o.added_minutes,
    })),
  };
}

/**
 * The call's payload from a validated form. The form's rules have checked every amount already;
 * anything unparseable still becomes -1, which the server refuses rather than saving a wrong price.
 */
export function toBody(form: PriceTemplateForm, currency: string): z.input<typeof priceTemplateCreateRequest> {
  const minor = (text: string) => parseMoney(text, currency) ?? -1;
  return {
    model_name: form.model_name,
    icon: form.icon ?? [],
    display_price: minor(form.display_price),
    price: minor(form.price),
    estimated_minutes: form.estimated_minutes ?? 0,
    extra_params: form.extra_params ?? "",
    options: (form.options ?? []).map((o) => ({
      name: o.name,
      added_price: minor(o.added_price),
      added_minutes: o.added_minutes ?? -1,
    })),
  };
}
