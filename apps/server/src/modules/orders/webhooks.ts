import type { Routes } from "../../platform/http/routes.js";
import { WebhookRefused } from "../../platform/http/webhook.js";
import type { AppDeps } from "../../platform/module.js";
import { recordPayment, recordRefundNotice } from "./payments.js";
import type { NotificationAck, ProviderNotice } from "./providers/adapter.js";
import { ADAPTERS } from "./providers/index.js";
import { providerCall } from "./providers/provider-call.js";

const DEFAULT_ACK: NotificationAck = { status: 200, contentType: "application/json", body: "{}" };

/**
 * One notification endpoint per provider that notifies (`/webhooks/<provider>/<vendor id>`, the
 * notify URL our payments and refunds give it): the vendor's credentials verify the signature by
 * the provider's scheme; a verified event is acted on once (the webhook record), inside the
 * transaction that records it.
 */
export function orderWebhooks(r: Routes, deps: AppDeps) {
  for (const adapter of ADAPTERS.values()) {
    const verify = adapter.verifyNotification;
    if (!verify) continue;
    const ack = adapter.notificationAck ?? DEFAULT_ACK;
    r.webhook<ProviderNotice>({
      path: `/webhooks/${adapter.id}/:vendorId`,
      provider: adapter.id,
      async verify(request) {
        const vendorId = Number(request.params.vendorId);
        if (!Number.isSafeInteger(vendorId) || vendorId <= 0 || vendorId > 2_147_483_647) {
          throw new WebhookRefused("no such merchant");
        }
        const call = await providerCall(deps, adapter, vendorId);
        if (!call) throw new WebhookRefused("the merchant has this provider switched off");
        const event = await verify.call(adapter, { rawBody: request.rawBody, headers: request.headers, call });
        return { eventId: event.eventId, vendorId, event };
      },
      async handle(delivery, tx) {
        const { event, vendorId } = delivery;
        if (vendorId === null) return ack;
        // Counted in the transaction that records it: a delivery that then fails is retried, and counted again.
        const { payments } = deps.metrics;
        if (event.kind === "payment")
          payments.paymentRecorded(adapter.id, await recordPayment(tx, vendorId, adapter.id, event));
        if (event.kind === "refund") payments.refundEnded(adapter.id, await recordRefundNotice(tx, vendorId, event));
        return ack;
      },
    });
  }
}
