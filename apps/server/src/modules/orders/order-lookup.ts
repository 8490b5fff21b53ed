import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { type OrderViewRow, orderColumns } from "./order-view.js";
import { orders } from "./tables.js";

/** One order by its order number, with its shop's and machine's names (the customer's status page). */
export async function orderByNumber(db: Db, orderNo: string): Promise<OrderViewRow | undefined> {
  const [row] = await db.select(orderColumns).from(orders).where(eq(orders.orderNo, orderNo));
  return row;
}
