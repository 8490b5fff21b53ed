import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { fromProviderAmount, ProviderAmountError, toProviderInteger } from "@washboard/shared";
import { z } from "zod";
import { WebhookRefused } from "../../../platform/http/webhook.js";
import {
  type CloseOutcome,
  type CloseRequest,
  type NotificationRequest,
  type PaymentRequest,
  type PaymentStart,
  type ProviderAdapter,
  type ProviderCall,
  ProviderError,
  type ProviderNotice,
  type RefundOutcome,
  type RefundRequest,
} from "./adapter.js";
import { fetchJson, isRetryable, isSuccess, type JsonAnswer } from "./http.js";
import { parseJson } from "./json.js";

/**
 * Stripe: payments through Checkout Sessions, refunds through the Refunds API, and signed webhooks
 * (the `Stripe-Signature` header). Calls are form-encoded with Stripe's bracket notation and
 * authenticated with the vendor's secret key as a Bearer token.
 *
 * Amounts: our minor units come from the currency table of @washboard/shared, where some
 * currencies (THB, TWD, IDR, HUF…) are counted in whole units. Stripe counts every currency in its
 * smallest unit but for its own zero-decimal list; the descriptor declares it and the one conversion
 * of provider-money.ts converts both ways.
 *
 * A request's notifyUrl is not sent: Stripe posts events to the webhook endpoint configured on the
 * vendor's account, signed with that endpoint's secret (the webhook_secret credential).
 */

const TOLERANCE_SECONDS = 300;

/** Our minor units → Stripe's (1000 THB is 1000 to us, 100000 satang to Stripe): provider-money.ts. */
function toStripeAmount(amount: number, currency: string): number {
  try {
    return toProviderInteger("stripe", currency, amount);
  } catch (error) {
    if (error instanceof ProviderAmountError) throw new ProviderError(`stripe: ${error.message}`, false);
    throw error;
  }
}

/** Stripe's units → ours; null when the currency is not one we hold, or the amount is finer than our unit. */
function fromStripeAmount(amount: number | null | undefined, currency: string | null | undefined): number | null {
  if (amount == null || !currency) return null;
  return fromProviderAmount("stripe", currency, amount);
}

// ---------------------------------------------------------------------------------------------
// Calls

async function post(
  call: ProviderCall,
  path: string,
  form: URLSearchParams,
  idempotencyKey: string,
): Promise<JsonAnswer> {
  const secretKey = call.credentials.secret_key;
  if (!secretKey) throw new ProviderError("stripe: the secret_key credential is missing", false);
  const headers = {
    authorization: `Bearer ${secretKey}`,
    "content-type": "application/x-www-form-urlencoded",
    "idempotency-key": idempotencyKey,
  };
  return fetchJson("stripe", call, "POST", path, headers, form.toString());
}

/**
 * Besides 429 and 5xx, a 409 may pass later at Stripe (a request with the same idempotency key still
 * running, or a lock timeout); any other 4xx is Stripe's final word on these parameters.
 */
const isRetryableAtStripe = (status: number) => status === 409 || isRetryable(status);

const StripeErrorBody = z.object({
  error: z.object({ type: z.string().optional(), code: z.string().optional(), message: z.string().optional() }),
});

function errorMessage(answer: JsonAnswer): string {
  const parsed = StripeErrorBody.safeParse(answer.body);
  const error = parsed.success ? parsed.data.error : undefined;
  return `stripe: HTTP ${answer.status}${error?.type ? ` ${error.type}` : ""}: ${error?.message ?? "no error message"}`;
}

// ---------------------------------------------------------------------------------------------
// Payments and refunds

const CheckoutSessionCreated = z.object({ id: z.string(), url: z.string() });

async function startPayment(call: ProviderCall, request: PaymentRequest): Promise<PaymentStart> {
  const form = new URLSearchParams({
    mode: "payment",
    "line_items[0][price_data][currency]": request.currency.toLowerCase(),
    "line_items[0][price_data][unit_amount]": String(toStripeAmount(request.amount, request.currency)),
    // Stripe refuses an empty product name.
    "line_items[0][price_data][product_data][name]": request.description || request.orderNo,
    "line_items[0][quantity]": "1",
    client_reference_id: request.orderNo,
    "metadata[order_no]": request.orderNo,
    // The PaymentIntent carries the order number too, for payment_intent.* events and refunds.
    "payment_intent_data[metadata][order_no]": request.orderNo,
    success_url: request.returnUrl,
    cancel_url: request.returnUrl,
    // Stripe lets a session expire no sooner than 30 minutes after it is made; the machine's hold is
    // shorter, so we expire the session ourselves when the hold ends (close below). The value comes
    // from the order alone, not the clock: a retry of the same order must send the same parameters,
    // or Stripe refuses its idempotency key.
    expires_at: String(stripeExpiryOf(request.expiresAt)),
  });
  // The same order asked twice (a double click, a retry) gets the same session back.
  const answer = await post(call, "/v1/checkout/sessions", form, request.orderNo);
  if (!isSuccess(answer.status)) throw new ProviderError(errorMessage(answer), isRetryableAtStripe(answer.status));
  const session = CheckoutSessionCreated.safeParse(answer.body);
  if (!session.success) throw new ProviderError("stripe: the checkout session answer has no id or url", false);
  return { kind: "redirect", url: session.data.url, providerRef: session.data.id };
}

