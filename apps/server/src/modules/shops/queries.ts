import { type AnyColumn, and, asc, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.js";
import { qualified } from "../../platform/db/qualified.js";
import { countReferring, type Ref, valueOfRow } from "../../platform/db/related.js";
import type { VendorTenant } from "../tenancy/public.js";
import { recordShopChanges, type ShopChange } from "./changes.js";
import { shops } from "./tables.js";

/** What other modules may know of shops. */

/** The name of the shop `ref` names, per row of another module's list. */
export const shopNameOf = (ref: Ref) => valueOfRow<string>(shops.name, shops.id, ref);

/** The time zone of the shop `ref` names: null when it keeps its merchant's (or `ref` names no shop). */
export const shopTimeZoneOf = (ref: Ref) => valueOfRow<string>(shops.timeZone, shops.id, ref);

/** The alliance of the shop `ref` names, per row of another module's list. */
export const shopAllianceOf = (ref: Ref) => valueOfRow<number>(shops.allianceId, shops.id, ref);

/** Whether `shopId` is one of the vendor's shops, as an expression (to be read with others in one statement). */
export const isVendorShopExpr = (tenant: VendorTenant, shopId: number) =>
  sql<boolean>`exists (select 1 from ${shops} where ${qualified(shops.id)} = ${shopId} and ${tenant.owns(shops)})`;

/** `ref` names a shop of this alliance (a filter of another module's list). */
export const isShopOfAlliance = (ref: AnyColumn, allianceId: number) =>
  sql`${ref} in (select ${shops.id} from ${shops} where ${shops.allianceId} = ${allianceId})`;

/** How many shops are in the location `ref` names. */
export const shopCountOfLocation = (ref: Ref) => countReferring(shops.locationId, ref);

/** How many shops carry the brand `ref` names. */
export const shopCountOfBrand = (ref: Ref) => countReferring(shops.brandId, ref);

/** The vendor's shop with that id, or undefined (another vendor's shop is not there). */
export async function findVendorShop(db: Db | Tx, tenant: VendorTenant, id: number) {
  const [row] = await db
    .select({ id: shops.id, name: shops.name, address: shops.address, allianceId: shops.allianceId })
    .from(shops)
    .where(and(eq(shops.id, id), tenant.owns(shops)));
  return row;
}

/** The vendor of each of these shops, by shop id (shops known otherwise than from a request: the demo's own). */
export function shopVendors(db: Db | Tx, ids: readonly number[]): Promise<{ id: number; vendorId: number }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: shops.id, vendorId: shops.vendorId })
    .from(shops)
    .where(inArray(shops.id, [...ids]))
    .orderBy(asc(shops.id));
}

/** The vendor's shops for a select, by name. */
export function shopChoices(db: Db, tenant: VendorTenant): Promise<{ id: number; name: string }[]> {
  return db.select({ id: shops.id, name: shops.name }).from(shops).where(tenant.owns(shops)).orderBy(asc(shops.name));
}

/** How many shops are members of the alliance `ref` names. */
export const shopCountOfAlliance = (ref: Ref) => countReferring(shops.allianceId, ref);

/** The member shops of these alliances, by name. */
export function shopsOfAlliances(db: Db | Tx, allianceIds: readonly number[]) {
  if (allianceIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: shops.id, name: shops.name, address: shops.address, allianceId: shops.allianceId })
    .from(shops)
    .where(inArray(shops.allianceId, [...allianceIds]))
    .orderBy(asc(shops.name), asc(shops.id));
}

/** The vendor's shops in no alliance, by name. */
export function shopsWithoutAlliance(db: Db, tenant: VendorTenant) {
  return db
    .select({ id: shops.id, name: shops.name, address: shops.address })
    .from(shops)
    .where(and(tenant.owns(shops), isNull(shops.allianceId)))
    .orderBy(asc(shops.name), asc(shops.id));
}

/**
 * Makes the alliance's members exactly `shopIds`: its other shops are released, and of the chosen
 * ones only the vendor's shops that are free are taken, in one conditional UPDATE, so two alliances
 * claiming one shop at once cannot both get it. Each shop released or taken gets its row in the shop
 * database log (`by` names who acts). Answers what was not taken: the name of a chosen shop that is
 * in another alliance, or `unknown` for ids that are not the vendor's shops.
 */
export async function setAllianceMembers(
  tx: Tx,
  tenant: VendorTenant,
  allianceId: number,
  shopIds: readonly number[],
  accountId: number,
): Promise<{ refused: null | { inOtherAlliance: string } | "unknown" }> {
  const membership = (shopId: number, before: number | null, after: number | null): ShopChange => ({
    shopId,
    action: "modify",
    changes: { alliance_id: { before, after } },
  });
  const record = (changes: ShopChange[]) => recordShopChanges(tx, { vendorId: tenant.vendorId, accountId }, changes);
  const released = and(eq(shops.allianceId, allianceId), tenant.owns(shops));
  const left = await tx
    .update(shops)
    .set({ allianceId: null })
    .where(shopIds.length > 0 ? and(released, notInArray(shops.id, [...shopIds])) : released)
    .returning({ id: shops.id });
  await record(left.map(({ id }) => membership(id, allianceId, null)));
  if (shopIds.length === 0) return { refused: null };
  const chosen = and(inArray(shops.id, [...shopIds]), tenant.owns(shops));
  const joined = await tx
    .update(shops)
    .set({ allianceId })
    .where(and(chosen, isNull(shops.allianceId)))
    .returning({ id: shops.id });
  await record(joined.map(({ id }) => membership(id, null, allianceId)));
  const taken = await tx
    .select({ id: shops.id })
    .from(shops)
    .where(and(chosen, eq(shops.allianceId, allianceId)));
  if (taken.length === shopIds.length) return { refused: null };
  const missing = shopIds.filter((id) => !taken.some((t) => t.id === id));
  const [elsewhere] = await tx
    .select({ name: shops.name })
    .from(shops)
    .where(and(inArray(shops.id, missing), tenant.owns(shops)))
    .orderBy(asc(shops.name))
    .limit(1);
  return { refused: elsewhere ? { inOtherAlliance: elsewhere.name } : "unknown" };
}
