import type { InvitePage } from "@washboard/shared";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { AppError } from "../../platform/http/app-error.js";
import type { InvitedPlace } from "../pay/public.js";
import { vendorCurrencyOf, vendorNameOf, vendorTimeZoneOf } from "../tenancy/public.js";
import { hasCode, isValid } from "./invite-links.js";
import { coupons, inviteLinks } from "./tables.js";

/**
 * An invitation link as anyone holding its code sees it (`/m/invite/<code>`, no session): whose it
 * is and what a claim gives — nothing a poster on a wall does not already promise, and nothing of
 * the link's counts but whether coupons are left. Its code finds it whatever the vendor: codes are
 * unique across vendors.
 */
export async function invitePageOf(db: Db, code: string): Promise<InvitePage> {
  const [row] = await db
    .select({
      code: inviteLinks.code,
      vendorName: vendorNameOf(inviteLinks.vendorId),
      timeZone: vendorTimeZoneOf(inviteLinks.vendorId),
      currency: vendorCurrencyOf(inviteLinks.vendorId),
      coupon: { name: coupons.name, kind: coupons.kind, discountRate: coupons.discountRate, amount: coupons.amount },
      couponDays: coupons.validDays,
      expiresAt: inviteLinks.expiresAt,
      claimedOut: sql<boolean>`${inviteLinks.received} >= ${inviteLinks.quantity}`,
      valid: isValid,
    })
    .from(inviteLinks)
    .innerJoin(coupons, eq(coupons.id, inviteLinks.couponId))
    .where(hasCode(code));
  if (!row) throw new AppError("NOT_FOUND", { field: "code" });
  return {
    code: row.code,
    vendor_name: row.vendorName ?? "",
    time_zone: row.timeZone ?? "UTC",
    coupon: {
      name: row.coupon.name,
      kind: row.coupon.kind,
      discount_rate: row.coupon.discountRate,
      amount: row.coupon.amount,
      currency: row.currency ?? "",
      valid_days: row.couponDays,
    },
    expires_at: toSeconds(row.expiresAt),
    status: row.claimedOut ? "claimed_out" : row.valid ? "valid" : "invalid",
  };
}

/**
 * The pay module's invitation place (its `invitePlace` port): the link's vendor, with no shop — a
 * member registered through it has no home shop. A link past its end still names its vendor; what
 * it gives is decided by the claim.
 */
export async function invitedPlace(db: Db, code: string): Promise<InvitedPlace | undefined> {
  const [link] = await db.select({ vendorId: inviteLinks.vendorId }).from(inviteLinks).where(hasCode(code));
  return link ? { vendorId: link.vendorId, shopId: null, deviceId: null } : undefined;
}
