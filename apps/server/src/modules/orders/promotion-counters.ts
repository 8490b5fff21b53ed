import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { tenantOfVendor } from "../tenancy/public.js";
import { orders, PAY_STATUS } from "./tables.js";

/**
 * How often each promotion lowered a paid order's price and what it gave away in all (minor units),
 * read from the promotion columns every priced order stores beside its explanation.
 */
export async function promotionCounters(
  db: Db,
  vendorId: number,
  promotionIds: readonly number[],
): Promise<Map<number, { count: number; cost: number }>> {
  const counters = new Map<number, { count: number; cost: number }>();
  if (promotionIds.length === 0) return counters;
  const rows = await db
    .select({
      id: orders.promotionId,
      count: count(),
      cost: sql<number>`coalesce(sum(${orders.promotionOff}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(
      and(
        tenantOfVendor(vendorId).owns(orders),
        inArray(orders.promotionId, [...promotionIds]),
        eq(orders.payStatus, PAY_STATUS.paid),
      ),
    )
    .groupBy(orders.promotionId);
  for (const row of rows) if (row.id !== null) counters.set(row.id, { count: row.count, cost: row.cost });
  return counters;
}
