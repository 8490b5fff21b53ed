import type { SubscriptionPaymentResult } from "@washboard/shared";
import { and, eq, getTableColumns, inArray } from "drizzle-orm";
import type { Tx } from "../../platform/db/client.js";
import { AppError } from "../../platform/http/app-error.js";
import type { AppDeps } from "../../platform/module.js";
import { extendSubscriptions } from "../devices/public.js";
import { adapterOf, type ProviderCall, ProviderError } from "../orders/public.js";
import { publicAddress } from "../system-config/public.js";
import { type VendorTenant, vendorTimeZoneOf } from "../tenancy/public.js";
import { findVendorOrder } from "./orders.js";
import { renewedUntil } from "./renewal.js";
import { platformPayPalCall } from "./settings.js";
import { subscriptionOrderDevices, subscriptionOrders } from "./tables.js";

/**
 * Paying a renewal order with PayPal Orders v2 (docs/subscriptions-design.md "Paying exactly once"):
 * the operator approves at PayPal, the capture happens when they come back or when PayPal's webhook
 * says so, and whichever reaches `settleCapture` first extends the machines — under the order's row
 * lock, so the second finds it paid and changes nothing.
 */

type PaymentDeps = Pick<AppDeps, "db" | "secrets" | "config">;

/** What PayPal says was captured for one of our orders. */
export interface RenewalCapture {
  orderNumber: string;
  captureId: string | null;
  /** Minor units of `currency`, as PayPal reports them; null when it did not say. */
  amount: number | null;
  currency: string | null;
}

export type SettleOutcome = "paid" | "already_paid" | "unknown_order" | "amount_mismatch";

/** PayPal's adapter, the one the orders module speaks Orders v2 with. */
export function payPalAdapter() {
  const adapter = adapterOf("paypal");
  const { startPayment, completeApproved, verifyNotification } = adapter ?? {};
  if (!adapter || !startPayment || !completeApproved || !verifyNotification) {
    throw new Error("the PayPal adapter is missing");
  }
  return {
    startPayment: startPayment.bind(adapter),
    completeApproved: completeApproved.bind(adapter),
    verifyNotification: verifyNotification.bind(adapter),
  };
}

async function payPalCallOrRefuse(deps: PaymentDeps): Promise<ProviderCall> {
  const call = await platformPayPalCall(deps);
  if (!call) throw new AppError("SUBSCRIPTION_PAYMENT_UNAVAILABLE");
  return call;
}

function providerFailure(error: unknown): never {
  if (error instanceof ProviderError) throw new AppError("PROVIDER_FAILED", { message: error.message });
  throw error;
}

/**
 * Settles a completed capture: in `tx`, under the order's row lock, an order not yet paid whose
 * capture matches its amount and currency becomes paid and each of its machines is extended by the
 * order's years (from its end date as read under the lock). A paid order is left as it is.
 */
export async function settleCapture(tx: Tx, capture: RenewalCapture, now = new Date()): Promise<SettleOutcome> {
  const [found] = await tx
    .select({ order: getTableColumns(subscriptionOrders), timeZone: vendorTimeZoneOf(subscriptionOrders.vendorId) })
    .from(subscriptionOrders)
    .where(eq(subscriptionOrders.orderNumber, capture.orderNumber))
    .for("update", { of: subscriptionOrders });
  if (!found) return "unknown_order";
  const { order, timeZone } = found;
  if (order.state === "paid") return "already_paid";
  if (capture.amount !== order.amount || capture.currency !== order.currency) return "amount_mismatch";
  const lines = await tx
    .select({ deviceId: subscriptionOrderDevices.deviceId })
    .from(subscriptionOrderDevices)
    .where(eq(subscriptionOrderDevices.orderId, order.id));
  const changes = await extendSubscriptions(
    tx,
    order.vendorId,
    lines.map((line) => line.deviceId),
    (current) => renewedUntil(current, now, order.years, timeZone ?? "UTC"),
  );
  for (const change of changes) {
    await tx
      .update(subscriptionOrderDevices)
      .set({ expiresBefore: change.before, expiresAfter: change.after })
      .where(and(eq(subscriptionOrderDevices.orderId, order.id), eq(subscriptionOrderDevices.deviceId, change.id)));
  }
  await tx
    .update(subscriptionOrders)
    .set({ state: "paid", captureId: capture.captureId, paidAt: now })
    .where(eq(subscriptionOrders.id, order.id));
  return "paid";
}

