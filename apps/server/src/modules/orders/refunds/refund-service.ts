import { localDate, type OrderSource, type RefundItem, type refundRequest } from "@washboard/shared";
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../../platform/db/client.js";
import { toSeconds } from "../../../platform/db/columns.js";
import { AppError } from "../../../platform/http/app-error.js";
import { enqueue } from "../../../platform/outbox/outbox.js";
import { findVendor } from "../../tenancy/queries.js";
import type { VendorTenant } from "../../tenancy/scope.js";
import { newRefundNo } from "../order-numbers.js";
import { orderColumns, orderView } from "../order-view.js";
import { orderRefunds, orders, PAY_STATUS, REFUND_STATUS } from "../tables.js";

/** The outbox kind that delivers a refund to its provider. */
export const REFUND_DELIVERY = "order.refund";

/**
 * A second request for the same refund (same order, same amount) within this long answers the first
 * instead of refunding again: a double click, a retry after a lost answer, a second browser.
 */
const SAME_REFUND_WINDOW_MS = 10 * 60_000;

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
 * that the amount fits what is left, and whether the same refund was just asked. The refund row, the
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
    const now = Date.now() / 1000;
    if (localDate(toSeconds(order.paidAt), vendor.timeZone) !== localDate(now, vendor.timeZone)) {
      throw new AppError("REFUND_NOT_SAME_DAY");
    }
    const same = await sameRefund(tx, order.id, input.amount);
    if (same) return same.id;
    if (input.amount > order.amount - order.refundedAmount) {
      throw new AppError("REFUND_EXCEEDS_REMAINDER", { field: "amount" });
    }
    return startRefund(tx, order, {
      amount: input.amount,
      type: "manual",
      reason: input.reason,
      accountId: ask.accountId,
    });
  });
  return refundWithOrder(db, refundId);
}

async function sameRefund(tx: Tx, orderId: number, amount: number): Promise<RefundRow | undefined> {
  const [row] = await tx
    .select()
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.orderId, orderId),
        eq(orderRefunds.amount, amount),
        eq(orderRefunds.type, "manual"),
        inArray(orderRefunds.state, ["refunding", "succeeded"]),
        gt(orderRefunds.createdAt, new Date(Date.now() - SAME_REFUND_WINDOW_MS)),
      ),
    )
    .orderBy(desc(orderRefunds.id))
    .limit(1);
  return row;
}

/**
 * Records a refund of a locked, paid order and queues its delivery: the refund number is the outbox
 * key and the provider's idempotency key, so the provider hears of it once.
 */
export async function startRefund(
  tx: Tx,
  order: typeof orders.$inferSelect,
  refund: { amount: number; type: "manual" | "automatic"; reason: string; accountId: number | null },
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
export async function refundsOfOrder(db: Db, tenant: VendorTenant, orderId: number): Promise<RefundItem[]> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), tenant.owns(orders)));
  if (!order) throw new AppError("NOT_FOUND", { field: "order_id" });
  const rows = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), tenant.owns(orderRefunds)))
    .orderBy(desc(orderRefunds.id));
  return rows.map(refundView);
}
