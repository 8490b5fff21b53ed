import { and, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.js";
import { tenantOfVendor, type VendorTenant } from "../tenancy/public.js";
import { type OrderViewRow, orderColumns, orderView } from "./order-view.js";
import { orders, PAY_STATUS } from "./tables.js";

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

/** Whether a member has paid for anything before (first use free is for a member's first paid use). */
export async function hasPaidOrder(db: Db | Tx, vendorId: number, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(tenantOfVendor(vendorId).owns(orders), eq(orders.memberId, memberId), eq(orders.payStatus, PAY_STATUS.paid)),
    )
    .limit(1);
  return row !== undefined;
}
