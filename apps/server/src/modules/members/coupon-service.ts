import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.js";
import { tenantOfVendor } from "../tenancy/public.js";
import { MEMBER_COUPON_STATE, memberCoupons } from "./tables.js";

/*
 * What happens to a spent coupon's order. The coupons given to members and what they hold are in
 * coupon-gifts.ts; the definitions in coupon-definitions.ts.
 */

/** The order a spent coupon paid part of (its number exists once the discounted order does). */
export async function markCouponOrder(tx: Tx, couponId: number, orderNo: string) {
  await tx.update(memberCoupons).set({ orderNo }).where(eq(memberCoupons.id, couponId));
}

/**
 * An order refunded to the balance gives back the coupon spent on it (a machine that did not start
 * must not cost the member their coupon). Repeating it changes nothing.
 */
export async function giveBackCoupon(db: Db, vendorId: number, orderNo: string) {
  await db
    .update(memberCoupons)
    .set({
      state: MEMBER_COUPON_STATE.unused,
      usedAt: null,
      orderNo: null,
      shopId: null,
      deviceId: null,
      discount: null,
    })
    .where(
      and(
        tenantOfVendor(vendorId).owns(memberCoupons),
        eq(memberCoupons.orderNo, orderNo),
        eq(memberCoupons.state, MEMBER_COUPON_STATE.used),
      ),
    );
}
