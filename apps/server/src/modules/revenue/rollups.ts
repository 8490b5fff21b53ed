import { count, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { tenantOfVendor } from "../tenancy/public.js";
import { revenueDaily } from "./tables.js";

/**
 * Recomputes the revenue and usage rollups from orders and refunds (`rebuild_revenue_rollups`
 * of rollups/roll-up.sql): of one vendor, or of all. Writes to orders wait while it runs; reads
 * go on. Answers how many daily rows the rollup then holds.
 */
export async function rebuildRollups(db: Db, vendorId?: number): Promise<number> {
  await db.execute(sql`select rebuild_revenue_rollups(${vendorId ?? null}::int)`);
  const [row] = await db
    .select({ n: count() })
    .from(revenueDaily)
    .where(vendorId === undefined ? undefined : tenantOfVendor(vendorId).owns(revenueDaily));
  return row?.n ?? 0;
}
