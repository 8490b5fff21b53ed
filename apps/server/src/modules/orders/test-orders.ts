import type { OrderProviderId } from "@washboard/shared";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { setVendorProvider } from "../tenancy/store.js";
import { createPendingOrder } from "./pending-orders.js";
import { orders, PAY_STATUS } from "./tables.js";

/** Test helpers: a vendor's provider switched on, and orders paid at a given time. */

export async function switchOn(db: Db, vendorId: number, provider: string): Promise<void> {
  await setVendorProvider(db, vendorId, provider, true);
}

export async function paidOrder(
  db: Db,
  order: {
    vendorId: number;
    currency: string;
    provider: OrderProviderId;
    shopId: number;
    deviceId: number;
    amount: number;
  },
  paidAt = new Date(),
) {
  const row = await createPendingOrder(db, {
    ...order,
    program: "standard",
    minutes: 30,
    expiresAt: new Date(Date.now() + 300_000),
    pricing: { list_price: order.amount, adjustments: [], final_price: order.amount },
  });
  const [paid] = await db
    .update(orders)
    .set({ payStatus: PAY_STATUS.paid, paidAt, createdAt: paidAt, tradeNo: `T${row.orderNo}` })
    .where(eq(orders.id, row.id))
    .returning();
  if (!paid) throw new Error("order not paid");
  return paid;
}
