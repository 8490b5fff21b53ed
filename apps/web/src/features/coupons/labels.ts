import { type CouponItem, type CouponKind, formatMoney, type MemberCouponStatus } from "@washboard/shared";
import { i18next } from "../../app/i18n";

/** What a coupon is worth, as the console says it: "20% off", "RM 5.00 off", "Free use". */
export function couponWorth(
  coupon: Pick<CouponItem, "kind" | "discount_rate" | "amount" | "currency">,
  options: { hideSymbol?: boolean } = {},
): string {
  if (coupon.kind === "free") return i18next.t("coupons.worth.free");
  if (coupon.kind === "discount") return i18next.t("coupons.worth.rate", { rate: coupon.discount_rate ?? 0 });
  return i18next.t("coupons.worth.amount", { amount: formatMoney(coupon.amount ?? 0, coupon.currency, options) });
}

export const kindLabel = (kind: CouponKind) => i18next.t(`coupons.kind.${kind}`);

/** Spec §4: a definition (and an invitation) is valid or invalid. */
export const STATUS_COLOR = { valid: "green", invalid: "default" } as const;

/** Spec §4: a member's coupon is valid, invalid, used or expired. */
export const MEMBER_STATUS_COLOR: Record<MemberCouponStatus, string> = {
  valid: "green",
  invalid: "orange",
  used: "blue",
  expired: "default",
};

/** The last second something valid to `expiresAt` (its first invalid second) is valid. */
export const lastValidSecond = (expiresAt: number) => expiresAt - 1;