/**
 * The hold's end plus Stripe's 30 minutes and a minute's room for clocks: while the hold lasts (the
 * only time a start is asked), this is always later than Stripe's earliest allowed expiry.
 */
const stripeExpiryOf = (holdEnds: Date) => Math.ceil(holdEnds.getTime() / 1000) + 31 * 60;

const SessionState = z.object({ status: z.string().nullish(), payment_status: z.string().nullish() });

/**
 * Expires the Checkout Session so it can no longer be paid. Stripe refuses to expire one that is not
 * open (complete or expired already): the session itself then says whether it was paid.
 */
async function close(call: ProviderCall, request: CloseRequest): Promise<CloseOutcome> {
  if (!request.providerRef) return "closed";
  const path = `/v1/checkout/sessions/${encodeURIComponent(request.providerRef)}`;
  const expired = await post(call, `${path}/expire`, new URLSearchParams(), `expire:${request.orderNo}`);
  if (isSuccess(expired.status)) return "closed";
  if (isRetryableAtStripe(expired.status)) throw new ProviderError(errorMessage(expired), true);
  const secretKey = call.credentials.secret_key ?? "";
  const answer = await fetchJson("stripe", call, "GET", path, { authorization: `Bearer ${secretKey}` });
  const session = SessionState.safeParse(answer.body);
  if (!isSuccess(answer.status) || !session.success) {
    throw new ProviderError(errorMessage(expired), isRetryableAtStripe(answer.status));
  }
  return session.data.payment_status === "paid" ? "paid" : "closed";
}

const Metadata = z.record(z.string(), z.string());

const StripeRefund = z.object({
  id: z.string(),
  status: z.string().nullish(),
  metadata: Metadata.nullish(),
  failure_reason: z.string().nullish(),
});
type StripeRefund = z.infer<typeof StripeRefund>;

function refundOutcome(refund: StripeRefund): RefundOutcome {
  switch (refund.status) {
    case "succeeded":
      return { state: "succeeded", refundId: refund.id };
    case "failed":
    case "canceled":
      return { state: "failed", reason: refund.failure_reason ?? `stripe: refund ${refund.status}` };
    default:
      // pending, requires_action, or a state Stripe adds later: its refund.updated event says how it ends.
      return { state: "processing", refundId: refund.id };
  }
}

async function refund(call: ProviderCall, request: RefundRequest): Promise<RefundOutcome> {
  if (!request.tradeNo) return { state: "failed", reason: "stripe: the payment has no payment intent to refund" };
  const form = new URLSearchParams({
    payment_intent: request.tradeNo,
    amount: String(toStripeAmount(request.amount, request.currency)),
    "metadata[refund_no]": request.refundNo,
    "metadata[order_no]": request.orderNo,
  });
  // Stripe's own `reason` is an enum; ours is free text, so it travels as metadata (500 characters at most).
  if (request.reason) form.set("metadata[reason]", request.reason.slice(0, 500));
  const answer = await post(call, "/v1/refunds", form, request.refundNo);
  if (!isSuccess(answer.status)) {
    if (isRetryableAtStripe(answer.status)) throw new ProviderError(errorMessage(answer), true);
    return { state: "failed", reason: errorMessage(answer) };
  }
  const parsed = StripeRefund.safeParse(answer.body);
  if (!parsed.success) throw new ProviderError("stripe: the refund answer has no id", false);
  return refundOutcome(parsed.data);
}

// ---------------------------------------------------------------------------------------------
// Notifications

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

interface SignatureHeader {
  /** As written in the header: the signed payload starts with these exact characters. */
  timestamp: string;
  signatures: string[];
}

/** `t=1700000000,v1=abc…,v1=def…,v0=…`: several v1 while the endpoint's secret is being rolled. */
function parseSignatureHeader(header: string): SignatureHeader | null {
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === "t") timestamp = value;
    else if (key === "v1") signatures.push(value);
  }
  if (!timestamp || !/^\d+$/.test(timestamp) || signatures.length === 0) return null;
  return { timestamp, signatures };
}

/** Constant-time comparison with a hex signature from the header (a malformed one is simply unequal). */
function matches(expected: Buffer, hex: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
  return timingSafeEqual(expected, Buffer.from(hex, "hex"));
}

function verifySignature(rawBody: Buffer, headers: IncomingHttpHeaders, secret: string, now: Date): void {
  const header = headerValue(headers["stripe-signature"]);
  if (!header) throw new WebhookRefused("stripe: no Stripe-Signature header");
  const parsed = parseSignatureHeader(header);
  if (!parsed) throw new WebhookRefused("stripe: malformed Stripe-Signature header");
  const age = Math.floor(now.getTime() / 1000) - Number(parsed.timestamp);
  // Either way: an old request may be a replay, one from the future a forged timestamp.
  if (Math.abs(age) > TOLERANCE_SECONDS) throw new WebhookRefused("stripe: signature timestamp outside the tolerance");
  const expected = createHmac("sha256", secret).update(`${parsed.timestamp}.`).update(rawBody).digest();
  if (!parsed.signatures.some((signature) => matches(expected, signature))) {
    throw new WebhookRefused("stripe: no signature matches");
  }
}

