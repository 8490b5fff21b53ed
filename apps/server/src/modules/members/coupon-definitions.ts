import {
  COUPON_DRY_TYPES,
  COUPON_WASH_TYPES,
  type CouponDefinitionItem,
  type couponCreateRequest,
  type couponListRequest,
  type couponListResult,
  type couponModifyRequest,
} from "@washboard/shared";
import { and, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { isForeignKeyViolation, recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { nameKeyset } from "../../platform/db/keysets.js";
import { countOf, listPage, rowsFrom } from "../../platform/db/list-page.js";
import { qualified } from "../../platform/db/qualified.js";
import { likeText } from "../../platform/db/text-search.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import { deviceMachineTypeOf } from "../devices/public.js";
import { scopedVendor, type VendorTenant, vendorTenant } from "../tenancy/public.js";
import { prefixPattern } from "./member-service.js";
import { coupons, inviteLinks, MEMBER_COUPON_STATE, memberCoupons } from "./tables.js";

/**
 * The vendor's coupon definitions (spec §3 Coupon: code, type, amount, validity days, used wash and
 * dry counts, status): listed with what became of them, created, changed, switched on and off, and
 * removed while nothing depends on them.
 */

type Fields = z.output<typeof couponCreateRequest>;

const typeList = (types: readonly string[]) =>
  sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  );

interface CouponCounts {
  given: number;
  used: number;
  washes: number;
  dries: number;
  held: number;
}

/**
 * What became of a definition's coupons, in one pass over its member coupons (by the index on
 * coupon and state): given, spent, spent on a washer or a dryer (the machine each was spent at, read
 * from the devices module), and held now (unused, before their end).
 */
const countsOf = (coupon: SQL): SQL<CouponCounts> => {
  const mc = memberCoupons;
  const used = sql`${qualified(mc.state)} = ${MEMBER_COUPON_STATE.used}`;
  const type = deviceMachineTypeOf(qualified(mc.deviceId));
  return sql<CouponCounts>`(select json_build_object(
      'given', count(*),
      'used', count(*) filter (where ${used}),
      'washes', count(*) filter (where ${used} and ${type} in (${typeList(COUPON_WASH_TYPES)})),
      'dries', count(*) filter (where ${used} and ${type} in (${typeList(COUPON_DRY_TYPES)})),
      'held', count(*) filter (where ${qualified(mc.state)} = ${MEMBER_COUPON_STATE.unused} and ${qualified(mc.expiresAt)} > now()))
    from ${mc} where ${qualified(mc.couponId)} = ${coupon})`;
};

const itemColumns = () => ({
  coupon: coupons,
  counts: countsOf(qualified(coupons.id)),
  invitations: sql<number>`(select count(*)::int from ${inviteLinks} where ${qualified(inviteLinks.couponId)} = ${qualified(coupons.id)})`,
});

type ItemRow = { coupon: typeof coupons.$inferSelect; counts: CouponCounts | null; invitations: number };

function toItem(row: ItemRow, currency: string): CouponDefinitionItem {
  const c = row.coupon;
  const counts = row.counts;
  return {
    id: c.id,
    code: c.code,
    kind: c.kind,
    name: c.name,
    discount_rate: c.discountRate,
    amount: c.amount,
    currency,
    valid_days: c.validDays,
    enabled: c.enabled,
    given: Number(counts?.given ?? 0),
    used: Number(counts?.used ?? 0),
    used_washes: Number(counts?.washes ?? 0),
    used_dries: Number(counts?.dries ?? 0),
    held: Number(counts?.held ?? 0),
    invitations: Number(row.invitations),
    created_at: toSeconds(c.createdAt),
  };
}

async function itemById(db: Db, scope: TenantScope, tenant: VendorTenant, id: number): Promise<CouponDefinitionItem> {
  const vendor = await scopedVendor(db, scope);
  const [row] = await db
    .select(itemColumns())
    .from(coupons)
    .where(and(eq(coupons.id, id), tenant.owns(coupons)));
  if (!row) throw new AppError("NOT_FOUND");
  return toItem(row, vendor.currency);
}

export async function listCouponDefinitions(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof couponListRequest>,
): Promise<z.input<typeof couponListResult>> {
  const vendor = await scopedVendor(db, scope);
  const conditions: (SQL | undefined)[] = [vendorTenant(scope).owns(coupons)];
  if (input.code) conditions.push(ilike(coupons.code, prefixPattern(input.code)));
  if (input.name) conditions.push(ilike(coupons.name, likeText(input.name)));
  if (input.kind) conditions.push(eq(coupons.kind, input.kind));
  if (input.status) conditions.push(eq(coupons.enabled, input.status === "valid"));
  const page = await listPage({
    where: and(...conditions),
    keyset: nameKeyset(input.sort, { id: coupons.id, name: coupons.name }, (row: ItemRow) => row.coupon),
    input,
    rows: rowsFrom((total) => db.select({ ...itemColumns(), total }).from(coupons)),
    count: countOf(coupons),
  });
  return {
    items: page.rows.map((row) => toItem(row, vendor.currency)),
    total: page.total,
    next_cursor: page.next_cursor,
  };
}

/** The columns a definition stores: only the worth its kind has (a free coupon has neither). */
function definitionValues(input: Fields) {
  return {
    code: input.code,
    name: input.name,
    kind: input.kind,
    discountRate: input.kind === "discount" ? input.discount_rate : null,
    amount: input.kind === "voucher" ? input.amount : null,
    validDays: input.valid_days,
  };
}

/** Spec §3: a coupon of the vendor, switched on; its code is the vendor's once, whatever the case. */
export async function createCouponDefinition(db: Db, scope: TenantScope, input: Fields) {
  const tenant = vendorTenant(scope);
  const [row] = await recordExistsOnDuplicate(
    () =>
      db
        .insert(coupons)
        .values({ vendorId: tenant.vendorId, ...definitionValues(input) })
        .returning({ id: coupons.id }),
    "code",
  );
  if (!row) throw new AppError("INTERNAL_ERROR");
  return itemById(db, scope, tenant, row.id);
}

/**
 * Changes a definition. What members hold of it refers to it: it is worth what the definition says
 * when spent; its end date was fixed when it was given.
 */
export async function modifyCouponDefinition(db: Db, scope: TenantScope, input: z.output<typeof couponModifyRequest>) {
  const tenant = vendorTenant(scope);
  const [row] = await recordExistsOnDuplicate(
    () =>
      db
        .update(coupons)
        .set(definitionValues(input))
        .where(and(eq(coupons.id, input.id), tenant.owns(coupons)))
        .returning({ id: coupons.id }),
    "code",
  );
  if (!row) throw new AppError("NOT_FOUND");
  return itemById(db, scope, tenant, row.id);
}

/** Spec §4 valid/invalid: switched off, it is not given, and what members hold of it is invalid. */
export async function setCouponStatus(db: Db, scope: TenantScope, input: { id: number; enabled: boolean }) {
  const tenant = vendorTenant(scope);
  const [row] = await db
    .update(coupons)
    .set({ enabled: input.enabled })
    .where(and(eq(coupons.id, input.id), tenant.owns(coupons)))
    .returning({ id: coupons.id });
  if (!row) throw new AppError("NOT_FOUND");
  return itemById(db, scope, tenant, row.id);
}

/**
 * Removes a definition. Refused while members hold coupons of it (used or not: orders and reports name
 * them — switch it off instead) or an invitation link gives it: the foreign keys decide (a gift made
 * concurrently still blocks it); the counts only say what is in the way.
 */
export async function removeCouponDefinition(db: Db, scope: TenantScope, id: number): Promise<{ id: number }> {
  const tenant = vendorTenant(scope);
  const refuse = async (): Promise<never> => {
    const current = await itemById(db, scope, tenant, id);
    if (current.invitations > 0) {
      throw new AppError("HAS_DEPENDENTS", {
        messageKey: "coupons.hasInvitations",
        params: { links: current.invitations },
      });
    }
    throw new AppError("HAS_DEPENDENTS", { messageKey: "coupons.hasHolders", params: { given: current.given } });
  };
  const current = await itemById(db, scope, tenant, id);
  if (current.given > 0 || current.invitations > 0) return refuse();
  let removed: { id: number } | undefined;
  try {
    [removed] = await db
      .delete(coupons)
      .where(and(eq(coupons.id, id), tenant.owns(coupons)))
      .returning({ id: coupons.id });
  } catch (error) {
    if (isForeignKeyViolation(error)) return refuse();
    throw error;
  }
  if (!removed) throw new AppError("NOT_FOUND");
  return removed;
}
