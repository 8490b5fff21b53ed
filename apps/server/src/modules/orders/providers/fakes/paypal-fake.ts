import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { isRecord, parseJson } from "./fake-server.js";
import { type NetworkFailure, type Reply, startRestFake } from "./rest-fake.js";

/**
 * A fake PayPal REST API on 127.0.0.1 (a random port) for tests. Like PayPal it issues OAuth2
 * tokens for Basic client_id:client_secret, wants a live Bearer token everywhere else, answers
 * in PayPal's formats (Orders v2, Payments v2, `{ name, message, details: [{ issue }] }` errors),
 * replays the first successful answer for a repeated PayPal-Request-Id, and verifies webhook
 * transmissions: verify-webhook-signature answers SUCCESS only for a transmission it issued
 * itself, with its headers and event unaltered and the fake's webhook id.
 *
 *   const fake = await startPayPalFake({ tokenTtlSeconds? });
 *   paypal.startPayment({ baseUrl: fake.baseUrl, credentials: fake.credentials, publicUrl }, request)
 *   fake.calls                        every request received, in order (refused and failed ones too)
 *   fake.orders / captures / refunds  what exists at the fake, by id
 *   fake.failNext({ status: 503, path? })  the next request (to `path`…) fails so;
 *     { status: 422, issue: "…", message } for a business error; { network: true } drops the connection
 *   fake.setRefundStatus("PENDING")   the status new refunds get (default "COMPLETED")
 *   fake.approve(orderId)             the buyer approved the order at PayPal
 *   GET <baseUrl>/checkoutnow?token=<order id>   the order's payer-action link, as a browser opens it:
 *                                     the buyer approves and is sent back to the order's return_url
 *                                     with ?token=<order id>&PayerID=… (with &cancel=1, to cancel_url)
 *   fake.capturedPayment({ orderNo, value, currency })  a completed order and capture: the capture id
 *   fake.expireTokens()               every issued token stops working (PayPal lost its cache)
 *   fake.notification(eventType, resource)  { event, rawBody, headers } as PayPal posts them
 *   fake.captureCompleted(captureId)  the PAYMENT.CAPTURE.COMPLETED notification of a capture
 *   fake.refundNotification(refundId, status?)  PAYMENT.CAPTURE.REFUNDED (or PAYMENT.REFUND.<status>)
 *   await fake.close()
 */

export interface PayPalFakeCall {
  method: string;
  path: string;
  /** The query string's parameters (the approval page's token). */
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON, null when it is not JSON (the token call is form-encoded). */
  json: unknown;
}

/** What the next request (or the next one whose path starts with `path`) meets instead of PayPal. */
export type PayPalFakeFailure =
  | { status: number; name?: string; issue?: string; message?: string; path?: string }
  | NetworkFailure;

export type PayPalRefundStatus = "COMPLETED" | "PENDING" | "FAILED" | "CANCELLED";

export interface PayPalAmount {
  currency_code: string;
  value: string;
}

export interface PayPalFakeCapture {
  id: string;
  status: "COMPLETED";
  amount: PayPalAmount;
  custom_id?: string;
  invoice_id?: string;
  final_capture: true;
  create_time: string;
  update_time: string;
  supplementary_data: { related_ids: { order_id: string } };
}

export interface PayPalFakeOrder {
  id: string;
  intent: string;
  status: "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED";
  purchase_units: {
    reference_id?: string;
    custom_id?: string;
    invoice_id?: string;
    description?: string;
    amount: PayPalAmount;
    payments?: { captures: PayPalFakeCapture[] };
  }[];
  links: { href: string; rel: string; method: string }[];
  create_time: string;
}

export interface PayPalFakeRefund {
  id: string;
  status: PayPalRefundStatus;
  amount: PayPalAmount;
  custom_id?: string;
  note_to_payer?: string;
  status_details?: { reason: string };
  create_time: string;
  update_time: string;
  links: { href: string; rel: string; method: string }[];
}

export interface PayPalEventJson {
  id: string;
  event_version: "1.0";
  create_time: string;
  resource_type: string;
  event_type: string;
  summary: string;
  resource: object;
}

export interface PayPalNotification {
  event: PayPalEventJson;
  rawBody: Buffer;
  headers: Record<string, string>;
}

