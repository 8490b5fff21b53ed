import { and, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.js";
import type { AppDeps } from "../../platform/module.js";
import { enqueue, type OutboxHandler, PermanentFailure } from "../../platform/outbox/outbox.js";
import { releaseMachineHold } from "../devices/public.js";
import { queriedPayment, recordPayment } from "./payments.js";
import { ProviderError } from "./providers/adapter.js";
import { adapterOf } from "./providers/index.js";
import { providerCall } from "./providers/provider-call.js";
import { orders, PAY_STATUS } from "./tables.js";

/** The outbox kind that closes an unpaid payment at its provider. */
export const PAYMENT_CLOSE = "order.close";

/** Lapsed payments are looked for this often. */
export const EXPIRY_SWEEP_MS = 15_000;

/** Lapsed payments closed per sweep round (the rest wait for the next round). */
const SWEEP_BATCH = 200;

type ClosedOrder = { id: number; orderNo: string; vendorId: number };

/**
 * Closes unpaid payments, once each (a conditional update), frees their machines and queues the
 * close at the provider in the same transaction. A payment that arrives later is refunded, not
 * started (recordPayment).
 */
async function closePayments(tx: Tx, closed: ClosedOrder[]): Promise<void> {
  for (const order of closed) {
    await releaseMachineHold(tx, order.orderNo);
    await enqueue(tx, {
      kind: PAYMENT_CLOSE,
      key: `close:${order.orderNo}`,
      vendorId: order.vendorId,
      payload: { orderId: order.id },
    });
  }
}

const closedColumns = { id: orders.id, orderNo: orders.orderNo, vendorId: orders.vendorId };
const openPayment = and(eq(orders.payStatus, PAY_STATUS.unpaid), isNull(orders.closedAt), isNotNull(orders.expiresAt));

/** The customer gives up their payment: answers whether it was open (and is closed now). */
export async function cancelPayment(db: Db, orderNo: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(orders)
      .set({ closedAt: sql`now()` })
      .where(and(eq(orders.orderNo, orderNo), openPayment))
      .returning(closedColumns);
    await closePayments(tx, closed);
    return closed.length > 0;
  });
}

/**
 * Closes the payments past their expiry (the provider was told the same expiry, so it takes none of
 * them any more). Every instance may run it: each order is closed by exactly one of them.
 */
export async function closeLapsedPayments(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const lapsed = tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(openPayment, lte(orders.expiresAt, sql`now()`)))
      .limit(SWEEP_BATCH)
      .for("update", { skipLocked: true });
    const closed = await tx
      .update(orders)
      .set({ closedAt: sql`now()` })
      .where(and(inArray(orders.id, lapsed), openPayment))
      .returning(closedColumns);
    await closePayments(tx, closed);
    return closed.length;
  });
}

/**
 * Closes a payment at its provider, through the outbox (retried until the provider answers). A
 * provider that reports it paid before the close arrived: its payment is recorded as a check_order
 * would, and being closed here it is refunded rather than started.
 */
export function paymentCloseDelivery(deps: AppDeps): OutboxHandler {
  const { db } = deps;
  return async (message) => {
    const { orderId } = message.payload as { orderId: number };
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw new PermanentFailure(`order ${orderId} is gone`);
    const adapter = adapterOf(order.source);
    // The sandbox and providers without a close call: the payment lapses there by itself.
    if (!adapter?.close) return { closed: "lapses" };
    const call = await providerCall(deps, adapter, order.vendorId);
    if (!call) return { closed: "provider switched off" };
    const orderNo = order.merchantOrderNo ?? order.orderNo;
    try {
      const outcome = await adapter.close(call, {
        orderNo,
        providerRef: order.transactionId,
        currency: order.currency,
      });
      if (outcome === "paid" && adapter.query) {
        const answer = await adapter.query(call, orderNo, order.currency);
        const recorded = await db.transaction((tx) =>
          recordPayment(tx, order.vendorId, adapter.id, queriedPayment(orderNo, `close:${orderNo}`, answer)),
        );
        deps.metrics.payments.paymentRecorded(adapter.id, recorded);
      }
      return { closed: outcome };
    } catch (error) {
      if (error instanceof ProviderError && !error.retryable) throw new PermanentFailure(error.message);
      throw error;
    }
  };
}
