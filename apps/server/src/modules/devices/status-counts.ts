import { and, count, gt, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import type { TenantScope } from "../../platform/http/context.js";
import { tenantWhere } from "../tenancy/public.js";
import { devices } from "./tables.js";

/** A subscription ending within this many days counts as "expiring" (spec §4 warning state). */
export const EXPIRY_WARNING_DAYS = 30;

/** How many of the rows counted match `condition`. */
const countWhere = (condition: SQL | undefined) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

export async function deviceStatusCounts(db: Db, scope: TenantScope, now = new Date()) {
  const scoped = tenantWhere(scope, { vendorId: devices.vendorId });
  const soon = new Date(now.getTime() + EXPIRY_WARNING_DAYS * 86_400_000);
  const [row] = await db
    .select({
      total: count(),
      overdue: countWhere(and(isNotNull(devices.subscriptionExpiresAt), lte(devices.subscriptionExpiresAt, now))),
      warning: countWhere(and(gt(devices.subscriptionExpiresAt, now), lte(devices.subscriptionExpiresAt, soon))),
    })
    .from(devices)
    .where(scoped);
  return { total_count: row?.total ?? 0, overdue_count: row?.overdue ?? 0, warning_count: row?.warning ?? 0 };
}
