import { API, SUBSCRIPTION_PAYPAL_RETURN_PATH, SUBSCRIPTION_PAYPAL_WEBHOOK_PATH } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import { WebhookRefused } from "../../platform/http/webhook.js";
import type { AppDeps } from "../../platform/module.js";
import { subscriptionDeviceCounts, subscriptionDevicePage } from "../devices/public.js";
import type { ProviderCall } from "../orders/public.js";
import { vendorTenant } from "../tenancy/public.js";
import { createSubscriptionOrder, listSubscriptionOrders, orderDetails } from "./orders.js";
import { completeReturn, payPalAdapter, payWithPayPal, settleCapture } from "./payment.js";
import { platformPayPalCall } from "./settings.js";

/** Where the console shows an order after PayPal (a hash route of the console). */
const ordersScreen = (id: number, paid: boolean) =>
  `/#/subscribe/orders?order=${id}&result=${paid ? "paid" : "unpaid"}`;

/** The renewal screens' calls (spec §7 "Data charge v3"), PayPal's return and its webhook. */
export function subscriptionRoutes(r: Routes, deps: AppDeps) {
  const { db } = deps;
  const api = API.subscriptions;
  r.call(api.devices, (input, ctx) => subscriptionDevicePage(db, vendorTenant(ctx.scope), input));
  r.call(api.deviceCounts, (_input, ctx) => subscriptionDeviceCounts(db, vendorTenant(ctx.scope)));
  r.call(api.createOrder, async (input, ctx) => {
    const order = await createSubscriptionOrder(db, vendorTenant(ctx.scope), input);
    ctx.audit.target = `subscription_order:${order.id} ${order.order_number}`;
    return order;
  });
  r.call(api.orderDetails, (input, ctx) => orderDetails(db, vendorTenant(ctx.scope), input.id));
  r.call(api.payWithPayPal, async (input, ctx) => {
    ctx.audit.target = `subscription_order:${input.id}`;
    return payWithPayPal(deps, vendorTenant(ctx.scope), input.id, SUBSCRIPTION_PAYPAL_RETURN_PATH);
  });
  r.call(api.orders, (input, ctx) => listSubscriptionOrders(db, vendorTenant(ctx.scope), input));

  // The operator back from PayPal (`?token=<PayPal order id>&PayerID=…`, or cancelled): capture what
  // was approved, then open the order in the console, paid or not. It needs no session: PayPal
  // itself says what was approved, and the answer is only a redirect.
  r.app.get(SUBSCRIPTION_PAYPAL_RETURN_PATH, async (request, reply) => {
    const { token } = request.query as { token?: unknown };
    const back = typeof token === "string" && token.length <= 64 ? await completeReturn(deps, token) : undefined;
    return reply.redirect(back ? ordersScreen(back.id, back.paid) : "/#/subscribe/orders", 303);
  });

  // PayPal's PAYMENT.CAPTURE.COMPLETED for a renewal order, verified with the platform's webhook id.
  r.webhook<{ orderNo: string; captureId: string | null; amount: number | null; currency: string | null } | null>({
    path: SUBSCRIPTION_PAYPAL_WEBHOOK_PATH,
    provider: "paypal_subscriptions",
    async verify(request) {
      const call: ProviderCall | undefined = await platformPayPalCall(deps);
      if (!call) throw new WebhookRefused("renewal payments are not set up");
      const notice = await payPalAdapter().verifyNotification({
        rawBody: request.rawBody,
        headers: request.headers,
        call,
      });
      const event =
        notice.kind === "payment" && notice.paid
          ? { orderNo: notice.orderNo, captureId: notice.tradeNo, amount: notice.amount, currency: notice.currency }
          : null;
      return { eventId: notice.eventId, vendorId: null, event };
    },
    async handle(delivery, tx) {
      const capture = delivery.event;
      if (capture) {
        const outcome = await settleCapture(tx, { orderNumber: capture.orderNo, ...capture });
        if (outcome === "amount_mismatch")
          deps.log.error({ order: capture.orderNo }, "a renewal capture does not match its order");
      }
      return { status: 200, contentType: "application/json", body: "{}" };
    },
  });
}
