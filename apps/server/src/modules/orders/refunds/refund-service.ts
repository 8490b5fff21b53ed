import { type OrderSource, type RefundItem, refundableToday, type refundRequest } from "@washboard/shared";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../../platform/db/client.js";
import { toSeconds } from "../../../platform/db/columns.js";
import { AppError } from "../../../platform/http/app-error.js";
import { enqueue } from "../../../platform/outbox/outbox.js";
import type { VendorTenant } from "../../tenancy/public.js";
import { findVendor } from "../../tenancy/public.js";
import { newRefundNo } from "../order-numbers.js";
import { orderColumns, orderView } from "../order-view.js";
import { orderRefunds, orders, PAY_STATUS, REFUND_STATUS } from "../tables.js";

/** The outbox kind that delivers a refund to its provider. */
export const REFUND_DELIVERY = "order.refund";

type RefundRow = typeof orderRefunds.$inferSelect;

export function refundView(row: RefundRow): RefundItem {
  return {
    id: row.id,
    order_id: row.orderId,
    refund_no: row.refundNo,
    amount: row.amount,
    state: row.state as RefundItem["state"],
    type: row.type as RefundItem["type"],
    reason: row.reason,
    failure_reason: row.failureReason,
    created_at: toSeconds(row.createdAt),
    finished_at: toSeconds(row.finishedAt),
  };
}

export interface RefundAsk {
  tenant: VendorTenant;
  source: OrderSource;
  accountId: number | null;
  input: z.output<typeof refundRequest>;
}

/**
 * An operator's refund (spec §7 refund_by_vendor). Everything is decided inside one transaction
 * that holds the order's row lock: that it is paid, of the payment's day in the vendor's time zone,
 * that the amount fits what is left, and whether this very refund was asked before (its idempotency
 * key: a repeat answers the first; the same amount under another key is another refund). The refund row, the
 * order's refunded amount and the outbox message that calls the provider are written together, so
 * two requests can neither both pass the checks nor refund more than was paid.
 */
export async function requestRefund(db: Db, ask: RefundAsk): Promise<{ refund: RefundItem; order: RefundedOrder }> {
  const { tenant, source, input } = ask;
  const vendor = await findVendor(db, tenant.vendorId);
  if (!vendor) throw new AppError("NOT_FOUND");
  const refundId = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, input.order_id), tenant.owns(orders), eq(orders.source, source)))
      .for("update");
    if (!order) throw new AppError("NOT_FOUND", { field: "order_id" });
    if (order.payStatus !== PAY_STATUS.paid || !order.paidAt) throw new AppError("ORDER_NOT_PAID");
    if (!refundableToday(toSeconds(order.paidAt), vendor.timeZone)) {
      throw new AppError("REFUND_NOT_SAME_DAY");
    }
    const key = input.idempotency_key;
    const asked = key === undefined ? undefined : await refundOfKey(tx, tenant, key);
    if (asked) {
      // The key names one refund: asked again for another order or amount, it is a mistake, not a retry.
      if (asked.orderId !== order.id || asked.amount !== input.amount) {
        throw new AppError("VALIDATION_FAILED", { field: "idempotency_key", messageKey: "validation.invalid" });
      }
      return asked.id;
    }
    if (input.amount > order.amount - order.refundedAmount) {
      throw new AppError("REFUND_EXCEEDS_REMAINDER", { field: "amount" });
    }
    return startRefund(tx, order, {
      amount: input.amount,
      type: "manual",
      reason: input.reason,
      accountId: ask.accountId,
      requestKey: key ?? null,
    });
  });
  return refundWithOrder(db, refundId);
}

/**
 * The refund an idempotency key already names, if any. Requests with one key for one order wait for
 * each other on the order's lock; the unique (vendor, key) index is the last word for any others.
 */
async function refundOfKey(tx: Tx, tenant: VendorTenant, key: string): Promise<RefundRow | undefined> {
  const [row] = await tx
    .select()
    .from(orderRefunds)
    .where(and(tenant.owns(orderRefunds), eq(orderRefunds.requestKey, key)));
  return row;
}

/**
 * Records a refund of a locked, paid order and queues its delivery: the refund number is the outbox
 * key and the provider's idempotency key, so the provider hears of it once.
 */
export async function startRefund(
  tx: Tx,
  order: typeof orders.$inferSelect,
  refund: {
    amount: number;
    type: "manual" | "automatic";
    reason: string;
    accountId: number | null;
    requestKey?: string | null;
  },
): Promise<number> {
  const refundNo = newRefundNo();
  const [row] = await tx
    .insert(orderRefunds)
    .values({
      orderId: order.id,
      vendorId: order.vendorId,
      refundNo,
      amount: refund.amount,
      type: refund.type,
      reason: refund.reason,
      accountId: refund.accountId,
      requestKey: refund.requestKey ?? null,
    })
    .returning({ id: orderRefunds.id });
  if (!row) throw new AppError("INTERNAL_ERROR");
  // The check constraint refunded_amount <= amount holds here too: the database has the last word.
  await tx
    .update(orders)
    .set({
      refundedAmount: sql`${orders.refundedAmount} + ${refund.amount}`,
      refundStatus: REFUND_STATUS.refunding,
      refundResult: null,
      refundType: refund.type,
    })
    .where(eq(orders.id, order.id));
  await enqueue(tx, {
    kind: REFUND_DELIVERY,
    key: `refund:${refundNo}`,
    vendorId: order.vendorId,
    payload: { refundId: row.id },
  });
  return row.id;
}

export type RefundedOrder = ReturnType<typeof orderView>;

export async function refundWithOrder(db: Db, refundId: number) {
  const [refund] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
  if (!refund) throw new AppError("NOT_FOUND");
  const [order] = await db.select(orderColumns).from(orders).where(eq(orders.id, refund.orderId));
  if (!order) throw new AppError("NOT_FOUND");
  return { refund: refundView(refund), order: orderView(order) };
}

/** Every refund of one of the tenant's orders, newest first. */
/** The refunds of an order of one of `sources` (those the account may see); another is not found. */
export async function refundsOfOrder(
  db: Db,
  tenant: VendorTenant,
  orderId: number,
  sources: readonly OrderSource[],
): Promise<RefundItem[]> {
  // The order with its refunds, newest first: no row, no such order of the screens; one without a refund, none.
  const rows = await db
    .select({ order: orders.id, refund: orderRefunds })
    .from(orders)
    .leftJoin(orderRefunds, and(eq(orderRefunds.orderId, orders.id), tenant.owns(orderRefunds)))
    .where(and(eq(orders.id, orderId), tenant.owns(orders), inArray(orders.source, [...sources])))
    .orderBy(desc(orderRefunds.id));
  if (rows.length === 0) throw new AppError("NOT_FOUND", { field: "order_id" });
  return rows.flatMap((row) => (row.refund ? [refundView(row.refund)] : []));
}
