import { randomBytes } from "node:crypto";
import {
  COUPON_LIMITS,
  type CouponItem,
  type giveCouponByFilterRequest,
  type MEMBER_COUPON_STATES,
  type MemberCouponItem,
  type MemberCouponStatus,
} from "@washboard/shared";
import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { AppError } from "../../platform/http/app-error.js";
import type { Actor, TenantScope } from "../../platform/http/context.js";
import { scopedVendor, type VendorTenant, vendorTenant } from "../tenancy/public.js";
import { validUntilFromNow } from "./coupon-expiry.js";
import { memberFilterWhere } from "./member-service.js";
import { coupons, MEMBER_COUPON_STATE, MEMBER_STATUS, memberCoupons, members } from "./tables.js";

/**
 * Coupons given to members and what members hold: the console's gifts (chosen members, or every member
 * a filter matches), and the one insert every other way of giving (e-mail batches, invitation links)
 * goes through.
 */

export type CouponRow = typeof coupons.$inferSelect;

export function couponView(row: CouponRow, currency: string): CouponItem {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    name: row.name,
    discount_rate: row.discountRate,
    amount: row.amount,
    currency,
    valid_days: row.validDays,
    enabled: row.enabled,
  };
}

const STATE_NAMES = Object.fromEntries(
  Object.entries(MEMBER_COUPON_STATE).map(([name, code]) => [code, name]),
) as Record<number, (typeof MEMBER_COUPON_STATES)[number]>;

/**
 * Spec §4's state of a member's coupon: used once spent; else expired past its end (nothing sweeps
 * it); else invalid while its definition is switched off; else valid.
 */
export function memberCouponStatus(
  state: number,
  expiresAt: Date,
  enabled: boolean,
  now = Date.now(),
): MemberCouponStatus {
  if (state === MEMBER_COUPON_STATE.used) return "used";
  if (state === MEMBER_COUPON_STATE.expired || expiresAt.getTime() <= now) return "expired";
  return enabled ? "valid" : "invalid";
}

export function memberCouponView(
  row: typeof memberCoupons.$inferSelect,
  coupon: CouponRow,
  currency: string,
): MemberCouponItem {
  const stored = STATE_NAMES[row.state] ?? "unused";
  const status = memberCouponStatus(row.state, row.expiresAt, coupon.enabled);
  return {
    id: row.id,
    unique_did: row.uniqueDid,
    coupon: couponView(coupon, currency),
    member_id: row.memberId,
    state: status === "expired" ? "expired" : stored,
    status,
    issued_at: toSeconds(row.issuedAt),
    expires_at: toSeconds(row.expiresAt),
  };
}

/** Spec §7 get_discounts_details: the coupons the vendor can give now (switched on), by name. */
export async function vendorCoupons(db: Db, scope: TenantScope) {
  const vendor = await scopedVendor(db, scope);
  const rows = await db
    .select()
    .from(coupons)
    .where(and(vendorTenant(scope).owns(coupons), eq(coupons.enabled, true)))
    .orderBy(asc(coupons.name), asc(coupons.id));
  return { items: rows.map((row) => couponView(row, vendor.currency)) };
}

async function memberCouponsWhere(db: Db, scope: TenantScope, where: SQL) {
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

/** A new coupon's unique number: "D" and 20 hexadecimal digits, random. */
export const newUniqueDid = () => `D${randomBytes(10).toString("hex").toUpperCase()}`;

/**
 * The vendor's coupon for giving, read in the giving transaction: NOT_FOUND for another vendor's (on
 * `field`), COUPON_DISABLED while it is switched off. The row is locked, so it is not switched off or
 * removed half way through a gift.
 */
export async function couponToGive(tx: Tx, tenant: VendorTenant, couponId: number, field = "coupon_id") {
  const [coupon] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, couponId), tenant.owns(coupons)))
    .for("update");
  if (!coupon) throw new AppError("NOT_FOUND", { field });
  if (!coupon.enabled) throw new AppError("COUPON_DISABLED", { field });
  return coupon;
}

