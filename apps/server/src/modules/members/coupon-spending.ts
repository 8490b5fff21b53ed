import { and, eq, gt, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client.js";
import { qualified } from "../../platform/db/qualified.js";
import { AppError } from "../../platform/http/app-error.js";
import { NO_RULES, type PricedCoupon, priceWith } from "../promotions/public.js";
import { tenantOfVendor } from "../tenancy/public.js";
import { coupons, MEMBER_COUPON_STATE, memberCoupons } from "./tables.js";

export interface CouponSpend {
  vendorId: number;
  memberId: number;
  uniqueDid: string;
  shopId: number;
  deviceId: number;
}

/**
 * Claims a member's coupon for an order, in the order's transaction, by one conditional update: the
 * coupon must be the member's, unused and not expired, so a coupon paid with twice at once (two
 * phones, a retried request) is claimed once and the other payment is refused. Answers the coupon
 * as the pricing engine reads it; what it takes off is the engine's to say (`noteCouponDiscount`).
 */
export async function claimCoupon(
  tx: Tx,
  spend: CouponSpend,
  /** The demo's history: spent then (it must have been valid then). */
  at?: Date,
): Promise<{ memberCouponId: number; coupon: PricedCoupon }> {
  const when = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  const c = coupons;
  const [claimed] = await tx
    .update(memberCoupons)
    .set({ state: MEMBER_COUPON_STATE.used, usedAt: when, shopId: spend.shopId, deviceId: spend.deviceId })
    .from(coupons)
    .where(
      and(
        eq(qualified(c.id), qualified(memberCoupons.couponId)),
        // A coupon whose definition the vendor switched off is "invalid" (spec §4): not spendable.
        eq(qualified(c.enabled), true),
        tenantOfVendor(spend.vendorId).owns(memberCoupons),
        eq(qualified(memberCoupons.uniqueDid), spend.uniqueDid),
        eq(qualified(memberCoupons.memberId), spend.memberId),
        eq(qualified(memberCoupons.state), MEMBER_COUPON_STATE.unused),
        gt(qualified(memberCoupons.expiresAt), when),
      ),
    )
    .returning({
      id: memberCoupons.id,
      couponId: c.id,
      kind: c.kind,
      code: c.code,
      rate: c.discountRate,
      amount: c.amount,
    });
  if (!claimed) throw new AppError("COUPON_UNUSABLE", { field: "coupon" });
  const coupon: PricedCoupon =
    claimed.kind === "discount"
      ? { id: claimed.couponId, code: claimed.code, kind: "rate", value: claimed.rate ?? 0 }
      : claimed.kind === "voucher"
        ? { id: claimed.couponId, code: claimed.code, kind: "deduction", value: claimed.amount ?? 0 }
        : { id: claimed.couponId, code: claimed.code, kind: "free", value: 0 };
  return { memberCouponId: claimed.id, coupon };
}

/** What a claimed coupon took off its order (minor units), as the order's explanation says. */
export async function noteCouponDiscount(tx: Tx, memberCouponId: number, discount: number, orderNo?: string) {
  await tx
    .update(memberCoupons)
    .set({ discount, ...(orderNo ? { orderNo } : {}) })
    .where(eq(memberCoupons.id, memberCouponId));
}

/**
 * Spends a coupon on a price no other rule changes (the coupon report's and the demo's sales): the
 * claim, then the engine's coupon step on the price.
 */
export async function spendCoupon(tx: Tx, spend: CouponSpend & { price: number }, at?: Date) {
  const { memberCouponId, coupon } = await claimCoupon(tx, spend, at);
  const priced = priceWith(NO_RULES, {
    vendor: { id: spend.vendorId, timeZone: "UTC" },
    shopId: spend.shopId,
    machineType: "",
    listPrice: spend.price,
    at: at ?? new Date(),
    coupon,
  });
  const discount = spend.price - priced.final_price;
  await noteCouponDiscount(tx, memberCouponId, discount);
  return { id: memberCouponId, discount };
}
