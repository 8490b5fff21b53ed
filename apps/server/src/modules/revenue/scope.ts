import { localDate, nowSeconds } from "@washboard/shared";
import type { Db } from "../../platform/db/client.js";
import type { TenantScope } from "../../platform/http/context.js";
import { scopedVendor, type VendorRow, vendorsOfGroup } from "../tenancy/public.js";

/**
 * Whose figures a revenue call reads: the scope's vendor (levels 3 and 4, or a group account that
 * chose one in the top bar), or every vendor of the group (levels 6 and 7 without a choice) — each
 * in its own currency and time zone.
 */
export async function revenueVendors(db: Db, scope: TenantScope): Promise<VendorRow[]> {
  if (scope.vendorId !== null) return [await scopedVendor(db, scope)];
  if (scope.groupId !== null) return vendorsOfGroup(db, scope.groupId);
  return [];
}

/** The vendor's today, in its own zone. */
export const todayOf = (vendor: Pick<VendorRow, "timeZone">) => localDate(nowSeconds(), vendor.timeZone);

/** An id list a query can take even when empty. */
export const idsOf = (vendors: readonly VendorRow[]) => (vendors.length > 0 ? vendors.map((v) => v.id) : [-1]);
