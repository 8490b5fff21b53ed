import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { isRecord, parseJson } from "./fake-server.js";
import { type NetworkFailure, type Reply, startRestFake } from "./rest-fake.js";

/**
 * A fake provider speaking the signed JSON REST scheme of signed-rest.ts (our FOMO Pay and QRIS
 * adapters) on 127.0.0.1 (a random port), for tests. It checks every request as the scheme says —
 * X-Merchant-Id, X-Timestamp within 300 s, an unused X-Nonce, X-Signature = hex HMAC-SHA256 with
 * the api_key over `${method}\n${path}\n${timestamp}\n${nonce}\n${body}` — with its own code, not
 * the adapter's, so a slip in either shows.
 *
 *   const fake = await startSignedRestFake({ merchantId?, apiKey? });
 *   fomo.query({ baseUrl: fake.baseUrl, credentials: fake.credentials, publicUrl }, orderNo)
 *   fake.calls                   every request received, in order (refused and failed ones too)
 *   fake.orders                  the orders created, by order number, as the provider answers them
 *   fake.failNext({ status: 503, path? })  the next request (to `path`…) fails so;
 *     { status: 422, code, message } for a business error; { network: true } drops the connection
 *   fake.markPaid(orderNo, { tradeNo?, paidAt? })   the customer paid
 *   fake.markFailed(orderNo)     the payment failed
 *   (a closed order, or one past its expires_at, cannot be paid: markPaid throws, as the provider would refuse)
 *   await fake.close()
 */