const StripeEvent = z.object({
  id: z.string(),
  type: z.string(),
  created: z.number(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
type StripeEvent = z.infer<typeof StripeEvent>;

const CheckoutSession = z.object({
  payment_status: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  metadata: Metadata.nullish(),
  payment_intent: z.string().nullish(),
  amount_total: z.number().nullish(),
  currency: z.string().nullish(),
});

const PaymentIntent = z.object({
  id: z.string(),
  metadata: Metadata.nullish(),
  amount: z.number().nullish(),
  amount_received: z.number().nullish(),
  currency: z.string().nullish(),
});

/** A charge lists its refunds newest first (when the API version still includes them). */
const Charge = z.object({ refunds: z.object({ data: z.array(StripeRefund) }).nullish() });

function checkoutNotice(event: StripeEvent): ProviderNotice {
  const session = CheckoutSession.safeParse(event.data.object);
  if (!session.success || session.data.payment_status !== "paid") return { kind: "ignored", eventId: event.id };
  const s = session.data;
  const orderNo = s.client_reference_id ?? s.metadata?.order_no;
  // A checkout made by something else on the vendor's Stripe account: not one of our orders.
  if (!orderNo) return { kind: "ignored", eventId: event.id };
  return {
    kind: "payment",
    eventId: event.id,
    orderNo,
    paid: true,
    tradeNo: s.payment_intent ?? null,
    transactionId: s.payment_intent ?? null,
    amount: fromStripeAmount(s.amount_total, s.currency),
    currency: s.currency?.toUpperCase() ?? null,
    paidAt: new Date(event.created * 1000),
  };
}

function paymentIntentNotice(event: StripeEvent): ProviderNotice {
  const intent = PaymentIntent.safeParse(event.data.object);
  const orderNo = intent.success ? intent.data.metadata?.order_no : undefined;
  if (!intent.success || !orderNo) return { kind: "ignored", eventId: event.id };
  const pi = intent.data;
  return {
    kind: "payment",
    eventId: event.id,
    orderNo,
    paid: true,
    tradeNo: pi.id,
    transactionId: pi.id,
    amount: fromStripeAmount(pi.amount_received ?? pi.amount, pi.currency),
    currency: pi.currency?.toUpperCase() ?? null,
    paidAt: new Date(event.created * 1000),
  };
}

/** Only a refund of ours (metadata.refund_no) in a final state: a pending one is not news yet. */
function refundNotice(eventId: string, refund: StripeRefund | undefined): ProviderNotice {
  const refundNo = refund?.metadata?.refund_no;
  if (!refund || !refundNo) return { kind: "ignored", eventId };
  if (refund.status === "succeeded") {
    return { kind: "refund", eventId, refundNo, succeeded: true, refundId: refund.id, reason: null };
  }
  if (refund.status === "failed" || refund.status === "canceled") {
    const reason = refund.failure_reason ?? `refund ${refund.status}`;
    return { kind: "refund", eventId, refundNo, succeeded: false, refundId: refund.id, reason };
  }
  return { kind: "ignored", eventId };
}

function noticeOf(event: StripeEvent): ProviderNotice {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return checkoutNotice(event);
    case "payment_intent.succeeded":
      return paymentIntentNotice(event);
    case "refund.created":
    case "refund.updated":
    case "refund.failed": {
      const refund = StripeRefund.safeParse(event.data.object);
      return refundNotice(event.id, refund.success ? refund.data : undefined);
    }
    case "charge.refunded": {
      const charge = Charge.safeParse(event.data.object);
      const refunds = charge.success ? (charge.data.refunds?.data ?? []) : [];
      return refundNotice(
        event.id,
        refunds.find((r) => r.metadata?.refund_no),
      );
    }
    default:
      return { kind: "ignored", eventId: event.id };
  }
}

async function verifyNotification(request: NotificationRequest): Promise<ProviderNotice> {
  const secret = request.call.credentials.webhook_secret;
  if (!secret) throw new WebhookRefused("stripe: no webhook_secret is configured");
  verifySignature(request.rawBody, request.headers, secret, request.now ?? new Date());
  const event = StripeEvent.safeParse(parseJson(request.rawBody.toString("utf8")));
  if (!event.success) throw new WebhookRefused("stripe: the signed body is not an event");
  return noticeOf(event.data);
}

export const stripe: ProviderAdapter = {
  id: "stripe",
  defaultBaseUrl: "https://api.stripe.com",
  startPayment,
  close,
  refund,
  verifyNotification,
  // Stripe stops retrying on any 2xx.
  notificationAck: { status: 200, contentType: "application/json", body: JSON.stringify({ received: true }) },
};
