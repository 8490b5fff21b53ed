import { and, count, gt, isNotNull, lte } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import type { TenantScope } from "../../platform/http/context.js";
import { tenantWhere } from "../tenancy/public.js";
import { devices } from "./tables.js";

/** A subscription ending within this many days counts as "expiring" (spec §4 warning state). */
export const EXPIRY_WARNING_DAYS = 30;

export async function deviceStatusCounts(db: Db, scope: TenantScope, now = new Date()) {
  const scoped = tenantWhere(scope, { vendorId: devices.vendorId });
  const soon = new Date(now.getTime() + EXPIRY_WARNING_DAYS * 86_400_000);
  const [total] = await db.select({ n: count() }).from(devices).where(scoped);
  const [overdue] = await db
    .select({ n: count() })
    .from(devices)
    .where(and(scoped, isNotNull(devices.subscriptionExpiresAt), lte(devices.subscriptionExpiresAt, now)));
  const [warning] = await db
    .select({ n: count() })
    .from(devices)
    .where(and(scoped, gt(devices.subscriptionExpiresAt, now), lte(devices.subscriptionExpiresAt, soon)));
  return { total_count: total?.n ?? 0, overdue_count: overdue?.n ?? 0, warning_count: warning?.n ?? 0 };
}
