import { formatMoney, isCurrencyCode, type OrderProviderId } from "@washboard/shared";
import { and, eq, or } from "drizzle-orm";
import type { Tx } from "../../platform/db/client.js";
import type { PaymentOutcome, RefundOutcome } from "../../platform/metrics/payments.js";
import { enqueue } from "../../platform/outbox/outbox.js";
import { extendMachineHold } from "../devices/public.js";
import { tenantOfVendor } from "../tenancy/public.js";
import type { OrderQueryAnswer, ProviderNotice } from "./providers/adapter.js";
import { finishRefund } from "./refunds/refund-delivery.js";
import { startRefund } from "./refunds/refund-service.js";
import { orderRefunds, orders, PAY_STATUS } from "./tables.js";

/** The outbox kind that starts the machine a payment bought. */
export const PAID_START = "order.start";

/** How long a paid order's machine stays held for its start (a payment just before the hold's end). */
const START_HOLD_SECONDS = 120;

const PAID_AFTER_CLOSE =
  "Paid after the payment was closed (cancelled or expired): the machine was not started and the money is refunded";

type PaymentNotice = Extract<ProviderNotice, { kind: "payment" }>;

/** What a provider answered when asked about an order, read as the notification it stands for. */
export function queriedPayment(orderNo: string, eventId: string, answer: OrderQueryAnswer): PaymentNotice {
  return {
    kind: "payment",
    eventId,
    orderNo,
    paid: answer.paid,
    tradeNo: answer.tradeNo,
    transactionId: answer.tradeNo,
    amount: answer.amount,
    currency: answer.currency,
    paidAt: answer.paidAt,
  };
}

/**
 * A provider says an order of ours is paid. The order turns paid once (a conditional update: a
 * repeated or late notification changes nothing), with the provider's numbers; if it bought a
 * machine's cycle, the start is queued in the same transaction. An amount or a currency that is not
 * the order's is not a payment of it: the order stays unpaid and says why. A payment of an order
 * that was closed (the customer cancelled, or it lapsed and its machine's hold ended) is kept — the
 * money moved — but starts nothing: it is refunded at once. Answers what it recorded, for the
 * metrics (null: nothing changed).
 */
export async function recordPayment(
  tx: Tx,
  vendorId: number,
  provider: OrderProviderId,
  notice: PaymentNotice,
): Promise<PaymentOutcome | null> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(
      and(
        tenantOfVendor(vendorId).owns(orders),
        eq(orders.source, provider),
        or(eq(orders.orderNo, notice.orderNo), eq(orders.merchantOrderNo, notice.orderNo)),
      ),
    );
  if (!order || !notice.paid) return null;
  const mismatch = paymentMismatch(notice, order);
  if (mismatch) {
    await tx.update(orders).set({ failureReason: mismatch }).where(eq(orders.id, order.id));
    return "refused";
  }
  const [paid] = await tx
    .update(orders)
    .set({
      payStatus: PAY_STATUS.paid,
      // A wrong notification before the right one left its reason: the order is paid now.
      failureReason: null,
      paidAt: notice.paidAt ?? new Date(),
      tradeNo: notice.tradeNo?.slice(0, 64) ?? order.tradeNo,
      transactionId: notice.transactionId?.slice(0, 64) ?? order.transactionId,
    })
    .where(and(eq(orders.id, order.id), eq(orders.payStatus, PAY_STATUS.unpaid)))
    .returning();
  if (!paid) return null;
  if (paid.closedAt !== null) {
    await tx.update(orders).set({ failureReason: PAID_AFTER_CLOSE }).where(eq(orders.id, paid.id));
    await startRefund(tx, paid, { amount: paid.amount, type: "automatic", reason: PAID_AFTER_CLOSE, accountId: null });
    return "paid_after_close";
  }
  if (paid.deviceId) {
    await extendMachineHold(tx, paid.orderNo, START_HOLD_SECONDS);
    await enqueue(tx, { kind: PAID_START, key: `start:${paid.orderNo}`, vendorId, payload: { orderId: paid.id } });
  }
  return "paid";
}

/**
 * Why a notice is not a payment of this order, or null when it is: the provider must say both the
 * amount and the currency it took, and both must be the order's — a genuinely signed payment of
 * 700 US cents or 700 rupiah is no payment of a RM 7.00 order.
 */
function paymentMismatch(notice: PaymentNotice, order: { amount: number; currency: string }): string | null {
  if (notice.amount === null || notice.currency === null) {
    return "The provider did not say the amount and currency paid (or stated an amount finer than the currency's unit)";
  }
  const currency = notice.currency.toUpperCase();
  if (currency !== order.currency || notice.amount !== order.amount) {
    return `The provider reported ${formatMoney(notice.amount, isCurrencyCode(currency) ? currency : order.currency)} ${currency} paid, not the order's ${formatMoney(order.amount, order.currency)} ${order.currency}`.slice(
      0,
      255,
    );
  }
  return null;
}

/**
 * A provider says how a refund of ours ended (a refund it had accepted as processing). Answers how,
 * for the metrics (null: unknown, or it had ended already).
 */
export async function recordRefundNotice(
  tx: Tx,
  vendorId: number,
  notice: Extract<ProviderNotice, { kind: "refund" }>,
): Promise<RefundOutcome | null> {
  const [refund] = await tx
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.refundNo, notice.refundNo), tenantOfVendor(vendorId).owns(orderRefunds)));
  if (!refund) return null;
  const ended = await finishRefund(
    tx,
    refund.id,
    notice.succeeded
      ? { state: "succeeded", refundId: notice.refundId ?? notice.refundNo }
      : { state: "failed", reason: notice.reason ?? "The provider refused the refund" },
  );
  return ended ? (notice.succeeded ? "succeeded" : "failed") : null;
}
