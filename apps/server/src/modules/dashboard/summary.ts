import { DASHBOARD_RECENT_OPERATIONS, type DashboardSummary, type RecentOperation } from "@washboard/shared";
import { eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../platform/db/client.js";
import type { SignedInContext } from "../../platform/http/context.js";
import { accountInfoWith, scopeAccountCountOf } from "../accounts/public.js";
import { type DeviceTypeCounts, deviceCountsFrom, deviceCountsOf } from "../devices/public.js";
import { recentOperationsOf } from "../operation-log/public.js";
import { publicAddressFrom, systemConfigValueOf } from "../system-config/public.js";
import { vendorCountOfGroup, vendorOfGroup } from "../tenancy/public.js";

/**
 * The console's account summary: real counts of what the scope owns, its latest operations and the
 * install's public address, read with the account in one statement.
 */
export async function dashboardSummary(
  db: Db,
  ctx: SignedInContext,
): Promise<Omit<DashboardSummary, "broker_risks" | "public_address"> & { publicAddress: string | null }> {
  const { scope } = ctx;
  const groupId = scope.vendorId === null ? scope.groupId : null;
  const vendorIs = (column: AnyPgColumn) =>
    groupId !== null ? vendorOfGroup(column, groupId) : eq(column, scope.vendorId ?? -1);
  const { info, more } = await accountInfoWith<{
    devices: DeviceTypeCounts[];
    accounts: number;
    vendors: number;
    recent: RecentOperation[];
    website: string;
  }>(db, ctx, {
    devices: deviceCountsOf(vendorIs),
    accounts: scopeAccountCountOf(groupId !== null ? { groupId } : { vendorIs }),
    vendors: groupId !== null ? vendorCountOfGroup(groupId) : sql<number>`1`,
    recent: recentOperationsOf(scope, DASHBOARD_RECENT_OPERATIONS),
    website: systemConfigValueOf("website"),
  });
  const devices = deviceCountsFrom(more.devices);
  return {
    scope: groupId !== null ? "group" : "vendor",
    name: (groupId !== null ? info.group?.name : info.vendor?.name) ?? "",
    currency: info.common_info.currency,
    time_zone: info.common_info.time_zone,
    vendor_count: more.vendors,
    account_count: more.accounts,
    device_count: devices.total,
    device_online_count: devices.online,
    device_states: devices.states,
    device_types: devices.types,
    last_login_at: info.account.last_login_at,
    last_login_ip: info.account.last_login_ip,
    recent_operations: more.recent,
    publicAddress: publicAddressFrom(more.website),
  };
}
