import { createHmac, randomBytes } from "node:crypto";
import { fromProviderAmount, type OrderProviderId, ProviderAmountError, toProviderInteger } from "@washboard/shared";
import { z } from "zod";
import {
  type CloseOutcome,
  type CloseRequest,
  type OrderQueryAnswer,
  type PaymentRequest,
  type PaymentStart,
  type ProviderAdapter,
  type ProviderCall,
  ProviderError,
} from "./adapter.js";
import { fetchJson, isRetryable, isSuccess, type JsonAnswer } from "./http.js";
import { dateOf } from "./json.js";

/**
 * The signed JSON REST scheme of our FOMO Pay and QRIS adapters (fomo.ts, qris.ts). Their
 * documentation is not at hand, so this is our own documented scheme, which the providers' (or a
 * bridge's) endpoints are expected to speak:
 *
 *   POST {base}/api/orders                   create a QR payment
 *   GET  {base}/api/orders/{orderNo}         an order's state (check_order); orderNo percent-encoded
 *   POST {base}/api/orders/{orderNo}/close   close an unpaid order (body ""): it can no longer be paid
 *
 * Every request carries these headers:
 *   X-Merchant-Id   the merchant_id credential
 *   X-Timestamp     Unix time in seconds; refused when more than 300 s from the provider's clock
 *   X-Nonce         32 random hex characters, never used twice
 *   X-Signature     lower-case hex HMAC-SHA256 keyed with the api_key credential over
 *                   `${method}\n${path}\n${timestamp}\n${nonce}\n${body}`, where method is upper
 *                   case, path is as sent (percent-encoded, no query string) and body is the exact
 *                   JSON text sent ("" for GET)
 *
 * POST body: { order_no, amount, currency, description, notify_url, return_url, expires_at }, amount
 * an integer in minor units of currency as our currency table counts them (IDR in rupiah, SGD in
 * cents); expires_at ISO 8601: the provider takes no payment for the order after it.
 *
 * Answer (200, both calls):
 *   { order_no, status: "PAID" | "PENDING" | "FAILED", trade_no, amount, currency, paid_at, qr_content }
 *   trade_no: the provider's transaction number or null; amount: minor units as above, of currency;
 *   paid_at: ISO 8601 or null; qr_content: the text to show as a QR code (the create answer).
 * Errors: non-2xx with { code, message }; 404 on GET means the provider does not know the order.
 * Creating an order_no that exists answers the existing order (a retry is harmless). Closing answers
 * the order (status "CLOSED", or "PAID" when it was paid first); 404 when it was never created.
 */

export interface SignedParts {
  method: string;
  path: string;
  timestamp: string;
  nonce: string;
  body: string;
}

/** X-Signature: hex HMAC-SHA256(api_key, method \n path \n timestamp \n nonce \n body). */
export function restSignature(apiKey: string, parts: SignedParts): string {
  const payload = [parts.method.toUpperCase(), parts.path, parts.timestamp, parts.nonce, parts.body].join("\n");
  return createHmac("sha256", apiKey).update(payload).digest("hex");
}

async function signedCall(
  providerId: string,
  call: ProviderCall,
  method: "GET" | "POST",
  path: string,
  body = "",
): Promise<JsonAnswer> {
  const merchantId = call.credentials.merchant_id;
  const apiKey = call.credentials.api_key;
  if (!merchantId || !apiKey) {
    throw new ProviderError(`${providerId}: the merchant_id or api_key credential is missing`, false);
  }
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString("hex");
  const headers: Record<string, string> = {
    accept: "application/json",
    "x-merchant-id": merchantId,
    "x-timestamp": timestamp,
    "x-nonce": nonce,
    "x-signature": restSignature(apiKey, { method, path, timestamp, nonce, body }),
  };
  if (method === "POST") headers["content-type"] = "application/json";
  return fetchJson(providerId, call, method, path, headers, method === "POST" ? body : undefined);
}

const ErrorBody = z.object({ code: z.string().optional(), message: z.string().optional() });

function failure(providerId: string, answer: JsonAnswer): ProviderError {
  const parsed = ErrorBody.safeParse(answer.body);
  const error = parsed.success ? parsed.data : {};
  const message = `${providerId}: HTTP ${answer.status}${error.code ? ` ${error.code}` : ""}: ${error.message ?? "no error message"}`;
  return new ProviderError(message, isRetryable(answer.status));
}

const OrderAnswer = z.object({
  order_no: z.string(),
  status: z.string(),
  trade_no: z.string().nullish(),
  amount: z.number().int().nullish(),
  currency: z.string().nullish(),
  paid_at: z.string().nullish(),
  qr_content: z.string().nullish(),
});
type OrderAnswer = z.infer<typeof OrderAnswer>;

function orderOf(providerId: string, answer: JsonAnswer): OrderAnswer {
  if (!isSuccess(answer.status)) throw failure(providerId, answer);
  const parsed = OrderAnswer.safeParse(answer.body);
  if (!parsed.success) throw new ProviderError(`${providerId}: the order answer is not in the expected format`, false);
  return parsed.data;
}

export interface SignedRestProvider {
  id: OrderProviderId;
  defaultBaseUrl: string;
}

/** An adapter speaking the scheme above: QR payments and check_order queries, no refunds. */
export function signedRestAdapter(provider: SignedRestProvider): ProviderAdapter {
  const { id } = provider;

  async function startPayment(call: ProviderCall, request: PaymentRequest): Promise<PaymentStart> {
    let amount: number;
    try {
      amount = toProviderInteger(id, request.currency, request.amount);
    } catch (error) {
      if (error instanceof ProviderAmountError) throw new ProviderError(`${id}: ${error.message}`, false);
      throw error;
    }
    const body = JSON.stringify({
      order_no: request.orderNo,
      amount,
      currency: request.currency,
      description: request.description,
      notify_url: request.notifyUrl,
      return_url: request.returnUrl,
      expires_at: request.expiresAt.toISOString(),
    });
    const order = orderOf(id, await signedCall(id, call, "POST", "/api/orders", body));
    if (!order.qr_content) throw new ProviderError(`${id}: the order answer has no qr_content`, false);
    return { kind: "qr", content: order.qr_content, providerRef: order.trade_no ?? null };
  }

  async function query(call: ProviderCall, orderNo: string): Promise<OrderQueryAnswer> {
    const answer = await signedCall(id, call, "GET", `/api/orders/${encodeURIComponent(orderNo)}`);
    // Never created at the provider (the customer never got a QR code): not paid.
    if (answer.status === 404) return { paid: false, tradeNo: null, amount: null, currency: null, paidAt: null };
    const order = orderOf(id, answer);
    const currency = order.currency?.toUpperCase() ?? null;
    return {
      paid: order.status === "PAID",
      tradeNo: order.trade_no ?? null,
      amount: order.amount == null || currency === null ? null : fromProviderAmount(id, currency, order.amount),
      currency,
      paidAt: dateOf(order.paid_at),
    };
  }

  async function close(call: ProviderCall, request: CloseRequest): Promise<CloseOutcome> {
    const answer = await signedCall(id, call, "POST", `/api/orders/${encodeURIComponent(request.orderNo)}/close`);
    if (answer.status === 404) return "closed";
    return orderOf(id, answer).status === "PAID" ? "paid" : "closed";
  }

  return { id, defaultBaseUrl: provider.defaultBaseUrl, startPayment, close, query };
}
