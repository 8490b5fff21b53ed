import { count, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import type { TenantScope } from "../../platform/http/context.js";
import { tenantWhere } from "../tenancy/public.js";
import { expiredWhere, expiringWhere } from "./subscriptions.js";
import { devices } from "./tables.js";

/** How many of the rows counted match `condition`. */
const countWhere = (condition: SQL | undefined) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** The layout's warning dialog (spec §2): expiring and expired machines (spec §4 subscription states). */
export async function deviceStatusCounts(db: Db, scope: TenantScope, now = new Date()) {
  const scoped = tenantWhere(scope, { vendorId: devices.vendorId, shopId: devices.shopId });
  const [row] = await db
    .select({ total: count(), overdue: countWhere(expiredWhere(now)), warning: countWhere(expiringWhere(now)) })
    .from(devices)
    .where(scoped);
  return { total_count: row?.total ?? 0, overdue_count: row?.overdue ?? 0, warning_count: row?.warning ?? 0 };
}
