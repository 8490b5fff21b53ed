import { eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import { vendors } from "./tables.js";

/**
 * The one place tenant filters are written. A request's scope is resolved once by the access
 * pipeline (levels 3/4: their vendor; levels 6/7: their group, or one of its vendors chosen in the
 * top bar); every query narrows to it through these helpers, so another tenant's record is simply
 * not there — "not found", never its data.
 */

/** The vendor a vendor-owned record must belong to, and the filter that says so. */
export interface VendorTenant {
  vendorId: number;
  /** `table.vendor_id = <the vendor>` */
  owns(table: { vendorId: AnyPgColumn }): SQL;
  /** Rows the vendor owns or the platform shares with every vendor (`vendor_id` null: starter catalogues). */
  sees(table: { vendorId: AnyPgColumn }): SQL;
}

/** The group a group-owned record must belong to, and the filter that says so. */
export interface GroupTenant {
  groupId: number;
  /** `table.group_id = <the group>` */
  owns(table: { groupId: AnyPgColumn }): SQL;
}

/**
 * For vendor-owned records (shops, devices, price templates…): the scope's vendor. A group account
 * that has not chosen a vendor acts on none, so its request answers "not found".
 */
export function vendorTenant(scope: TenantScope): VendorTenant {
  if (scope.vendorId === null) throw new AppError("NOT_FOUND");
  return tenantOfVendor(scope.vendorId);
}

/** The tenant of a vendor known otherwise than from a request (a device's owner, a record's vendor). */
export function tenantOfVendor(vendorId: number): VendorTenant {
  return {
    vendorId,
    owns: (table) => eq(table.vendorId, vendorId),
    sees: (table) => or(isNull(table.vendorId), eq(table.vendorId, vendorId)) as SQL,
  };
}

/**
 * For group-owned records (brands, virtual cards, mail settings): the scope's group, whatever
 * vendor the group account has chosen in the top bar.
 */
export function groupTenant(scope: TenantScope): GroupTenant {
  if (scope.groupId === null) throw new AppError("NOT_FOUND");
  return tenantOfGroup(scope.groupId);
}

/** The tenant of a group known otherwise than from a request (a vendor's group). */
export function tenantOfGroup(groupId: number): GroupTenant {
  return { groupId, owns: (table) => eq(table.groupId, groupId) };
}

export interface TenantWhereOptions {
  /**
   * A group scope without an active vendor also sees the rows of every vendor of its group, not
   * only the rows the group owns itself (e.g. the operation log of a group and its merchants).
   */
  groupVendors?: boolean;
}

/**
 * For records either a vendor or a group may hold (the operation log, device counts): rows of the
 * scope's vendor, or of the scope's group when no vendor is active (with `groupVendors`, plus the
 * rows of the group's vendors). A scope with neither sees nothing.
 */
export function tenantWhere(
  scope: TenantScope,
  columns: { vendorId: AnyPgColumn; groupId?: AnyPgColumn },
  options: TenantWhereOptions = {},
): SQL {
  if (scope.vendorId !== null) return eq(columns.vendorId, scope.vendorId);
  if (scope.groupId !== null && options.groupVendors) {
    const ofGroupVendors = vendorOfGroup(columns.vendorId, scope.groupId);
    return columns.groupId ? (or(eq(columns.groupId, scope.groupId), ofGroupVendors) as SQL) : ofGroupVendors;
  }
  if (scope.groupId !== null && columns.groupId) return eq(columns.groupId, scope.groupId);
  return eq(columns.vendorId, -1);
}

/** `column` names one of the group's vendors. */
export function vendorOfGroup(column: AnyPgColumn, groupId: number): SQL {
  return sql`${column} in (select ${vendors.id} from ${vendors} where ${vendors.groupId} = ${groupId})`;
}
