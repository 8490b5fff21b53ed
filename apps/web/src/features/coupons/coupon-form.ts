import {
  COUPON_LIMITS,
  type CouponDefinitionItem,
  type CouponKind,
  type couponCreateRequest,
  couponFields,
  couponMailRequest,
  formatMoney,
  parseMoney,
} from "@washboard/shared";
import type { z } from "zod";

/** The server's rules of each field of a coupon definition, for the dialog's form rules. */
export const couponFieldRules = couponFields;

/** The dialog's form: the deduction typed as text in the vendor's currency. */
export interface CouponForm {
  code: string;
  name: string;
  kind: CouponKind;
  discount_rate: number | null;
  amount: string;
  valid_days: number | null;
}

/** A new coupon: a discount, valid for a month. */
export function toCouponForm(item: CouponDefinitionItem | null, currency: string): CouponForm {
  if (!item) return { code: "", name: "", kind: "discount", discount_rate: null, amount: "", valid_days: 30 };
  return {
    code: item.code,
    name: item.name,
    kind: item.kind,
    discount_rate: item.discount_rate,
    amount: item.amount === null ? "" : formatMoney(item.amount, currency, { hideSymbol: true }),
    valid_days: item.valid_days,
  };
}

/**
 * The create (and change) call's payload from a validated form: only the worth its kind has. An
 * amount that does not parse becomes -1, which the server refuses rather than saving it.
 */
export function toCouponBody(form: CouponForm, currency: string): z.input<typeof couponCreateRequest> {
  const amount = form.amount?.trim() ? (parseMoney(form.amount, currency) ?? -1) : null;
  return {
    code: form.code,
    name: form.name,
    kind: form.kind,
    discount_rate: form.kind === "discount" ? form.discount_rate : null,
    amount: form.kind === "voucher" ? amount : null,
    valid_days: form.valid_days ?? 0,
  };
}

/** Addresses as people paste them: one per line, or separated by commas, semicolons or spaces. */
export function pastedAddresses(text: string | undefined): string[] {
  return (text ?? "")
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter((a) => a !== "");
}

export const MAIL_ADDRESSES_MAX = COUPON_LIMITS.mailAddressesMax;

/**
 * What is wrong with a batch's pasted addresses, as the i18n key of the server's message, or undefined:
 * nothing to send to at all, or more addresses than the server takes.
 */
export function addressesIssue(text: string | undefined, members: boolean | undefined): string | undefined {
  const addresses = pastedAddresses(text);
  if (addresses.length === 0 && !members) return "validation.noRecipients";
  const checked = couponMailRequest.shape.addresses.safeParse(addresses);
  return checked.success ? undefined : (checked.error.issues[0]?.message ?? "validation.invalid");
}
