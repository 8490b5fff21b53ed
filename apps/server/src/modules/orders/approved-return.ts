import type { AppDeps } from "../../platform/module.js";
import { orderByNumber } from "./order-lookup.js";
import { paymentLapsed, payStatusName } from "./order-view.js";
import { recordPayment } from "./payments.js";
import { adapterOf } from "./providers/index.js";
import { providerCall } from "./providers/provider-call.js";

/**
 * The customer is back on our page from the provider's approval page. A provider that takes the money
 * only when we complete the approved payment (PayPal captures Orders v2) takes it now, and the
 * payment is recorded as its notification would record it (the notification arriving too records it
 * once). Nothing happens for other providers, a paid order, or one no longer payable: a machine whose
 * hold is over is not started, and an uncompleted approval moves no money.
 */
export async function completeApprovedPayment(
  deps: Pick<AppDeps, "db" | "secrets" | "config" | "metrics">,
  orderNo: string,
): Promise<void> {
  const order = (await orderByNumber(deps.db, orderNo))?.order;
  if (!order || payStatusName(order.payStatus) !== "unpaid" || !order.transactionId) return;
  if (paymentLapsed(order)) return;
  const adapter = adapterOf(order.source);
  if (!adapter?.completeApproved) return;
  const call = await providerCall(deps, adapter, order.vendorId);
  if (!call) return;
  const done = await adapter.completeApproved(call, order.transactionId).catch(() => undefined);
  if (!done?.completed) return;
  const recorded = await deps.db.transaction((tx) =>
    recordPayment(tx, order.vendorId, adapter.id, {
      kind: "payment",
      eventId: `capture:${done.captureId ?? order.orderNo}`,
      orderNo: order.orderNo,
      paid: true,
      tradeNo: done.captureId,
      transactionId: done.captureId,
      amount: done.amount,
      currency: done.currency,
      paidAt: new Date(),
    }),
  );
  deps.metrics.payments.paymentRecorded(adapter.id, recorded);
}
