import type { DashboardSummary } from "@washboard/shared";
import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import type { SignedInContext } from "../../platform/http/context.js";
import { getAccountInfo } from "../accounts/account-info.js";
import { accounts } from "../accounts/tables.js";
import { devices } from "../devices/tables.js";
import { operationLog } from "../operation-log/tables.js";
import { vendorsOfGroup } from "../tenancy/queries.js";

/** The console's account summary: real counts of what the scope owns, and its latest operations. */
export async function dashboardSummary(db: Db, ctx: SignedInContext): Promise<DashboardSummary> {
  const info = await getAccountInfo(db, ctx);
  const { scope } = ctx;
  const groupWide = scope.vendorId === null && scope.groupId !== null;
  const vendorIds = groupWide
    ? (await vendorsOfGroup(db, scope.groupId as number)).map((v) => v.id)
    : [scope.vendorId ?? -1];
  const ids = vendorIds.length > 0 ? vendorIds : [-1];

  const [deviceCount] = await db.select({ n: count() }).from(devices).where(inArray(devices.vendorId, ids));
  const [onlineCount] = await db
    .select({ n: count() })
    .from(devices)
    .where(and(inArray(devices.vendorId, ids), eq(devices.online, true)));
  const accountScope: SQL | undefined = groupWide
    ? eq(accounts.groupId, scope.groupId as number)
    : inArray(accounts.vendorId, ids);
  const [accountCount] = await db.select({ n: count() }).from(accounts).where(accountScope);
  const logScope = groupWide ? eq(operationLog.groupId, scope.groupId as number) : inArray(operationLog.vendorId, ids);
  const recent = await db
    .select()
    .from(operationLog)
    .where(logScope)
    .orderBy(desc(operationLog.createdAt), desc(operationLog.id))
    .limit(8);

  return {
    scope: groupWide ? "group" : "vendor",
    name: (groupWide ? info.group?.name : info.vendor?.name) ?? "",
    currency: info.common_info.currency,
    time_zone: info.common_info.time_zone,
    vendor_count: groupWide ? vendorIds.length : 1,
    account_count: accountCount?.n ?? 0,
    device_count: deviceCount?.n ?? 0,
    device_online_count: onlineCount?.n ?? 0,
    last_login_at: info.account.last_login_at,
    last_login_ip: info.account.last_login_ip,
    recent_operations: recent.map((row) => ({
      id: row.id,
      action: row.action,
      outcome: row.outcome,
      created_at: toSeconds(row.createdAt),
      actor: row.actor,
    })),
  };
}
