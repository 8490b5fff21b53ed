import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { fromProviderAmount, ProviderAmountError, toProviderDecimal } from "@washboard/shared";
import { z } from "zod";
import { WebhookRefused } from "../../../platform/http/webhook.js";
import {
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
import { dateOf, parseJson } from "./json.js";

/**
 * PayPal REST: an OAuth2 client-credentials token, Orders v2 for payments (the customer approves
 * at PayPal, we capture when they come back), Payments v2 for refunds, and webhooks verified by
 * PayPal's own verify-webhook-signature API (with the vendor's webhook_id).
 *
 * Amounts travel as decimal strings in major units with PayPal's decimals for the currency (ISO 4217's,
 * but none for HUF, JPY and TWD), converted by provider-money.ts: USD 1999 → "19.99", JPY 500 → "500".
 *
 * Idempotency: every call that creates something carries PayPal-Request-Id (the order number, the
 * refund number, `capture-<order id>`); PayPal answers a repeat with the first answer.
 */

/** A token is renewed this long before PayPal says it expires (at most half its lifetime). */
const TOKEN_MARGIN_SECONDS = 300;

// ---------------------------------------------------------------------------------------------
// Amounts

/** Our minor units as PayPal's `value`: "19.99" for USD 1999, "500" for JPY 500, "50.00" for THB 50. */
export function toPayPalValue(amount: number, currency: string): string {
  try {
    return toProviderDecimal("paypal", currency, amount);
  } catch (error) {
    if (error instanceof ProviderAmountError) throw new ProviderError(`paypal: ${error.message}`, false);
    throw error;
  }
}

/**
 * PayPal's `value` in our minor units, by integer arithmetic; null when it is not a number, the
 * currency is not one PayPal takes, or it is finer than our unit (JPY "500.5") — no order's amount,
 * which the orders service refuses to take as a payment.
 */
export function fromPayPalValue(value: string, currency: string): number | null {
  return fromProviderAmount("paypal", currency, value);
}

// ---------------------------------------------------------------------------------------------
// Calls and the token

interface CachedToken {
  token: string;
  /** Epoch milliseconds after which a new token is asked for. */
  renewAt: number;
}

const tokens = new Map<string, CachedToken>();
/** Token requests under way, so concurrent calls share one instead of each asking its own. */
const tokenRequests = new Map<string, Promise<CachedToken>>();

function clientOf(call: ProviderCall): { id: string; secret: string } {
  const id = call.credentials.client_id;
  const secret = call.credentials.client_secret;
  if (!id || !secret) throw new ProviderError("paypal: the client_id or client_secret credential is missing", false);
  return { id, secret };
}

/**
 * Per base URL and client id; the secret's fingerprint is part of the key so that corrected
 * credentials take effect at once instead of after the old token's lifetime.
 */
function tokenKey(call: ProviderCall): string {
  const client = clientOf(call);
  const fingerprint = createHash("sha256").update(client.secret).digest("hex").slice(0, 16);
  return `${call.baseUrl}\n${client.id}\n${fingerprint}`;
}

const TokenAnswer = z.object({ access_token: z.string(), expires_in: z.number() });
const OAuthError = z.object({ error: z.string().optional(), error_description: z.string().optional() });

async function requestToken(call: ProviderCall): Promise<CachedToken> {
  const client = clientOf(call);
  const basic = Buffer.from(`${client.id}:${client.secret}`).toString("base64");
  const answer = await fetchJson(
    "paypal",
    call,
    "POST",
    "/v1/oauth2/token",
    {
      authorization: `Basic ${basic}`,
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    },
    "grant_type=client_credentials",
  );
  const parsed = TokenAnswer.safeParse(answer.body);
  if (!isSuccess(answer.status) || !parsed.success) {
    const error = OAuthError.safeParse(answer.body);
    const detail = error.success ? (error.data.error_description ?? error.data.error) : undefined;
    throw new ProviderError(
      `paypal: token refused (HTTP ${answer.status}): ${detail ?? "no error message"}`,
      isRetryable(answer.status),
    );
  }
  const lifetime = parsed.data.expires_in;
  const margin = Math.min(TOKEN_MARGIN_SECONDS, lifetime / 2);
  return { token: parsed.data.access_token, renewAt: Date.now() + (lifetime - margin) * 1000 };
}

async function accessToken(call: ProviderCall): Promise<string> {
  const key = tokenKey(call);
  const cached = tokens.get(key);
  if (cached && cached.renewAt > Date.now()) return cached.token;
  let pending = tokenRequests.get(key);
  if (!pending) {
    pending = requestToken(call).finally(() => tokenRequests.delete(key));
    tokenRequests.set(key, pending);
  }
  const fresh = await pending;
  tokens.set(key, fresh);
  return fresh.token;
}

/**
 * A call with the bearer token. A 401 means the cached token died early (revoked, PayPal's cache
 * lost): the token is forgotten and the call made once more with a new one.
 */
async function api(
  call: ProviderCall,
  method: "GET" | "POST",
  path: string,
  options: { body?: unknown; rawBody?: string; requestId?: string } = {},
): Promise<JsonAnswer> {
  const attempt = async () => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await accessToken(call)}`,
      "content-type": "application/json",
      accept: "application/json",
    };
    if (options.requestId) headers["paypal-request-id"] = options.requestId;
    const body = options.body === undefined ? options.rawBody : JSON.stringify(options.body);
    return fetchJson("paypal", call, method, path, headers, body);
  };
  const first = await attempt();
  if (first.status !== 401) return first;
  tokens.delete(tokenKey(call));
  return attempt();
}

const PayPalErrorBody = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  details: z.array(z.object({ issue: z.string().optional(), description: z.string().optional() })).optional(),
});

/** PayPal's error answer: `{ name, message, details: [{ issue, description }] }`. */
function errorOf(answer: JsonAnswer): { issue: string | null; message: string } {
  const parsed = PayPalErrorBody.safeParse(answer.body);
  const body = parsed.success ? parsed.data : {};
  const detail = body.details?.[0];
  const text = detail?.description ?? body.message ?? body.name ?? "no error message";
  const issue = detail?.issue ?? null;
  const label = issue ?? body.name;
  return { issue, message: `paypal: HTTP ${answer.status}${label ? ` ${label}` : ""}: ${text}` };
}

function failure(answer: JsonAnswer): ProviderError {
  return new ProviderError(errorOf(answer).message, isRetryable(answer.status));
}

// ---------------------------------------------------------------------------------------------
// Payments

const Link = z.object({ href: z.string(), rel: z.string() });
const CreatedOrder = z.object({ id: z.string(), links: z.array(Link).default([]) });

async function startPayment(call: ProviderCall, request: PaymentRequest): Promise<PaymentStart> {
  const unit = {
    reference_id: request.orderNo,
    custom_id: request.orderNo,
    invoice_id: request.orderNo,
    // PayPal caps the description at 127 characters and refuses an empty one.
    ...(request.description ? { description: request.description.slice(0, 127) } : {}),
    amount: { currency_code: request.currency, value: toPayPalValue(request.amount, request.currency) },
  };
  const body = {
    intent: "CAPTURE",
    purchase_units: [unit],
    payment_source: {
      paypal: {
        experience_context: {
          return_url: request.returnUrl,
          cancel_url: request.returnUrl,
          user_action: "PAY_NOW",
          // A laundry cycle is not shipped: PayPal should not ask for an address.
          shipping_preference: "NO_SHIPPING",
        },
      },
    },
  };
  const answer = await api(call, "POST", "/v2/checkout/orders", { body, requestId: request.orderNo });
  if (!isSuccess(answer.status)) throw failure(answer);
  const order = CreatedOrder.safeParse(answer.body);
  if (!order.success) throw new ProviderError("paypal: the order answer has no id", false);
  const link =
    order.data.links.find((l) => l.rel === "payer-action") ?? order.data.links.find((l) => l.rel === "approve");
  if (!link) throw new ProviderError("paypal: the order answer has no payer-action link", false);
  return { kind: "redirect", url: link.href, providerRef: order.data.id };
}

const Amount = z.object({ currency_code: z.string(), value: z.string() });

const Capture = z.object({
  id: z.string(),
  status: z.string(),
  amount: Amount.optional(),
  custom_id: z.string().optional(),
  invoice_id: z.string().optional(),
  create_time: z.string().optional(),
  update_time: z.string().optional(),
});

const CapturedOrder = z.object({
  status: z.string(),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().optional(),
        payments: z.object({ captures: z.array(Capture).default([]) }).optional(),
      }),
    )
    .default([]),
});

export interface PayPalCapture {
  completed: boolean;
  captureId: string | null;
  orderNo: string | null;
  /** In our minor units of `currency`. */
  amount: number | null;
  /** The currency PayPal says was captured. */
  currency: string | null;
}

const NOT_COMPLETED: PayPalCapture = { completed: false, captureId: null, orderNo: null, amount: null, currency: null };

function captureOf(body: unknown): PayPalCapture {
  const order = CapturedOrder.safeParse(body);
  if (!order.success) return NOT_COMPLETED;
  const unit = order.data.purchase_units[0];
  const capture = unit?.payments?.captures[0];
  if (!capture) return NOT_COMPLETED;
  return {
    // A PENDING capture (an eCheck, a review) is not money received yet.
    completed: order.data.status === "COMPLETED" && capture.status === "COMPLETED",
    captureId: capture.id,
    orderNo: capture.custom_id ?? capture.invoice_id ?? unit?.reference_id ?? null,
    amount: capture.amount ? fromPayPalValue(capture.amount.value, capture.amount.currency_code) : null,
    currency: capture.amount?.currency_code ?? null,
  };
}

/** The customer did not approve (closed the window, cancelled): nothing to capture, nothing wrong. */
const NOT_APPROVED_ISSUES = new Set(["ORDER_NOT_APPROVED", "PAYER_ACTION_REQUIRED"]);

/**
 * Captures an approved PayPal order, when the customer comes back from PayPal. Safe to repeat:
 * the same PayPal-Request-Id gets the first capture's answer, and an order captured by another
 * way is read back instead. An order the customer did not approve answers `completed: false`.
 */
export async function capturePayPalOrder(call: ProviderCall, providerOrderId: string): Promise<PayPalCapture> {
  const path = `/v2/checkout/orders/${encodeURIComponent(providerOrderId)}`;
  const answer = await api(call, "POST", `${path}/capture`, { requestId: `capture-${providerOrderId}` });
  if (isSuccess(answer.status)) return captureOf(answer.body);
  const { issue } = errorOf(answer);
  if (issue && NOT_APPROVED_ISSUES.has(issue)) return NOT_COMPLETED;
  if (issue === "ORDER_ALREADY_CAPTURED") {
    const order = await api(call, "GET", path);
    if (isSuccess(order.status)) return captureOf(order.body);
    throw failure(order);
  }
  throw failure(answer);
}

// ---------------------------------------------------------------------------------------------
// Refunds

const PayPalRefund = z.object({
  id: z.string(),
  status: z.string(),
  custom_id: z.string().optional(),
  status_details: z.object({ reason: z.string().optional() }).optional(),
});

async function refund(call: ProviderCall, request: RefundRequest): Promise<RefundOutcome> {
  if (!request.tradeNo) return { state: "failed", reason: "paypal: the payment has no capture id to refund" };
  const body = {
    amount: { value: toPayPalValue(request.amount, request.currency), currency_code: request.currency },
    // Our refund number comes back on the refund's webhook events: what makes them identifiable.
    custom_id: request.refundNo,
    ...(request.reason ? { note_to_payer: request.reason.slice(0, 255) } : {}),
  };
  const path = `/v2/payments/captures/${encodeURIComponent(request.tradeNo)}/refund`;
  const answer = await api(call, "POST", path, { body, requestId: request.refundNo });
  if (!isSuccess(answer.status)) {
    if (isRetryable(answer.status)) throw failure(answer);
    return { state: "failed", reason: errorOf(answer).message };
  }
  const parsed = PayPalRefund.safeParse(answer.body);
  if (!parsed.success) throw new ProviderError("paypal: the refund answer has no id", false);
  const { id, status, status_details } = parsed.data;
  if (status === "COMPLETED") return { state: "succeeded", refundId: id };
  if (status === "PENDING") return { state: "processing", refundId: id };
  return {
    state: "failed",
    reason: `paypal: refund ${status}${status_details?.reason ? ` (${status_details.reason})` : ""}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Notifications

const TRANSMISSION_HEADERS = {
  auth_algo: "paypal-auth-algo",
  cert_url: "paypal-cert-url",
  transmission_id: "paypal-transmission-id",
  transmission_sig: "paypal-transmission-sig",
  transmission_time: "paypal-transmission-time",
} as const;

type Transmission = Record<keyof typeof TRANSMISSION_HEADERS, string>;

function transmissionOf(headers: IncomingHttpHeaders): Transmission {
  const entries = Object.entries(TRANSMISSION_HEADERS).map(([field, header]) => {
    const raw = headers[header];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (!value) throw new WebhookRefused(`paypal: no ${header} header`);
    return [field, value] as const;
  });
  return Object.fromEntries(entries) as Transmission;
}

const VerificationAnswer = z.object({ verification_status: z.string() });

/**
 * Asks PayPal whether it sent this transmission. The event is embedded as the bytes received, not
 * re-serialized: PayPal checks it against what it signed, and JSON.stringify may write it differently.
 * PayPal unreachable, failing or refusing our token is not a verdict: a plain error (our endpoint
 * answers 500 and PayPal retries), never WebhookRefused.
 */
async function verifyWithPayPal(
  call: ProviderCall,
  transmission: Transmission,
  webhookId: string,
  rawJson: string,
): Promise<void> {
  const head = JSON.stringify({ ...transmission, webhook_id: webhookId });
  const rawBody = `${head.slice(0, -1)},"webhook_event":${rawJson}}`;
  const answer = await api(call, "POST", "/v1/notifications/verify-webhook-signature", { rawBody });
  // 400/422: PayPal found the transmission's fields malformed, which only a forgery produces.
  if (answer.status === 400 || answer.status === 422) throw new WebhookRefused(errorOf(answer).message);
  if (!isSuccess(answer.status))
    throw new Error(`paypal: webhook verification unavailable: ${errorOf(answer).message}`);
  const verdict = VerificationAnswer.safeParse(answer.body);
  if (!verdict.success) throw new Error("paypal: webhook verification answered without a verification_status");
  if (verdict.data.verification_status !== "SUCCESS") {
    throw new WebhookRefused(`paypal: verification_status ${verdict.data.verification_status}`);
  }
}

const PayPalEvent = z.object({
  id: z.string(),
  event_type: z.string(),
  create_time: z.string().optional(),
  resource: z.record(z.string(), z.unknown()).default({}),
});
type PayPalEvent = z.infer<typeof PayPalEvent>;

function captureNotice(event: PayPalEvent): ProviderNotice {
  const parsed = Capture.safeParse(event.resource);
  const orderNo = parsed.success ? (parsed.data.custom_id ?? parsed.data.invoice_id) : undefined;
  // A capture without our order number was not started by us (another integration on the account).
  if (!parsed.success || !orderNo) return { kind: "ignored", eventId: event.id };
  const capture = parsed.data;
  return {
    kind: "payment",
    eventId: event.id,
    orderNo,
    paid: capture.status === "COMPLETED",
    tradeNo: capture.id,
    transactionId: capture.id,
    amount: capture.amount ? fromPayPalValue(capture.amount.value, capture.amount.currency_code) : null,
    currency: capture.amount?.currency_code ?? null,
    paidAt: dateOf(capture.update_time ?? capture.create_time ?? event.create_time),
  };
}

/** A refund we made (custom_id is our refund number) in a final state; PENDING is not news yet. */
function refundNotice(event: PayPalEvent): ProviderNotice {
  const parsed = PayPalRefund.safeParse(event.resource);
  const refundNo = parsed.success ? parsed.data.custom_id : undefined;
  if (!parsed.success || !refundNo) return { kind: "ignored", eventId: event.id };
  const { id, status, status_details } = parsed.data;
  if (status === "COMPLETED") {
    return { kind: "refund", eventId: event.id, refundNo, succeeded: true, refundId: id, reason: null };
  }
  if (status === "FAILED" || status === "CANCELLED") {
    const reason = status_details?.reason ?? `refund ${status}`;
    return { kind: "refund", eventId: event.id, refundNo, succeeded: false, refundId: id, reason };
  }
  return { kind: "ignored", eventId: event.id };
}

function noticeOf(event: PayPalEvent): ProviderNotice {
  if (event.event_type === "PAYMENT.CAPTURE.COMPLETED") return captureNotice(event);
  if (event.event_type === "PAYMENT.CAPTURE.REFUNDED" || event.event_type.startsWith("PAYMENT.REFUND.")) {
    return refundNotice(event);
  }
  return { kind: "ignored", eventId: event.id };
}

async function verifyNotification(request: NotificationRequest): Promise<ProviderNotice> {
  const webhookId = request.call.credentials.webhook_id;
  if (!webhookId) throw new WebhookRefused("paypal: no webhook_id is configured");
  const transmission = transmissionOf(request.headers);
  const rawJson = request.rawBody.toString("utf8");
  const event = PayPalEvent.safeParse(parseJson(rawJson));
  // Checked before the body is embedded in the verification call: it must be one JSON object.
  if (!event.success) throw new WebhookRefused("paypal: the body is not a webhook event");
  await verifyWithPayPal(request.call, transmission, webhookId, rawJson);
  return noticeOf(event.data);
}

export const paypal: ProviderAdapter = {
  id: "paypal",
  defaultBaseUrl: "https://api-m.paypal.com",
  startPayment,
  refund,
  verifyNotification,
  notificationAck: { status: 200, contentType: "application/json", body: "{}" },
  completeApproved: capturePayPalOrder,
};
