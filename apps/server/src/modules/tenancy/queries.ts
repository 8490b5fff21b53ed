import { providerFlags, type VendorSummary } from "@washboard/shared";
import { type AnyColumn, and, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.js";
import { createdKeyset, keysetAt } from "../../platform/db/keysets.js";
import { countOf, listPage, rowsFrom, type Total } from "../../platform/db/list-page.js";
import { preparedFor } from "../../platform/db/prepared.js";
import { countReferring, type Ref, refSql, valueOfRow } from "../../platform/db/related.js";
import { likeText } from "../../platform/db/text-search.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import type { VendorRow } from "./store.js";
import { groups, vendors } from "./tables.js";

export type { VendorRow } from "./store.js";

export function toVendorSummary(v: VendorRow): VendorSummary {
  return {
    vendor_id: v.id,
    name: v.name,
    currency: v.currency,
    language: v.language,
    time_zone: v.timeZone,
    hide_symbol: v.hideSymbol ? "1" : "0",
    ...providerFlags(v.enabledProviders),
  };
}

export async function vendorsOfGroup(db: Db, groupId: number): Promise<VendorRow[]> {
  return db.select().from(vendors).where(eq(vendors.groupId, groupId)).orderBy(vendors.id);
}

const vendorById = preparedFor((db) =>
  db
    .select()
    .from(vendors)
    .where(eq(vendors.id, sql.placeholder("id")))
    .limit(1)
    .prepare("vendor_by_id"),
);

/**
 * The vendor a request acts on, for the statement that reads its session: the vendor `vendorId`
 * names when it is of the group `groupId` (null: of any). A subquery to join laterally, so the
 * session, its account and its scope are one statement (accounts/sessions.ts).
 */
export function scopeVendorOf(db: Db, vendorId: SQL<number | null>, groupId: SQL<number | null>) {
  return db
    .select()
    .from(vendors)
    .where(and(eq(vendors.id, vendorId), sql`(${groupId} is null or ${vendors.groupId} = ${groupId})`))
    .as("scope_vendor");
}

/** The vendor rows read with their requests' sessions, by scope: what `scopedVendor` answers without a query. */
const vendorOfScope = new WeakMap<TenantScope, VendorRow>();

/** A request's scope on `vendor`, whose row was read with the session. */
export function scopeOnVendor(groupId: number | null, vendor: VendorRow): TenantScope {
  const scope = { groupId, vendorId: vendor.id };
  vendorOfScope.set(scope, vendor);
  return scope;
}

/**
 * The scope's vendor; "not found" when the scope has none (a group level without a chosen vendor)
 * or it is not the scope's group's. A request's own scope has it already, read with its session.
 */
export async function scopedVendor(db: Db, scope: TenantScope): Promise<VendorRow> {
  const known = vendorOfScope.get(scope);
  if (known) return known;
  if (scope.vendorId === null) throw new AppError("NOT_FOUND");
  const [row] = await vendorById(db).execute({ id: scope.vendorId });
  if (!row || (scope.groupId !== null && row.groupId !== scope.groupId)) throw new AppError("NOT_FOUND");
  return row;
}

/** Whether the vendor is one of the group's (the access pipeline's check of a chosen vendor). */
export async function vendorInGroup(db: Db, vendorId: number, groupId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.id, vendorId), eq(vendors.groupId, groupId)))
    .limit(1);
  return row !== undefined;
}

export async function findGroup(db: Db, groupId: number | null) {
  if (groupId === null) return undefined;
  const [row] = await db.select().from(groups).where(eq(groups.id, groupId)).limit(1);
  return row;
}

/** The name of the group `ref` names, per row of another module's statement. */
export const groupNameOf = (ref: Ref) => valueOfRow<string>(groups.name, groups.id, ref);

/** What a group's money is shown in: its first vendor's currency, time zone, language and symbol setting. */
export interface GroupMoney {
  currency: string;
  time_zone: string;
  language: string;
  hide_symbol: boolean;
}

/** The group's first vendor's money settings (null: it has none yet), to read in another statement. */
export function groupMoneyOf(groupId: number): SQL<GroupMoney | null> {
  return sql<GroupMoney | null>`(select json_build_object('currency', ${vendors.currency}, 'time_zone', ${vendors.timeZone},
    'language', ${vendors.language}, 'hide_symbol', ${vendors.hideSymbol})
    from ${vendors} where ${vendors.groupId} = ${groupId} order by ${vendors.id} limit 1)`;
}

/** The name of the vendor `ref` names, per row of another module's list. */
export const vendorNameOf = (ref: Ref) => valueOfRow<string>(vendors.name, vendors.id, ref);

/** The currency code of the vendor `ref` names, per row of another module's query. */
export const vendorCurrencyOf = (ref: Ref) => valueOfRow<string>(vendors.currency, vendors.id, ref);