/**
 * Captures the order at PayPal if the operator approved it, and settles it. Safe to repeat and to run
 * beside the webhook: PayPal answers a repeated capture with the first, and settling is once.
 */
async function captureAndSettle(
  deps: PaymentDeps,
  call: ProviderCall,
  order: { orderNumber: string; paypalOrderId: string },
) {
  const captured = await payPalAdapter()
    .completeApproved(call, order.paypalOrderId)
    .catch((error: unknown) => providerFailure(error));
  if (!captured.completed) return "not_approved" as const;
  const capture: RenewalCapture = {
    orderNumber: order.orderNumber,
    captureId: captured.captureId,
    amount: captured.amount,
    currency: captured.currency,
  };
  return deps.db.transaction((tx) => settleCapture(tx, capture));
}

/** Where PayPal sends the operator back: our return route, which captures and opens the console. */
export const returnUrlOf = (publicUrl: string, returnPath: string) => `${publicUrl}${returnPath}`;

/**
 * Starts (or resumes) paying an order: an unpaid order gets a PayPal order — created with our order
 * number as PayPal-Request-Id, so two calls at once or a retry get the same PayPal order — and the
 * answer is its approval link. An order the operator already approved is captured and settled here.
 */
export async function payWithPayPal(
  deps: PaymentDeps,
  tenant: VendorTenant,
  id: number,
  returnPath: string,
): Promise<SubscriptionPaymentResult> {
  const order = await findVendorOrder(deps.db, tenant, id);
  if (order.state === "paid") throw new AppError("SUBSCRIPTION_ORDER_PAID");
  const call = await payPalCallOrRefuse(deps);
  if (order.state === "paying" && order.paypalOrderId) {
    const settled = await captureAndSettle(deps, call, {
      orderNumber: order.orderNumber,
      paypalOrderId: order.paypalOrderId,
    });
    if (settled === "paid" || settled === "already_paid") return { state: "paid", approval_url: null };
    return { state: "paying", approval_url: order.approvalUrl };
  }
  const publicUrl = await publicAddress(deps.db);
  if (!publicUrl) throw new AppError("PUBLIC_URL_NOT_SET");
  const returnUrl = returnUrlOf(publicUrl, returnPath);
  const started = await payPalAdapter()
    .startPayment(call, {
      orderNo: order.orderNumber,
      amount: order.amount,
      currency: order.currency,
      description: `Machine subscriptions: ${order.deviceCount} × ${order.years} years`,
      notifyUrl: returnUrl,
      returnUrl,
      // PayPal keeps an approval link for three hours; the order is ours to pay until then.
      expiresAt: new Date(Date.now() + 3 * 3_600_000),
    })
    .catch((error: unknown) => providerFailure(error));
  if (started.kind !== "redirect") throw new Error("PayPal answered no approval page");
  // Conditional: of two calls at once (the same PayPal order, by the request id), both write the same.
  await deps.db
    .update(subscriptionOrders)
    .set({ state: "paying", paypalOrderId: started.providerRef ?? null, approvalUrl: started.url })
    .where(and(eq(subscriptionOrders.id, order.id), inArray(subscriptionOrders.state, ["unpaid", "paying"])));
  return { state: "paying", approval_url: started.url };
}

/** The order PayPal's `token` names on the operator's return, and where the console shows it. */
export async function completeReturn(deps: PaymentDeps, paypalOrderId: string) {
  const [order] = await deps.db
    .select({ id: subscriptionOrders.id, state: subscriptionOrders.state, orderNumber: subscriptionOrders.orderNumber })
    .from(subscriptionOrders)
    .where(eq(subscriptionOrders.paypalOrderId, paypalOrderId));
  if (!order) return undefined;
  if (order.state === "paid") return { id: order.id, paid: true };
  const call = await platformPayPalCall(deps);
  if (!call) return { id: order.id, paid: false };
  const settled = await captureAndSettle(deps, call, { orderNumber: order.orderNumber, paypalOrderId }).catch(
    () => "failed" as const,
  );
  return { id: order.id, paid: settled === "paid" || settled === "already_paid" };
}
