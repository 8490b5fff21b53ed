import { formatMoney, type InvitePage } from "@washboard/shared";
import { PayCallError } from "../api";
import type { Translate } from "../i18n";

/** What a coupon is worth, as the customer reads it: "20% off", "RM 5.00 off", "Free use". */
export function worthText(t: Translate, coupon: InvitePage["coupon"]): string {
  if (coupon.kind === "free") return t("invite.free");
  if (coupon.kind === "discount") return t("discount", { percent: coupon.discount_rate ?? 0 });
  return t("invite.amountOff", { amount: formatMoney(coupon.amount ?? 0, coupon.currency) });
}

/**
 * The last day something valid until `expiresAt` (its first invalid second: midnight after its last
 * day in the vendor's zone) may be used, as a date of the vendor's calendar in the page's language.
 */
export function lastDayText(expiresAt: number, timeZone: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone }).format((expiresAt - 1) * 1000);
}

/** Why the server refused, in the customer's words; anything unforeseen is "something went wrong". */
export function refusalText(t: Translate, error: unknown): string {
  const code = error instanceof PayCallError ? error.code : "";
  const keys: Record<string, string> = {
    NOT_FOUND: "invite.notFound",
    INVITE_ALREADY_CLAIMED: "invite.alreadyClaimed",
    INVITE_CLAIMED_OUT: "invite.claimedOut",
    INVITE_INVALID: "invite.invalid",
    LOGIN_FAILED: "invite.loginFailed",
    ACCOUNT_DISABLED: "invite.disabled",
    RATE_LIMITED: "invite.rateLimited",
  };
  return t(keys[code] ?? "error");
}