export interface PayPalFake {
  baseUrl: string;
  credentials: { client_id: string; client_secret: string; webhook_id: string };
  calls: PayPalFakeCall[];
  orders: Map<string, PayPalFakeOrder>;
  captures: Map<string, PayPalFakeCapture>;
  refunds: Map<string, PayPalFakeRefund>;
  failNext(failure: PayPalFakeFailure): void;
  setRefundStatus(status: PayPalRefundStatus): void;
  approve(orderId: string): void;
  capturedPayment(payment: { orderNo: string; value: string; currency: string }): string;
  expireTokens(): void;
  notification(eventType: string, resource: object): PayPalNotification;
  captureCompleted(captureId: string): PayPalNotification;
  refundNotification(refundId: string, status?: PayPalRefundStatus): PayPalNotification;
  close(): Promise<void>;
}

/** PayPal's currencies without decimals (its currency codes reference). */
const NO_DECIMALS = new Set(["HUF", "JPY", "TWD"]);

const paypalId = () => randomBytes(9).toString("hex").toUpperCase().slice(0, 17);
const isoNow = () => new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
const cents = (value: string) => Math.round(Number(value) * 100);

function paypalError(status: number, name: string, issue: string | undefined, message: string): Reply {
  return {
    status,
    body: {
      name,
      message,
      debug_id: randomBytes(6).toString("hex"),
      ...(issue ? { details: [{ issue, description: message }] } : {}),
    },
  };
}

const notFound = () =>
  paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.");
const unprocessable = (issue: string, message: string) => paypalError(422, "UNPROCESSABLE_ENTITY", issue, message);
const invalid = (issue: string, message: string) => paypalError(400, "INVALID_REQUEST", issue, message);

function amountOf(value: unknown): PayPalAmount | string {
  if (!isRecord(value) || typeof value.currency_code !== "string" || typeof value.value !== "string") {
    return "MISSING_REQUIRED_PARAMETER";
  }
  const pattern = NO_DECIMALS.has(value.currency_code) ? /^\d+$/ : /^\d+(\.\d{1,2})?$/;
  if (!pattern.test(value.value)) return "DECIMAL_PRECISION";
  return { currency_code: value.currency_code, value: value.value };
}

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

export interface PayPalFakeOptions {
  tokenTtlSeconds?: number;
  /** Where it listens; 0 (the default) is a free port. */
  port?: number;
  /** The app's credentials (a server started before the fake is told them); random by default. */
  credentials?: { client_id: string; client_secret: string; webhook_id: string };
}

