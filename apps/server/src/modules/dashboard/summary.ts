import { DASHBOARD_RECENT_OPERATIONS, type DashboardSummary } from "@washboard/shared";
import type { Db } from "../../platform/db/client.js";
import type { SignedInContext } from "../../platform/http/context.js";
import { countScopeAccounts, getAccountInfo } from "../accounts/public.js";
import { deviceCounts } from "../devices/public.js";
import { recentOperations } from "../operation-log/public.js";
import { vendorsOfGroup } from "../tenancy/public.js";

/** The console's account summary: real counts of what the scope owns, and its latest operations. */
export async function dashboardSummary(
  db: Db,
  ctx: SignedInContext,
): Promise<Omit<DashboardSummary, "broker_risks" | "public_address">> {
  const info = await getAccountInfo(db, ctx);
  const { scope } = ctx;
  const groupWide = scope.vendorId === null && scope.groupId !== null;
  const vendorIds = groupWide
    ? (await vendorsOfGroup(db, scope.groupId as number)).map((v) => v.id)
    : [scope.vendorId ?? -1];
  const ids = vendorIds.length > 0 ? vendorIds : [-1];

  const [devices, accountCount, recent] = await Promise.all([
    deviceCounts(db, ids),
    countScopeAccounts(db, groupWide ? { groupId: scope.groupId as number } : { vendorIds: ids }),
    recentOperations(db, scope, DASHBOARD_RECENT_OPERATIONS),
  ]);

  return {
    scope: groupWide ? "group" : "vendor",
    name: (groupWide ? info.group?.name : info.vendor?.name) ?? "",
    currency: info.common_info.currency,
    time_zone: info.common_info.time_zone,
    vendor_count: groupWide ? vendorIds.length : 1,
    account_count: accountCount,
    device_count: devices.total,
    device_online_count: devices.online,
    device_states: devices.states,
    device_types: devices.types,
    last_login_at: info.account.last_login_at,
    last_login_ip: info.account.last_login_ip,
    recent_operations: recent,
  };
}
