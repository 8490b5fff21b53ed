import { randomInt } from "node:crypto";
import {
  INVITE_PATH,
  type InviteLinkItem,
  type inviteLinkCreateRequest,
  type inviteLinkListRequest,
  type inviteLinkListResult,
  publicSite,
} from "@washboard/shared";
import { and, count, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { isForeignKeyViolation, isUniqueViolation } from "../../platform/db/errors.js";
import { idKeyset } from "../../platform/db/keysets.js";
import { countFrom, listPage, rowsFrom } from "../../platform/db/list-page.js";
import { qualified } from "../../platform/db/qualified.js";
import { AppError } from "../../platform/http/app-error.js";
import type { Actor, MemberSession, TenantScope } from "../../platform/http/context.js";
import { systemConfigValueOf } from "../system-config/public.js";
import { findVendor, scopedVendor, tenantOfVendor, type VendorTenant, vendorTenant } from "../tenancy/public.js";
import { checkImages } from "../uploads/public.js";
import { validUntilFromNow } from "./coupon-expiry.js";
import { couponToGive, insertMemberCoupons, memberCouponView } from "./coupon-gifts.js";
import { prefixPattern } from "./member-service.js";
import { coupons, inviteClaims, inviteLinks, memberCoupons } from "./tables.js";

/**
 * Invitation links (spec §3 Invitation link, §7 get/create/remove invite links): a link gives its
 * coupon to each member who claims it in the member app, once per member, while it is valid — before
 * the end of its last day, with coupons left, its coupon switched on. The database decides every
 * claim: a unique index (one claim per member and link) and one conditional update of the link's
 * count (`received < quantity and expires_at > now()`), so claims racing for the last coupons give
 * exactly the quantity, on any number of instances.
 */

/** Codes avoid letters and digits read alike (0/O, 1/I/L). */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 8;

function newCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Valid now: before its end, coupons left, its coupon switched on (spec §4 invitation valid/invalid). */
export const isValid = sql<boolean>`(${qualified(inviteLinks.expiresAt)} > now() and ${qualified(inviteLinks.received)} < ${qualified(inviteLinks.quantity)} and ${qualified(coupons.enabled)})`;

const itemColumns = () => ({
  id: inviteLinks.id,
  code: inviteLinks.code,
  couponId: inviteLinks.couponId,
  couponName: coupons.name,
  couponCode: coupons.code,
  quantity: inviteLinks.quantity,
  received: inviteLinks.received,
  validDays: inviteLinks.validDays,
  expiresAt: inviteLinks.expiresAt,
  backgroundImage: inviteLinks.backgroundImage,
  createdAt: inviteLinks.createdAt,
  valid: isValid,
  site: systemConfigValueOf("website"),
});

type ItemRow = {
  id: number;
  code: string;
  couponId: number;
  couponName: string;
  couponCode: string;
  quantity: number;
  received: number;
  validDays: number;
  expiresAt: Date;
  backgroundImage: string | null;
  createdAt: Date;
  valid: boolean;
  site: string;
};

/** The link of a code, whatever its case: codes are unique across vendors (an index on `lower(code)`). */
export const hasCode = (code: string) => sql`lower(${inviteLinks.code}) = lower(${code})`;

/** The link a code's poster carries: the install's public address (the `website` setting), /m/invite/, the code. */
export const inviteLinkOf = (website: string, code: string) => `${publicSite(website)}${INVITE_PATH}${code}`;

function toItem(row: ItemRow): InviteLinkItem {
  return {
    id: row.id,
    code: row.code,
    link: inviteLinkOf(row.site, row.code),
    coupon_id: row.couponId,
    coupon_name: row.couponName,
    coupon_code: row.couponCode,
    quantity: row.quantity,
    received: row.received,
    valid_days: row.validDays,
    expires_at: toSeconds(row.expiresAt),
    background_image: row.backgroundImage,
    status: row.valid ? "valid" : "invalid",
    created_at: toSeconds(row.createdAt),
  };
}

const linksWith = (db: Db) => (total: SQL<number>) =>
  db
    .select({ ...itemColumns(), total })
    .from(inviteLinks)
    .innerJoin(coupons, eq(coupons.id, inviteLinks.couponId));

async function itemById(db: Db, tenant: VendorTenant, id: number): Promise<InviteLinkItem> {
  const [row] = await linksWith(db)(sql<number>`0`).where(and(eq(inviteLinks.id, id), tenant.owns(inviteLinks)));
  if (!row) throw new AppError("NOT_FOUND");
  return toItem(row);
}

export async function listInviteLinks(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof inviteLinkListRequest>,
): Promise<z.input<typeof inviteLinkListResult>> {
  const conditions: (SQL | undefined)[] = [vendorTenant(scope).owns(inviteLinks)];
  if (input.code) conditions.push(ilike(inviteLinks.code, prefixPattern(input.code)));
  if (input.coupon_id !== undefined) conditions.push(eq(inviteLinks.couponId, input.coupon_id));
  if (input.status) conditions.push(input.status === "valid" ? isValid : sql`not ${isValid}`);
  const page = await listPage({
    where: and(...conditions),
    keyset: idKeyset(inviteLinks.id, (row: ItemRow) => row.id),
    input,
    rows: rowsFrom(linksWith(db)),
    count: countFrom(() =>
      db.select({ n: count() }).from(inviteLinks).innerJoin(coupons, eq(coupons.id, inviteLinks.couponId)),
    ),
  });
  return { items: page.rows.map(toItem), total: page.total, next_cursor: page.next_cursor };
}

/**
 * A link of the vendor giving a coupon of its own that is switched on, valid to the end of its last
 * day in the vendor's zone, with a random code (another is drawn in the rare case it is taken).
 */
export async function createInviteLink(
  db: Db,
  scope: TenantScope,
  actor: Pick<Actor, "accountId">,
  input: z.output<typeof inviteLinkCreateRequest>,
): Promise<InviteLinkItem> {
  const vendor = await scopedVendor(db, scope);
  const tenant = vendorTenant(scope);
  const [background] = await checkImages(
    db,
    { vendorId: vendor.id },
    "invite_link.background",
    "background_image",
    input.background_image,
  );
  for (let attempt = 1; ; attempt++) {
    try {
      const id = await db.transaction(async (tx) => {
        const coupon = await couponToGive(tx, tenant, input.coupon_id);
        const [row] = await tx
          .insert(inviteLinks)
          .values({
            vendorId: vendor.id,
            couponId: coupon.id,
            code: newCode(),
            quantity: input.quantity,
            validDays: input.valid_days,
            expiresAt: validUntilFromNow(input.valid_days, vendor.timeZone),
            backgroundImage: background ?? null,
            createdBy: actor.accountId,
          })
          .returning({ id: inviteLinks.id });
        if (!row) throw new AppError("INTERNAL_ERROR");
        return row.id;
      });
      return itemById(db, tenant, id);
    } catch (error) {
      if (attempt < 5 && isUniqueViolation(error) === "invite_links_code_uq") continue;
      throw error;
    }
  }
}

/** Removes a link: it gives nothing more; what members claimed of it stays theirs. */
export async function removeInviteLink(db: Db, scope: TenantScope, id: number): Promise<{ id: number }> {
  const [removed] = await db
    .delete(inviteLinks)
    .where(and(eq(inviteLinks.id, id), vendorTenant(scope).owns(inviteLinks)))
    .returning({ id: inviteLinks.id });
  if (!removed) throw new AppError("NOT_FOUND");
  return removed;
}

/** Thrown inside the claim's transaction to undo it, carrying the refusal. */
class ClaimRefused extends Error {
  constructor(readonly refusal: AppError) {
    super(refusal.message);
  }
}

/**
 * A member claims a link of their own vendor (another's is not found). In one transaction: the claim's
 * row first — the unique index refuses a second one of the same member, however the two race — then
 * the link's count, by a conditional update that only a valid link with coupons left passes (its row
 * lock makes racing claims take turns, each seeing the count the last one left), then the coupon.
 * A refusal undoes the claim's row, so a member refused for a used-up link has not claimed it.
 */
export async function claimInviteLink(db: Db, member: MemberSession, code: string) {
  const vendor = await findVendor(db, member.vendorId);
  if (!vendor) throw new AppError("UNAUTHORIZED");
  const [link] = await db
    .select({ id: inviteLinks.id, couponId: inviteLinks.couponId })
    .from(inviteLinks)
    .where(and(hasCode(code), tenantOfVendor(member.vendorId).owns(inviteLinks)));
  if (!link) throw new AppError("NOT_FOUND", { field: "code" });
  let memberCouponId: number;
  try {
    memberCouponId = await db.transaction(async (tx) => {
      const [claim] = await tx
        .insert(inviteClaims)
        .values({ linkId: link.id, memberId: member.memberId })
        .onConflictDoNothing({ target: [inviteClaims.linkId, inviteClaims.memberId] })
        .returning({ id: inviteClaims.id });
      if (!claim) throw new ClaimRefused(new AppError("INVITE_ALREADY_CLAIMED", { field: "code" }));
      const [counted] = await tx
        .update(inviteLinks)
        .set({ received: sql`${inviteLinks.received} + 1` })
        .where(
          and(
            eq(inviteLinks.id, link.id),
            sql`${inviteLinks.received} < ${inviteLinks.quantity}`,
            sql`${inviteLinks.expiresAt} > now()`,
            sql`exists (select 1 from ${coupons} where ${qualified(coupons.id)} = ${qualified(inviteLinks.couponId)} and ${qualified(coupons.enabled)})`,
          ),
        )
        .returning({ id: inviteLinks.id });
      if (!counted) {
        const [now] = await tx
          .select({ received: inviteLinks.received, quantity: inviteLinks.quantity, valid: isValid })
          .from(inviteLinks)
          .innerJoin(coupons, eq(coupons.id, inviteLinks.couponId))
          .where(eq(inviteLinks.id, link.id));
        const claimedOut = now !== undefined && now.received >= now.quantity;
        throw new ClaimRefused(new AppError(claimedOut ? "INVITE_CLAIMED_OUT" : "INVITE_INVALID", { field: "code" }));
      }
      const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, link.couponId));
      if (!coupon) throw new ClaimRefused(new AppError("INVITE_INVALID", { field: "code" }));
      const given = await insertMemberCoupons(tx, vendor, coupon, [member.memberId], null);
      const mine = given.get(member.memberId);
      if (!mine) throw new Error("the claimed coupon was not written");
      await tx.update(inviteClaims).set({ memberCouponId: mine.id }).where(eq(inviteClaims.id, claim.id));
      return mine.id;
    });
  } catch (error) {
    if (error instanceof ClaimRefused) throw error.refusal;
    // Removed meanwhile: the claim's row pointed at a link that is gone.
    if (isForeignKeyViolation(error)) throw new AppError("NOT_FOUND", { field: "code" });
    throw error;
  }
  const [row] = await db
    .select({ held: memberCoupons, coupon: coupons })
    .from(memberCoupons)
    .innerJoin(coupons, eq(coupons.id, memberCoupons.couponId))
    .where(eq(memberCoupons.id, memberCouponId));
  if (!row) throw new AppError("INTERNAL_ERROR");
  return memberCouponView(row.held, row.coupon, vendor.currency);
}
