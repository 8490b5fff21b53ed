import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { type OrderViewRow, orderColumns } from "./order-view.js";
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
