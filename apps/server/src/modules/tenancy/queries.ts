import { providerFlags, type VendorSummary } from "@washboard/shared";
import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../platform/db/client.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import { groups, vendors } from "./tables.js";

export type VendorRow = typeof vendors.$inferSelect;

export interface TenantWhereOptions {
  /**
   * A group scope without an active vendor also sees the rows of every vendor of its group, not
   * only the rows the group owns itself (e.g. the operation log of a group and its merchants).
   */
  groupVendors?: boolean;
}

/**
 * The one tenant filter: rows of the scope's vendor, or of the scope's group when no vendor is
 * active (with `groupVendors`, plus the rows of the group's vendors). A scope with neither sees
 * nothing.
 */
export function tenantWhere(
  scope: TenantScope,
  columns: { vendorId: PgColumn; groupId?: PgColumn },
  options: TenantWhereOptions = {},
): SQL | undefined {
  if (scope.vendorId !== null) return eq(columns.vendorId, scope.vendorId);
  if (scope.groupId !== null && options.groupVendors) {
    const ofGroupVendors = sql`${columns.vendorId} in (select ${vendors.id} from ${vendors} where ${vendors.groupId} = ${scope.groupId})`;
    return columns.groupId ? or(eq(columns.groupId, scope.groupId), ofGroupVendors) : ofGroupVendors;
  }
  if (scope.groupId !== null && columns.groupId) return eq(columns.groupId, scope.groupId);
  return eq(columns.vendorId, -1);
}

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

/** The scope's vendor; "not found" when the scope has none (a group level without a chosen vendor). */
export async function scopedVendor(db: Db, scope: TenantScope): Promise<VendorRow> {
  if (scope.vendorId === null) throw new AppError("NOT_FOUND");
  const conditions = [eq(vendors.id, scope.vendorId)];
  if (scope.groupId !== null) conditions.push(eq(vendors.groupId, scope.groupId));
  const [row] = await db
    .select()
    .from(vendors)
    .where(and(...conditions))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

export async function findGroup(db: Db, groupId: number | null) {
  if (groupId === null) return undefined;
  const [row] = await db.select().from(groups).where(eq(groups.id, groupId)).limit(1);
  return row;
}