/**
 * Gives `coupon` once to each of the members (the vendor's, checked by the caller) in the caller's
 * transaction, each valid to the end of the coupon's last day in the vendor's zone; answers the new
 * member coupons by member.
 */
export async function insertMemberCoupons(
  tx: Tx,
  vendor: { id: number; timeZone: string },
  coupon: Pick<CouponRow, "id" | "validDays">,
  memberIds: readonly number[],
  givenBy: number | null,
): Promise<Map<number, { id: number; uniqueDid: string }>> {
  const given = new Map<number, { id: number; uniqueDid: string }>();
  const expiresAt = validUntilFromNow(coupon.validDays, vendor.timeZone);
  // At most 1,000 rows a statement: 6 parameters each stay well inside PostgreSQL's 65,535.
  for (let start = 0; start < memberIds.length; start += 1_000) {
    const rows = await tx
      .insert(memberCoupons)
      .values(
        memberIds.slice(start, start + 1_000).map((memberId) => ({
          vendorId: vendor.id,
          memberId,
          couponId: coupon.id,
          uniqueDid: newUniqueDid(),
          expiresAt,
          givenBy,
        })),
      )
      .returning({ id: memberCoupons.id, memberId: memberCoupons.memberId, uniqueDid: memberCoupons.uniqueDid });
    for (const row of rows) given.set(row.memberId, { id: row.id, uniqueDid: row.uniqueDid });
  }
  return given;
}

/**
 * Spec §7 admin_give_discount: one coupon to each of the members, in one transaction: every member
 * must be the vendor's (one that is not answers NOT_FOUND and nobody gets anything), and the coupon
 * switched on.
 */
export async function giveCoupon(
  db: Db,
  scope: TenantScope,
  actor: Pick<Actor, "accountId">,
  input: { member_ids: number[]; coupon_id: number },
) {
  const vendor = await scopedVendor(db, scope);
  const tenant = vendorTenant(scope);
  const memberIds = [...new Set(input.member_ids)];
  return db.transaction(async (tx) => {
    const coupon = await couponToGive(tx, tenant, input.coupon_id);
    const found = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(inArray(members.id, memberIds), tenant.owns(members)));
    if (found.length !== memberIds.length) throw new AppError("NOT_FOUND", { field: "member_ids" });
    await insertMemberCoupons(tx, vendor, coupon, memberIds, actor.accountId);
    return { given: memberIds.length };
  });
}

/**
 * One coupon to every active member the members list's filters match, in one transaction (a member
 * registering meanwhile is simply not among them). More than COUPON_LIMITS.giftByFilterMax is refused
 * before anything is given: a gift that large is a mistake more often than not, and the filter can say
 * what is meant.
 */
export async function giveCouponByFilter(
  db: Db,
  scope: TenantScope,
  actor: Pick<Actor, "accountId">,
  input: z.output<typeof giveCouponByFilterRequest>,
) {
  const vendor = await scopedVendor(db, scope);
  const tenant = vendorTenant(scope);
  const max = COUPON_LIMITS.giftByFilterMax;
  return db.transaction(async (tx) => {
    const coupon = await couponToGive(tx, tenant, input.coupon_id);
    const matched = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(memberFilterWhere(tenant, input.filters), eq(members.status, MEMBER_STATUS.active)))
      .orderBy(asc(members.id))
      .limit(max + 1);
    if (matched.length > max) {
      throw new AppError("VALIDATION_FAILED", {
        field: "filters",
        messageKey: "validation.tooManyRecipients",
        params: { max },
      });
    }
    await insertMemberCoupons(
      tx,
      vendor,
      coupon,
      matched.map((m) => m.id),
      actor.accountId,
    );
    return { given: matched.length };
  });
}
