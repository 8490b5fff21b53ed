import { count, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { tenantOfVendor } from "../tenancy/public.js";
import { orderTotalsDaily } from "./tables.js";

/**
 * Recomputes the order screens' pre-counted totals from the orders (`rebuild_order_totals`
 * of rollups/order-totals-daily.sql): of one vendor, or of all. Answers how many rows they then hold.
 */
export async function rebuildOrderTotals(db: Db, vendorId?: number): Promise<number> {
  await db.execute(sql`select rebuild_order_totals(${vendorId ?? null}::int)`);
  const [row] = await db
    .select({ n: count() })
    .from(orderTotalsDaily)
    .where(vendorId === undefined ? undefined : tenantOfVendor(vendorId).owns(orderTotalsDaily));
  return row?.n ?? 0;
}