/** The contact person and phone of the vendor `ref` names (its profile's), per row of another module's query. */
export const vendorContactOf = (ref: Ref) =>
  sql<{ name: string; contact: string; phone: string } | null>`(select json_build_object(
    'name', ${vendors.name}, 'contact', ${vendors.realName}, 'phone', ${vendors.phone})
    from ${vendors} where ${vendors.id} = ${refSql(ref)})`;

/** The time zone of the vendor `ref` names, per row of another module's query. */
export const vendorTimeZoneOf = (ref: Ref) => valueOfRow<string>(vendors.timeZone, vendors.id, ref);

/** The vendor's group and plan limits. */
export async function vendorPlan(db: Db, vendorId: number) {
  const [row] = await db
    .select({ groupId: vendors.groupId, shopLimit: vendors.shopLimit })
    .from(vendors)
    .where(eq(vendors.id, vendorId));
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/**
 * Locks the vendor's row for the rest of the transaction and answers its plan limits: what caps a
 * vendor's records (shops, price templates) and changing its currency take turns on, so that a
 * count-then-insert at the cap cannot let two through.
 */
export async function lockVendor(tx: Tx, vendorId: number) {
  const [row] = await tx
    .select({ shopLimit: vendors.shopLimit, currency: vendors.currency })
    .from(vendors)
    .where(eq(vendors.id, vendorId))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/** The group's plan limits. */
/** How many vendors the group has, as an expression to read in another statement. */
export const vendorCountOfGroup = (groupId: number) => countReferring(vendors.groupId, groupId);

/** The group's brand cap, as an expression to read in another statement. */
export const brandLimitOf = (groupId: number) => valueOfRow<number>(groups.brandLimit, groups.id, groupId);

/** What a shop screen shows of a group: its name, address and brand cap. */
export interface GroupSummary {
  id: number;
  name: string;
  address: string;
  brand_limit: number;
}

/** The group's summary (null: no such group), as an expression to read in another statement. */
export function groupSummaryOf(groupId: number): SQL<GroupSummary | null> {
  return sql<GroupSummary | null>`(select json_build_object('id', ${groups.id}, 'name', ${groups.name},
    'address', ${groups.address}, 'brand_limit', ${groups.brandLimit})
    from ${groups} where ${groups.id} = ${groupId})`;
}

export async function groupPlan(db: Db, groupId: number) {
  const [row] = await db.select({ brandLimit: groups.brandLimit }).from(groups).where(eq(groups.id, groupId));
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/** Locks the group's row for the rest of the transaction (see `lockVendor`) and answers its plan limits. */
export async function lockGroup(tx: Tx, groupId: number) {
  const [row] = await tx
    .select({ brandLimit: groups.brandLimit })
    .from(groups)
    .where(eq(groups.id, groupId))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/** The extra columns a caller lists beside each vendor, given the vendor's id column (e.g. dependents' counts). */
type VendorExtras = Record<string, SQL>;

/**
 * The group's vendors, newest first, paged by (created_at, id), optionally filtered by a keyword in
 * the name, real name or phone; `extras` adds columns computed per vendor by their owners.
 */
export function pageGroupVendors<Extra extends VendorExtras>(
  db: Db,
  groupId: number,
  input: { keyword?: string | undefined; cursor?: string | undefined; page_size: number },
  extras: (vendorId: AnyColumn) => Extra,
) {
  const conditions: (SQL | undefined)[] = [eq(vendors.groupId, groupId)];
  if (input.keyword) {
    const pattern = likeText(input.keyword);
    conditions.push(or(ilike(vendors.name, pattern), ilike(vendors.realName, pattern), ilike(vendors.phone, pattern)));
  }
  const select = (total: Total) =>
    db.select({ vendor: vendors, keyAt: keysetAt(vendors.createdAt), total, ...extras(vendors.id) }).from(vendors);
  return listPage({
    where: and(...conditions),
    keyset: createdKeyset(vendors, (row: { vendor: { id: number }; keyAt: string }) => ({
      at: row.keyAt,
      id: row.vendor.id,
    })),
    input,
    rows: rowsFrom(select),
    count: countOf(vendors),
  });
}

/** One of the group's vendors with the same extra columns, or undefined. */
export async function groupVendorWith<Extra extends VendorExtras>(
  db: Db,
  groupId: number,
  vendorId: number,
  extras: (vendorId: AnyColumn) => Extra,
) {
  const [row] = await db
    .select({ vendor: vendors, ...extras(vendors.id) })
    .from(vendors)
    .where(and(eq(vendors.id, vendorId), eq(vendors.groupId, groupId)))
    .limit(1);
  return row;
}

/** A vendor by its id, known otherwise than from a request (an order's, a device's), or undefined. */
export async function findVendor(db: Db, vendorId: number): Promise<VendorRow | undefined> {
  const [row] = await vendorById(db).execute({ id: vendorId });
  return row;
}

/** The vendors of these names (the demo's, for their seeds). */
export function vendorsNamed(db: Db, names: readonly string[]): Promise<VendorRow[]> {
  return db
    .select()
    .from(vendors)
    .where(inArray(vendors.name, [...names]));
}
