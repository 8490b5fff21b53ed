import { randomBytes } from "node:crypto";
import type { CouponItem, MEMBER_COUPON_STATES, MemberCouponItem } from "@washboard/shared";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { AppError } from "../../platform/http/app-error.js";
import type { Actor, TenantScope } from "../../platform/http/context.js";
import { scopedVendor, tenantOfVendor, vendorTenant } from "../tenancy/public.js";
import { coupons, MEMBER_COUPON_STATE, memberCoupons, members } from "./tables.js";

type CouponRow = typeof coupons.$inferSelect;

function couponView(row: CouponRow, currency: string): CouponItem {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    discount_rate: row.discountRate,
    amount: row.amount,
    currency,
    valid_days: row.validDays,
  };
}

const STATE_NAMES = Object.fromEntries(
  Object.entries(MEMBER_COUPON_STATE).map(([name, code]) => [code, name]),
) as Record<number, (typeof MEMBER_COUPON_STATES)[number]>;

/** A coupon past its end is expired whatever its stored state says (nothing sweeps it). */
function memberCouponView(
  row: typeof memberCoupons.$inferSelect,
  coupon: CouponRow,
  currency: string,
): MemberCouponItem {
  const stored = STATE_NAMES[row.state] ?? "unused";
  return {
    id: row.id,
    unique_did: row.uniqueDid,
    coupon: couponView(coupon, currency),
    member_id: row.memberId,
    state: stored === "unused" && row.expiresAt.getTime() < Date.now() ? "expired" : stored,
    issued_at: toSeconds(row.issuedAt),
    expires_at: toSeconds(row.expiresAt),
  };
}

export async function vendorCoupons(db: Db, scope: TenantScope) {
  const vendor = await scopedVendor(db, scope);
  const rows = await db
    .select()
    .from(coupons)
    .where(vendorTenant(scope).owns(coupons))
    .orderBy(asc(coupons.name), asc(coupons.id));
  return { items: rows.map((row) => couponView(row, vendor.currency)) };
}

async function memberCouponsWhere(db: Db, scope: TenantScope, where: ReturnType<typeof eq>) {
  const vendor = await scopedVendor(db, scope);
  const rows = await db
    .select({ held: memberCoupons, coupon: coupons })
    .from(memberCoupons)
    .innerJoin(coupons, eq(coupons.id, memberCoupons.couponId))
    .where(and(where, vendorTenant(scope).owns(memberCoupons)))
    .orderBy(desc(memberCoupons.id))
    .limit(200);
  return rows.map((row) => memberCouponView(row.held, row.coupon, vendor.currency));
}

export async function couponsOfMember(db: Db, scope: TenantScope, memberId: number) {
  return { items: await memberCouponsWhere(db, scope, eq(memberCoupons.memberId, memberId)) };
}

export async function couponByUniqueDid(db: Db, scope: TenantScope, uniqueDid: string) {
  const [found] = await memberCouponsWhere(db, scope, eq(memberCoupons.uniqueDid, uniqueDid));
  if (!found) throw new AppError("NOT_FOUND", { field: "unique_did" });
  return found;
}

/**
 * Gives one coupon to each of the members, in one statement: every member must be the vendor's (one
 * that is not answers NOT_FOUND and nobody gets anything), each coupon valid for the coupon's days.
 */
export async function giveCoupon(
  db: Db,
  scope: TenantScope,
  actor: Pick<Actor, "accountId">,
  input: { member_ids: number[]; coupon_id: number },
) {
  const tenant = vendorTenant(scope);
  const memberIds = [...new Set(input.member_ids)];
  return db.transaction(async (tx) => {
    const [coupon] = await tx
      .select()
      .from(coupons)
      .where(and(eq(coupons.id, input.coupon_id), tenant.owns(coupons)));
    if (!coupon) throw new AppError("NOT_FOUND", { field: "coupon_id" });
    const found = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(inArray(members.id, memberIds), tenant.owns(members)));
    if (found.length !== memberIds.length) throw new AppError("NOT_FOUND", { field: "member_ids" });
    const expiresAt = sql`now() + make_interval(days => ${coupon.validDays})`;
    await tx.insert(memberCoupons).values(
      memberIds.map((memberId) => ({
        vendorId: tenant.vendorId,
        memberId,
        couponId: coupon.id,
        uniqueDid: `D${randomBytes(10).toString("hex").toUpperCase()}`,
        expiresAt,
        givenBy: actor.accountId,
      })),
    );
    return { given: memberIds.length };
  });
}

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