export interface SignedRestFakeCall {
  method: string;
  /** As sent: percent-encoded, without the query string. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the next request (or the next one whose path starts with `path`) meets instead of the provider. */
export type SignedRestFakeFailure = { status: number; code?: string; message?: string; path?: string } | NetworkFailure;

export interface SignedRestFakeOrder {
  order_no: string;
  status: "PAID" | "PENDING" | "FAILED" | "CLOSED";
  trade_no: string;
  amount: number;
  currency: string;
  description: string;
  paid_at: string | null;
  qr_content: string;
  expires_at: string;
}

export interface SignedRestFake {
  baseUrl: string;
  credentials: { merchant_id: string; api_key: string };
  calls: SignedRestFakeCall[];
  orders: Map<string, SignedRestFakeOrder>;
  failNext(failure: SignedRestFakeFailure): void;
  markPaid(orderNo: string, payment?: { tradeNo?: string; paidAt?: Date }): void;
  markFailed(orderNo: string): void;
  close(): Promise<void>;
}

const TOLERANCE_SECONDS = 300;

const problem = (status: number, code: string, message: string): Reply => ({ status, body: { code, message } });

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export async function startSignedRestFake(
  options: { merchantId?: string; apiKey?: string } = {},
): Promise<SignedRestFake> {
  const credentials = {
    merchant_id: options.merchantId ?? `M${randomBytes(5).toString("hex")}`,
    api_key: options.apiKey ?? randomBytes(24).toString("hex"),
  };
  const calls: SignedRestFakeCall[] = [];
  const orders = new Map<string, SignedRestFakeOrder>();
  const nonces = new Set<string>();

  /** The scheme's checks, in the order a provider would make them; the nonce is spent only by a valid request. */
  function refusal(call: SignedRestFakeCall): Reply | null {
    const merchant = header(call.headers, "x-merchant-id");
    const timestamp = header(call.headers, "x-timestamp");
    const nonce = header(call.headers, "x-nonce");
    const signature = header(call.headers, "x-signature");
    if (!merchant || !timestamp || !nonce || !signature) {
      return problem(401, "UNAUTHORIZED", "X-Merchant-Id, X-Timestamp, X-Nonce and X-Signature are required");
    }
    if (merchant !== credentials.merchant_id) return problem(401, "MERCHANT_UNKNOWN", "unknown merchant");
    if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) {
      return problem(401, "TIMESTAMP_EXPIRED", "X-Timestamp is outside the allowed window");
    }
    if (nonces.has(nonce)) return problem(401, "NONCE_REUSED", "X-Nonce was already used");
    const payload = `${call.method}\n${call.path}\n${timestamp}\n${nonce}\n${call.body}`;
    const expected = createHmac("sha256", credentials.api_key).update(payload).digest();
    const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, "hex") : Buffer.alloc(0);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return problem(401, "SIGNATURE_INVALID", "X-Signature does not match");
    }
    nonces.add(nonce);
    return null;
  }

  function create(body: string): Reply {
    const json = parseJson(body);
    if (!isRecord(json) || typeof json.order_no !== "string" || typeof json.currency !== "string") {
      return problem(400, "INVALID_REQUEST", "order_no and currency are required");
    }
    if (typeof json.amount !== "number" || !Number.isSafeInteger(json.amount) || json.amount <= 0) {
      return problem(400, "INVALID_REQUEST", "amount must be a positive integer in minor units");
    }
    const expiresAt = typeof json.expires_at === "string" ? Date.parse(json.expires_at) : Number.NaN;
    if (Number.isNaN(expiresAt) || expiresAt <= Date.now()) {
      return problem(400, "INVALID_REQUEST", "expires_at must be an ISO 8601 time in the future");
    }
    const existing = orders.get(json.order_no);
    if (existing) {
      const same = existing.amount === json.amount && existing.currency === json.currency;
      return same
        ? { status: 200, body: existing }
        : problem(409, "ORDER_EXISTS", "order_no exists with another amount");
    }
    const order: SignedRestFakeOrder = {
      order_no: json.order_no,
      status: "PENDING",
      trade_no: `T${randomBytes(8).toString("hex").toUpperCase()}`,
      amount: json.amount,
      currency: json.currency,
      description: typeof json.description === "string" ? json.description : "",
      paid_at: null,
      expires_at: new Date(expiresAt).toISOString(),
      qr_content: `00020101021226${credentials.merchant_id}${json.order_no}54${json.amount}6304${randomBytes(2).toString("hex").toUpperCase()}`,
    };
    orders.set(order.order_no, order);
    return { status: 200, body: order };
  }

  function route(call: SignedRestFakeCall): Reply {
    if (call.method === "POST" && call.path === "/api/orders") return create(call.body);
    const closing = /^\/api\/orders\/([^/]+)\/close$/.exec(call.path);
    if (call.method === "POST" && closing?.[1]) {
      const order = orders.get(decodeURIComponent(closing[1]));
      if (!order) return problem(404, "ORDER_NOT_FOUND", "no such order");
      if (order.status === "PENDING") order.status = "CLOSED";
      return { status: 200, body: order };
    }
    const match = /^\/api\/orders\/([^/]+)$/.exec(call.path);
    if (call.method === "GET" && match?.[1]) {
      const order = orders.get(decodeURIComponent(match[1]));
      return order ? { status: 200, body: order } : problem(404, "ORDER_NOT_FOUND", "no such order");
    }
    return problem(404, "NOT_FOUND", `no route ${call.method} ${call.path}`);
  }

  const server = await startRestFake({
    calls,
    callOf: (request, body): SignedRestFakeCall => {
      const url = request.url ?? "/";
      const query = url.indexOf("?");
      return {
        method: request.method ?? "GET",
        path: query < 0 ? url : url.slice(0, query),
        headers: request.headers,
        body,
      };
    },
    failureReply: (failure: Exclude<SignedRestFakeFailure, NetworkFailure>) =>
      problem(failure.status, failure.code ?? "INJECTED", failure.message ?? "Injected failure"),
    reply: (call) => refusal(call) ?? route(call),
  });

  function orderOf(orderNo: string): SignedRestFakeOrder {
    const order = orders.get(orderNo);
    if (!order) throw new Error(`signed-rest fake: no order ${orderNo}`);
    return order;
  }

  return {
    baseUrl: server.baseUrl,
    credentials,
    calls,
    orders,
    failNext: server.failNext,
    markPaid: (orderNo, payment = {}) => {
      const order = orderOf(orderNo);
      if (order.status === "CLOSED" || Date.parse(order.expires_at) <= Date.now()) {
        throw new Error(`signed-rest fake: order ${orderNo} is closed or expired and takes no payment`);
      }
      order.status = "PAID";
      if (payment.tradeNo) order.trade_no = payment.tradeNo;
      order.paid_at = (payment.paidAt ?? new Date()).toISOString();
    },
    markFailed: (orderNo) => {
      orderOf(orderNo).status = "FAILED";
    },
    close: server.close,
  };
}