export async function startPayPalFake(options: PayPalFakeOptions = {}): Promise<PayPalFake> {
  const credentials = options.credentials ?? {
    client_id: `A${randomBytes(20).toString("hex")}`,
    client_secret: `E${randomBytes(20).toString("hex")}`,
    webhook_id: paypalId(),
  };
  const tokenTtl = options.tokenTtlSeconds ?? 32_400;
  const calls: PayPalFakeCall[] = [];
  const orders = new Map<string, PayPalFakeOrder>();
  const captures = new Map<string, PayPalFakeCapture>();
  const refunds = new Map<string, PayPalFakeRefund>();
  const refundCapture = new Map<string, string>();
  const tokens = new Map<string, number>();
  /** Where the buyer goes back to from each order's approval page: its return_url and cancel_url. */
  const returns = new Map<string, { returnUrl: string; cancelUrl: string }>();
  const replays = new Map<string, Reply>();
  /** Transmissions issued by notification(): id → the headers and body as sent. */
  const transmissions = new Map<string, { headers: Record<string, string>; body: string }>();
  let refundStatus: PayPalRefundStatus = "COMPLETED";
  let baseUrl = "";

  function issueToken(call: PayPalFakeCall): Reply {
    const basic = `Basic ${Buffer.from(`${credentials.client_id}:${credentials.client_secret}`).toString("base64")}`;
    if (call.headers.authorization !== basic) {
      return { status: 401, body: { error: "invalid_client", error_description: "Client Authentication failed" } };
    }
    if (new URLSearchParams(call.body).get("grant_type") !== "client_credentials") {
      return { status: 400, body: { error: "unsupported_grant_type", error_description: "Grant Type is NULL" } };
    }
    const token = `A21AA${randomBytes(24).toString("base64url")}`;
    tokens.set(token, Date.now() + tokenTtl * 1000);
    return {
      status: 200,
      body: {
        scope: "https://uri.paypal.com/services/payments/payment",
        access_token: token,
        token_type: "Bearer",
        app_id: "APP-80W284485P519543T",
        expires_in: tokenTtl,
        nonce: `${isoNow()}${randomBytes(8).toString("hex")}`,
      },
    };
  }

  function bearerRefusal(headers: IncomingHttpHeaders): Reply | null {
    const auth = headers.authorization ?? "";
    const expiresAt = auth.startsWith("Bearer ") ? tokens.get(auth.slice(7)) : undefined;
    if (expiresAt === undefined) {
      return {
        status: 401,
        body: { error: "invalid_token", error_description: "Token signature verification failed" },
      };
    }
    if (expiresAt <= Date.now()) {
      return { status: 401, body: { error: "invalid_token", error_description: "Access Token not found in cache" } };
    }
    return null;
  }

  function createOrder(json: unknown): Reply {
    if (!isRecord(json) || json.intent !== "CAPTURE" || !Array.isArray(json.purchase_units)) {
      return invalid("MISSING_REQUIRED_PARAMETER", "intent and purchase_units are required.");
    }
    const unit: unknown = json.purchase_units[0];
    if (!isRecord(unit)) return invalid("MISSING_REQUIRED_PARAMETER", "purchase_units[0] is required.");
    const amount = amountOf(unit.amount);
    if (typeof amount === "string") return unprocessable(amount, "The amount is missing or has a wrong precision.");
    const id = paypalId();
    const order: PayPalFakeOrder = {
      id,
      intent: "CAPTURE",
      status: "PAYER_ACTION_REQUIRED",
      purchase_units: [
        {
          reference_id: text(unit.reference_id) ?? "default",
          custom_id: text(unit.custom_id),
          invoice_id: text(unit.invoice_id),
          description: text(unit.description),
          amount,
        },
      ],
      links: [
        { href: `${baseUrl}/v2/checkout/orders/${id}`, rel: "self", method: "GET" },
        { href: `${baseUrl}/checkoutnow?token=${id}`, rel: "payer-action", method: "GET" },
      ],
      create_time: isoNow(),
    };
    orders.set(id, order);
    const source =
      isRecord(json.payment_source) && isRecord(json.payment_source.paypal) ? json.payment_source.paypal : {};
    const context = isRecord(source.experience_context) ? source.experience_context : {};
    const returnUrl = text(context.return_url);
    if (returnUrl) returns.set(id, { returnUrl, cancelUrl: text(context.cancel_url) ?? returnUrl });
    return { status: 200, body: { id, status: order.status, payment_source: { paypal: {} }, links: order.links } };
  }

  function capture(orderId: string): Reply {
    const order = orders.get(orderId);
    if (!order) return notFound();
    if (order.status === "COMPLETED") {
      return unprocessable(
        "ORDER_ALREADY_CAPTURED",
        "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.",
      );
    }
    if (order.status !== "APPROVED") {
      return unprocessable("ORDER_NOT_APPROVED", "Payer has not yet approved the Order for payment.");
    }
    const unit = order.purchase_units[0];
    if (!unit) return notFound();
    const now = isoNow();
    const captured: PayPalFakeCapture = {
      id: paypalId(),
      status: "COMPLETED",
      amount: unit.amount,
      custom_id: unit.custom_id,
      invoice_id: unit.invoice_id,
      final_capture: true,
      create_time: now,
      update_time: now,
      supplementary_data: { related_ids: { order_id: orderId } },
    };
    captures.set(captured.id, captured);
    unit.payments = { captures: [captured] };
    order.status = "COMPLETED";
    return { status: 201, body: order };
  }

  function refunded(captureId: string): number {
    let total = 0;
    for (const [refundId, of] of refundCapture) {
      const r = refunds.get(refundId);
      if (of === captureId && r && r.status !== "FAILED" && r.status !== "CANCELLED") total += cents(r.amount.value);
    }
    return total;
  }

  function refund(captureId: string, json: unknown): Reply {
    const captured = captures.get(captureId);
    if (!captured) return notFound();
    const body = isRecord(json) ? json : {};
    const amount = body.amount === undefined ? captured.amount : amountOf(body.amount);
    if (typeof amount === "string")
      return unprocessable(amount, "The refund amount is missing or has a wrong precision.");
    if (amount.currency_code !== captured.amount.currency_code) {
      return unprocessable("REFUND_CURRENCY_MISMATCH", "Refund must be in the same currency as the capture.");
    }
    if (cents(amount.value) + refunded(captureId) > cents(captured.amount.value)) {
      return unprocessable(
        "REFUND_AMOUNT_EXCEEDED",
        "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
      );
    }
    const now = isoNow();
    const id = paypalId();
    const created: PayPalFakeRefund = {
      id,
      status: refundStatus,
      amount,
      custom_id: text(body.custom_id),
      note_to_payer: text(body.note_to_payer),
      ...(refundStatus === "COMPLETED" ? {} : { status_details: { reason: "ECHECK" } }),
      create_time: now,
      update_time: now,
      links: [
        { href: `${baseUrl}/v2/payments/refunds/${id}`, rel: "self", method: "GET" },
        { href: `${baseUrl}/v2/payments/captures/${captureId}`, rel: "up", method: "GET" },
      ],
    };
    refunds.set(id, created);
    refundCapture.set(id, captureId);
    return { status: 201, body: { id, status: created.status, links: created.links } };
  }

  /** The verify call's fields and the notification headers they come from. */
  const TRANSMISSION_FIELDS: Record<string, string> = {
    auth_algo: "paypal-auth-algo",
    cert_url: "paypal-cert-url",
    transmission_id: "paypal-transmission-id",
    transmission_sig: "paypal-transmission-sig",
    transmission_time: "paypal-transmission-time",
  };

  /** SUCCESS only for a transmission this fake issued, unaltered, verified with this fake's webhook id. */
  function verify(json: unknown): Reply {
    const body = isRecord(json) ? json : {};
    const missing = [...Object.keys(TRANSMISSION_FIELDS), "webhook_id"].find(
      (field) => typeof body[field] !== "string",
    );
    if (missing || !isRecord(body.webhook_event)) {
      return invalid("MISSING_REQUIRED_PARAMETER", `${missing ?? "webhook_event"} is required.`);
    }
    const issued = transmissions.get(String(body.transmission_id));
    const sameHeaders =
      issued !== undefined &&
      Object.entries(TRANSMISSION_FIELDS).every(([field, header]) => issued.headers[header] === body[field]);
    const sameEvent =
      issued !== undefined && JSON.stringify(body.webhook_event) === JSON.stringify(JSON.parse(issued.body));
    const ok = sameHeaders && sameEvent && body.webhook_id === credentials.webhook_id;
    return { status: 200, body: { verification_status: ok ? "SUCCESS" : "FAILURE" } };
  }

  /** The buyer at the approval page: approves (or cancels) and is sent back with PayPal's parameters. */
  function approvalPage(call: PayPalFakeCall): Reply {
    const id = call.query.get("token") ?? "";
    const back = returns.get(id);
    if (!orders.has(id) || !back) return notFound();
    const cancelled = call.query.get("cancel") === "1";
    if (!cancelled) approve(id);
    const target = new URL(cancelled ? back.cancelUrl : back.returnUrl);
    target.searchParams.set("token", id);
    if (!cancelled) target.searchParams.set("PayerID", "FAKEPAYER1234");
    return { status: 302, body: {}, headers: { location: target.toString() } };
  }

  function route(call: PayPalFakeCall): Reply {
    const { method, path } = call;
    if (method === "GET" && path === "/checkoutnow") return approvalPage(call);
    if (method === "POST" && path === "/v1/oauth2/token") return issueToken(call);
    const refusal = bearerRefusal(call.headers);
    if (refusal) return refusal;
    if (method === "POST" && path === "/v2/checkout/orders") return createOrder(call.json);
    if (method === "POST" && path === "/v1/notifications/verify-webhook-signature") return verify(call.json);
    const orderPath = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (orderPath?.[1] && method === "POST" && orderPath[2]) return capture(decodeURIComponent(orderPath[1]));
    if (orderPath?.[1] && method === "GET" && !orderPath[2]) {
      const order = orders.get(decodeURIComponent(orderPath[1]));
      return order ? { status: 200, body: order } : notFound();
    }
    const refundPath = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (refundPath?.[1] && method === "POST") return refund(decodeURIComponent(refundPath[1]), call.json);
    return notFound();
  }

  /** PayPal answers a repeated PayPal-Request-Id with the first successful answer, without acting again. */
  function withRequestId(call: PayPalFakeCall): Reply {
    const requestId = call.headers["paypal-request-id"];
    if (typeof requestId !== "string" || call.method !== "POST") return route(call);
    const key = `${call.path}\n${requestId}`;
    const saved = replays.get(key);
    if (saved) return saved;
    const reply = route(call);
    if (reply.status >= 200 && reply.status < 300) replays.set(key, reply);
    return reply;
  }

  const server = await startRestFake(
    {
      calls,
      callOf: (request, body): PayPalFakeCall => ({
        method: request.method ?? "GET",
        path: new URL(request.url ?? "/", "http://fake").pathname,
        query: new URL(request.url ?? "/", "http://fake").searchParams,
        headers: request.headers,
        body,
        json: parseJson(body),
      }),
      failureReply: (failure: Exclude<PayPalFakeFailure, NetworkFailure>) => {
        const name = failure.name ?? (failure.status >= 500 ? "INTERNAL_SERVER_ERROR" : "UNPROCESSABLE_ENTITY");
        return paypalError(failure.status, name, failure.issue, failure.message ?? "Injected failure.");
      },
      reply: withRequestId,
    },
    { port: options.port ?? 0 },
  );
  baseUrl = server.baseUrl;

  function notification(eventType: string, resource: object): PayPalNotification {
    const event: PayPalEventJson = {
      id: `WH-${paypalId()}`,
      event_version: "1.0",
      create_time: isoNow(),
      resource_type: eventType.includes("REFUND") ? "refund" : "capture",
      event_type: eventType,
      summary: `${eventType} event`,
      resource: structuredClone(resource),
    };
    const body = JSON.stringify(event);
    const headers = {
      "content-type": "application/json",
      "paypal-auth-algo": "SHA256withRSA",
      "paypal-cert-url": `${baseUrl}/v1/notifications/certs/CERT-360caa42-fca2a594-${randomBytes(4).toString("hex")}`,
      "paypal-transmission-id": randomUUID(),
      "paypal-transmission-sig": randomBytes(256).toString("base64"),
      "paypal-transmission-time": isoNow(),
    };
    transmissions.set(headers["paypal-transmission-id"], { headers, body });
    return { event, rawBody: Buffer.from(body, "utf8"), headers };
  }

  function captureCompleted(captureId: string): PayPalNotification {
    const captured = captures.get(captureId);
    if (!captured) throw new Error(`paypal fake: no capture ${captureId}`);
    return notification("PAYMENT.CAPTURE.COMPLETED", captured);
  }

  function refundNotification(refundId: string, status?: PayPalRefundStatus): PayPalNotification {
    const found = refunds.get(refundId);
    if (!found) throw new Error(`paypal fake: no refund ${refundId}`);
    if (status) {
      found.status = status;
      found.status_details = status === "COMPLETED" ? undefined : { reason: "ECHECK" };
      found.update_time = isoNow();
    }
    const type = found.status === "COMPLETED" ? "PAYMENT.CAPTURE.REFUNDED" : `PAYMENT.REFUND.${found.status}`;
    return notification(type, found);
  }

  function approve(orderId: string): void {
    const order = orders.get(orderId);
    if (!order) throw new Error(`paypal fake: no order ${orderId}`);
    if (order.status === "PAYER_ACTION_REQUIRED") order.status = "APPROVED";
  }

  function capturedPayment(payment: { orderNo: string; value: string; currency: string }): string {
    const id = paypalId();
    const amount = { currency_code: payment.currency, value: payment.value };
    const unit = { reference_id: payment.orderNo, custom_id: payment.orderNo, invoice_id: payment.orderNo, amount };
    orders.set(id, {
      id,
      intent: "CAPTURE",
      status: "APPROVED",
      purchase_units: [unit],
      links: [],
      create_time: isoNow(),
    });
    capture(id);
    const captured = orders.get(id)?.purchase_units[0]?.payments?.captures[0];
    if (!captured) throw new Error("paypal fake: the capture failed");
    return captured.id;
  }

  return {
    baseUrl,
    credentials,
    calls,
    orders,
    captures,
    refunds,
    failNext: server.failNext,
    setRefundStatus: (status) => {
      refundStatus = status;
    },
    approve,
    capturedPayment,
    expireTokens: () => tokens.clear(),
    notification,
    captureCompleted,
    refundNotification,
    close: server.close,
  };
}
