import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import type { VendorTenant } from "../tenancy/public.js";
import { type OrderViewRow, orderColumns, orderView } from "./order-view.js";
import { orders } from "./tables.js";

/** One order by its order number, with its shop's and machine's names (the customer's status page). */
export async function orderByNumber(db: Db, orderNo: string): Promise<OrderViewRow | undefined> {
  const [row] = await db.select(orderColumns).from(orders).where(eq(orders.orderNo, orderNo));
  return row;
}

/** The provider's reference of a payment just started (a Stripe session, a PayPal order), until its notification says more. */
export async function noteProviderRef(db: Db, orderId: number, providerRef: string): Promise<void> {
  await db
    .update(orders)
    .set({ transactionId: providerRef.slice(0, 64) })
    .where(eq(orders.id, orderId));
}

/** A member's latest orders (paid from their balance or cards), newest first: the member drawer. */
export async function recentOrdersOfMember(db: Db, tenant: VendorTenant, memberId: number, limit = 10) {
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .where(and(tenant.owns(orders), eq(orders.memberId, memberId)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return rows.map(orderView);
}
