import { and, eq, getTableName, inArray, isNull, or, type SQL, sql, Table } from "drizzle-orm";
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

/**
 * The vendor a vendor-owned record must belong to, and the filter that says so. For a sub-account
 * limited to some shops, a record that belongs to a shop (its table has a `shopId` column, or it is
 * a shop) must also be of one of them: whatever the query, the limit is written here.
 */
export interface VendorTenant {
  vendorId: number;
  /** The shops the request is limited to; null: every shop of the vendor. */
  shopIds: readonly number[] | null;
  /** `table.vendor_id = <the vendor>` (and, when limited, `table.shop_id in (<the shops>)`) */
  owns(table: { vendorId: AnyPgColumn }): SQL;
  /** Rows the vendor owns or the platform shares with every vendor (`vendor_id` null: starter catalogues). */
  sees(table: { vendorId: AnyPgColumn }): SQL;
  /**
   * A vendor's rule scoped by a list of shops (a promotion, a time-of-day price; an empty list: every
   * shop). A scope limited to some shops owns only rules naming shops, all of them its own: a rule
   * for every shop, or naming another, is not its to see or change.
   */
  ownsRule(table: { vendorId: AnyPgColumn; shopIds: AnyPgColumn }): SQL;
}

/** The column naming the shop a row belongs to: its `shopId`, or a shop's own id. */
function shopColumnOf(table: object): AnyPgColumn | undefined {
  if ("shopId" in table) return table.shopId as AnyPgColumn;
  // The shops table itself (the tenancy module, below shops, knows it by name only).
  if ("id" in table && table instanceof Table && getTableName(table) === "shops") {
    return table.id as AnyPgColumn;
  }
  return undefined;
}

/** `column` names one of the shops a limited scope may see; nothing when it may see none. */
export function ofShops(column: AnyPgColumn, shopIds: readonly number[]): SQL {
  return shopIds.length === 0 ? sql`false` : inArray(column, [...shopIds]);
}

/** `base`, narrowed to the scope's shops when the table's rows belong to shops. */
function withinShops(base: SQL, table: object, shopIds: readonly number[] | null): SQL {
  const column = shopIds ? shopColumnOf(table) : undefined;
  return column && shopIds ? (and(base, ofShops(column, shopIds)) as SQL) : base;
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
  return tenantOfVendor(scope.vendorId, scope.shopIds ?? null);
}

/**
 * The tenant of a vendor known otherwise than from a request (a device's owner, a record's vendor),
 * every shop of it unless `shopIds` limits it.
 */
export function tenantOfVendor(vendorId: number, shopIds: readonly number[] | null = null): VendorTenant {
  return {
    vendorId,
    shopIds,
    owns: (table) => withinShops(eq(table.vendorId, vendorId), table, shopIds),
    sees: (table) => withinShops(or(isNull(table.vendorId), eq(table.vendorId, vendorId)) as SQL, table, shopIds),
    ownsRule: (table) => {
      const vendor = eq(table.vendorId, vendorId);
      if (!shopIds) return vendor;
      const mine =
        shopIds.length === 0
          ? sql`'{}'::int[]`
          : sql`array[${sql.join(
              shopIds.map((id) => sql`${id}`),
              sql`, `,
            )}]::int[]`;
      return and(vendor, sql`cardinality(${table.shopIds}) > 0`, sql`${table.shopIds} <@ ${mine}`) as SQL;
    },
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
  columns: { vendorId: AnyPgColumn; groupId?: AnyPgColumn; shopId?: AnyPgColumn },
  options: TenantWhereOptions = {},
): SQL {
  if (scope.vendorId !== null) {
    const vendor = eq(columns.vendorId, scope.vendorId);
    return scope.shopIds && columns.shopId ? (and(vendor, ofShops(columns.shopId, scope.shopIds)) as SQL) : vendor;
  }
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

/**
 * For what the platform addresses to an audience (notices): rows to everyone (`group_id` and
 * `vendor_id` both null), to the scope's group — a vendor account's own group, the group of a group
 * account —, and to the scope's vendor (a group account's only once it acts on one).
 */
export function audienceWhere(scope: TenantScope, columns: { vendorId: AnyPgColumn; groupId: AnyPgColumn }): SQL {
  const everyone = and(isNull(columns.groupId), isNull(columns.vendorId)) as SQL;
  // A vendor's group is the one its row names (a group account's chosen vendor is of its own group).
  const group =
    scope.vendorId !== null
      ? sql`${columns.groupId} = (select ${vendors.groupId} from ${vendors} where ${vendors.id} = ${scope.vendorId})`
      : scope.groupId !== null
        ? eq(columns.groupId, scope.groupId)
        : undefined;
  const vendor = scope.vendorId !== null ? eq(columns.vendorId, scope.vendorId) : undefined;
  return or(everyone, group, vendor) as SQL;
}
