import { localDate, nowSeconds } from "@washboard/shared";
import type { Db } from "../../platform/db/client.js";
import type { TenantScope } from "../../platform/http/context.js";
import { scopedVendor, type VendorRow, vendorsOfGroup } from "../tenancy/public.js";
import type { RevenueOf } from "./figures.js";

/**
 * Whose figures a revenue call reads: the scope's vendor (levels 3 and 4, or a group account that
 * chose one in the top bar), or every vendor of the group (levels 6 and 7 without a choice) — each
 * in its own currency and time zone.
 */
export async function revenueVendors(db: Db, scope: TenantScope): Promise<RevenueVendor[]> {
  if (scope.vendorId !== null) return [await revenueVendor(db, scope)];
  if (scope.groupId !== null) return (await vendorsOfGroup(db, scope.groupId)).map((v) => ({ ...v, shopIds: null }));
  return [];
}

/**
 * A vendor whose figures are read, with the shops a limited sub-account sees of it (null or absent:
 * every shop). A request's vendor comes with its scope's shops (`revenueVendor`, `scopedFigures`).
 */
export type RevenueVendor = VendorRow & { shopIds?: readonly number[] | null };

/** A vendor as a request's scope sees its figures: of the scope's shops only, when it is limited. */
export const scopedFigures = (vendor: VendorRow, scope: TenantScope): RevenueVendor => ({
  ...vendor,
  shopIds: scope.shopIds ?? null,
});

/** The scope's vendor, as revenueVendors gives it. */
export async function revenueVendor(db: Db, scope: TenantScope): Promise<RevenueVendor> {
  return scopedFigures(await scopedVendor(db, scope), scope);
}

/** The rollup rows of these vendors, of a limited sub-account's shops only (one vendor, then). */
export function revenueOf(vendors: readonly RevenueVendor[]): RevenueOf {
  const limited = vendors.find((v) => v.shopIds !== null && v.shopIds !== undefined);
  return { vendorIds: vendors.map((v) => v.id), shopIds: limited?.shopIds ?? null };
}

/** The vendor's today, in its own zone. */
export const todayOf = (vendor: Pick<VendorRow, "timeZone">) => localDate(nowSeconds(), vendor.timeZone);

/** An id list a query can take even when empty. */
export const idsOf = (vendors: readonly VendorRow[]) => (vendors.length > 0 ? vendors.map((v) => v.id) : [-1]);
