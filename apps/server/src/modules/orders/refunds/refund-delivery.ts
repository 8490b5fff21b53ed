import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../platform/db/client.js";
import type { AppDeps } from "../../../platform/module.js";
import { DEFAULT_OUTBOX_OPTIONS, type OutboxHandler, PermanentFailure } from "../../../platform/outbox/outbox.js";
import { ProviderError, type RefundOutcome } from "../providers/adapter.js";
import { adapterOf } from "../providers/index.js";
import { notifyPath, providerCall } from "../providers/provider-call.js";
import { orderRefunds, orders, REFUND_RESULT, REFUND_STATUS } from "../tables.js";
import { balanceRefunderOf } from "./balance-refunds.js";

type Finished = { state: "succeeded"; refundId: string } | { state: "failed"; reason: string };

/**
 * Ends a refund that is still under way, once (a conditional update: a late notification after the
 * provider's answer, or the other way round, changes nothing). A success marks the order refunded;
 * a failure gives the amount back to what may still be refunded, and says why.
 */
export async function finishRefund(db: Db | Tx, refundId: number, outcome: Finished): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [refund] = await tx
      .update(orderRefunds)
      .set({
        state: outcome.state,
        finishedAt: new Date(),
        ...(outcome.state === "succeeded"
          ? { providerRefundId: outcome.refundId.slice(0, 64) }
          : { failureReason: outcome.reason.slice(0, 255) }),
      })
      .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.state, "refunding")))
      .returning();
    if (!refund) return false;
    await tx
      .update(orders)
      .set(
        outcome.state === "succeeded"
          ? {
              refundStatus: REFUND_STATUS.refunded,
              refundResult: REFUND_RESULT.success,
              refundId: outcome.refundId.slice(0, 64),
              refundTime: new Date(),
              // An automatic refund keeps why it was made (the failed start); a manual one clears an old failure.
              ...(refund.type === "manual" ? { failureReason: null } : {}),
            }
          : {
              refundedAmount: sql`${orders.refundedAmount} - ${refund.amount}`,
              refundStatus: REFUND_STATUS.refunded,
              refundResult: REFUND_RESULT.failure,
              refundTime: new Date(),
              failureReason: outcome.reason.slice(0, 255),
            },
      )
      .where(eq(orders.id, refund.orderId));
    return true;
  });
}

/** The provider accepted the refund and will say later how it ended: keep its id meanwhile. */
async function noteProcessing(db: Db, refundId: number, providerRefundId: string): Promise<void> {
  await db
    .update(orderRefunds)
    .set({ providerRefundId: providerRefundId.slice(0, 64) })
    .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.state, "refunding")));
}

/**
 * Delivers a refund to its provider (the outbox's at-least-once, with our refund number as the
 * provider's idempotency key, so a redelivery is the same refund at the provider). A refusal is
 * recorded as the refund's failure; an unreachable provider is tried again with backoff, and when
 * the outbox gives up the refund is recorded as failed, so no order stays "refunding" for ever.
 */
export function refundDelivery(deps: AppDeps): OutboxHandler {
  const { db } = deps;
  const { payments } = deps.metrics;
  return async (message) => {
    const { refundId } = message.payload as { refundId: number };
    const [row] = await db
      .select({ refund: orderRefunds, order: orders })
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .where(eq(orderRefunds.id, refundId));
    if (!row) throw new PermanentFailure(`refund ${refundId} does not exist`);
    const { refund, order } = row;
    if (refund.state !== "refunding") return { state: refund.state };
    const toBalance = balanceRefunderOf(order.source);
    if (toBalance) {
      const refundId = await toBalance(db, {
        vendorId: order.vendorId,
        memberId: order.memberId,
        cardNumber: order.cardNumber,
        orderNo: order.orderNo,
        shopId: order.shopId,
        refundNo: refund.refundNo,
        amount: refund.amount,
        reason: refund.reason,
      });
      if (await finishRefund(db, refund.id, { state: "succeeded", refundId }))
        payments.refundEnded(order.source, "succeeded");
      return { state: "succeeded", refundId };
    }
    const adapter = adapterOf(order.source);
    const fail = async (reason: string) => {
      if (await finishRefund(db, refund.id, { state: "failed", reason })) payments.refundEnded(order.source, "failed");
      return { state: "failed", reason };
    };
    if (!adapter?.refund) return fail("This provider takes no refunds through its API: refund the customer by hand");
    const call = await providerCall(deps, adapter, order.vendorId);
    if (!call) return fail("The provider is switched off for this merchant");
    let outcome: RefundOutcome;
    try {
      outcome = await adapter.refund(call, {
        orderNo: order.merchantOrderNo ?? order.orderNo,
        tradeNo: order.tradeNo,
        refundNo: refund.refundNo,
        amount: refund.amount,
        total: order.amount,
        currency: order.currency,
        reason: refund.reason,
        notifyUrl: `${call.publicUrl}${notifyPath(adapter.id, order.vendorId)}`,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const retryable = !(error instanceof ProviderError) || error.retryable;
      if (retryable && message.attempt < DEFAULT_OUTBOX_OPTIONS.maxAttempts) throw error;
      return fail(reason);
    }
    if (outcome.state === "processing") await noteProcessing(db, refund.id, outcome.refundId);
    else if (await finishRefund(db, refund.id, outcome)) payments.refundEnded(order.source, outcome.state);
    return outcome;
  };
}
