import { createHmac, randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { type NetworkFailure, type Reply, startRestFake } from "./rest-fake.js";

/**
 * A fake Stripe API on 127.0.0.1 (a random port) for tests: it checks the secret key as Stripe does
 * (Authorization: Bearer), reads Stripe's form encoding, answers in Stripe's formats, honours
 * Idempotency-Key (the same key and parameters replay the first answer, other parameters are an
 * idempotency_error) and signs webhook events as Stripe does.
 *
 *   const fake = await startStripeFake();
 *   stripe.startPayment({ baseUrl: fake.baseUrl, credentials: fake.credentials, publicUrl }, request)
 *   fake.calls                      every request received, in order (refused and failed ones too)
 *   fake.sessions / intents / refunds   what exists at the fake, by id (amounts in Stripe's units)
 *   fake.failNext({ status: 503 })  the next request (optionally: the next one to `path`) fails so;
 *     { status: 402, type: "card_error", code, message } for a business error; { network: true } drops the connection
 *   fake.setRefundStatus("pending") the status new refunds get (default "succeeded")
 *   fake.payIntent({ orderNo, amount, currency })   a succeeded PaymentIntent, its id
 *   fake.completeCheckout(sessionId)  the customer paid: the checkout.session.completed event
 *   fake.refundEvent(refundId, status?)  a refund.updated event (status changes the refund first)
 *   fake.event(type, object)        any event
 *   fake.sign(event, { timestamp?, secrets? })  { rawBody, headers } as Stripe posts them
 *   await fake.close()
 */

export interface StripeFakeCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The form-encoded body, by field name as sent (`metadata[order_no]`). */
  form: Record<string, string>;
}

/** What the next request (or the next one whose path starts with `path`) meets instead of Stripe. */
export type StripeFakeFailure =
  | { status: number; type?: string; code?: string; message?: string; path?: string }
  | NetworkFailure;

export type StripeRefundStatus = "succeeded" | "pending" | "requires_action" | "failed" | "canceled";

export interface StripeFakeSession {
  id: string;
  object: "checkout.session";
  url: string;
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  created: number;
  /** Unix seconds; no payment is taken after it. */
  expires_at: number;
}

export interface StripeFakeIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: "succeeded";
  metadata: Record<string, string>;
  created: number;
}

export interface StripeFakeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: StripeRefundStatus;
  failure_reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface StripeEventJson {
  id: string;
  object: "event";
  api_version: string;
  type: string;
  created: number;
  livemode: false;
  data: { object: object };
}

export interface SignedStripeRequest {
  rawBody: Buffer;
  headers: { "content-type": string; "stripe-signature": string };
}

export interface StripeFake {
  baseUrl: string;
  credentials: { publishable_key: string; secret_key: string; webhook_secret: string };
  calls: StripeFakeCall[];
  sessions: Map<string, StripeFakeSession>;
  intents: Map<string, StripeFakeIntent>;
  refunds: Map<string, StripeFakeRefund>;
  failNext(failure: StripeFakeFailure): void;
  setRefundStatus(status: StripeRefundStatus): void;
  payIntent(payment: { orderNo: string; amount: number; currency: string }): string;
  completeCheckout(sessionId: string): StripeEventJson;
  refundEvent(refundId: string, status?: StripeRefundStatus): StripeEventJson;
  event(type: string, object: object): StripeEventJson;
  sign(event: StripeEventJson | string, options?: { timestamp?: number; secrets?: string[] }): SignedStripeRequest;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const stripeError = (status: number, type: string, message: string, code?: string): Reply => ({
  status,
  body: { error: { type, message, ...(code ? { code } : {}) } },
});

/** `prefix[key]` fields of a form, as an object (Stripe's metadata hashes). */
function hashOf(form: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(form)) {
    if (name.startsWith(`${prefix}[`) && name.endsWith("]") && !name.slice(prefix.length + 1, -1).includes("[")) {
      out[name.slice(prefix.length + 1, -1)] = value;
    }
  }
  return out;
}

const isAmount = (text: string | undefined): text is string => text !== undefined && /^\d+$/.test(text);

export async function startStripeFake(
  options: { secretKey?: string; webhookSecret?: string } = {},
): Promise<StripeFake> {
  const credentials = {
    publishable_key: `pk_test_${randomBytes(8).toString("hex")}`,
    secret_key: options.secretKey ?? `sk_test_${randomBytes(12).toString("hex")}`,
    webhook_secret: options.webhookSecret ?? `whsec_${randomBytes(16).toString("hex")}`,
  };
  const calls: StripeFakeCall[] = [];
  const sessions = new Map<string, StripeFakeSession>();
  const sessionIntentMetadata = new Map<string, Record<string, string>>();
  const intents = new Map<string, StripeFakeIntent>();
  const refunds = new Map<string, StripeFakeRefund>();
  const idempotent = new Map<string, { path: string; body: string; reply: Reply }>();
  let refundStatus: StripeRefundStatus = "succeeded";
  let baseUrl = "";

  function createSession(form: Record<string, string>): Reply {
    const currency = form["line_items[0][price_data][currency]"];
    const unitAmount = form["line_items[0][price_data][unit_amount]"];
    const quantity = form["line_items[0][quantity]"] ?? "1";
    if (form.mode !== "payment") return stripeError(400, "invalid_request_error", "Missing required param: mode.");
    if (!currency || !isAmount(unitAmount) || !isAmount(quantity)) {
      return stripeError(
        400,
        "invalid_request_error",
        "Invalid line_items[0][price_data].",
        "parameter_invalid_integer",
      );
    }
    if (!form["line_items[0][price_data][product_data][name]"]) {
      return stripeError(
        400,
        "invalid_request_error",
        "Missing required param: line_items[0][price_data][product_data][name].",
      );
    }
    if (!form.success_url) return stripeError(400, "invalid_request_error", "Missing required param: success_url.");
    // Stripe: expires_at must be 30 minutes to 24 hours after the session is created.
    const expiresAt = form.expires_at === undefined ? nowSeconds() + 86_400 : Number(form.expires_at);
    if (!Number.isInteger(expiresAt) || expiresAt < nowSeconds() + 1800 || expiresAt > nowSeconds() + 86_400) {
      return stripeError(
        400,
        "invalid_request_error",
        "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
        "parameter_invalid_integer",
      );
    }
    const session: StripeFakeSession = {
      id: id("cs_test"),
      object: "checkout.session",
      url: "",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_total: Number(unitAmount) * Number(quantity),
      currency: currency.toLowerCase(),
      client_reference_id: form.client_reference_id ?? null,
      metadata: hashOf(form, "metadata"),
      payment_intent: null,
      success_url: form.success_url,
      cancel_url: form.cancel_url ?? form.success_url,
      created: nowSeconds(),
      expires_at: expiresAt,
    };
    session.url = `${baseUrl}/c/pay/${session.id}`;
    sessions.set(session.id, session);
    sessionIntentMetadata.set(session.id, hashOf(form, "payment_intent_data[metadata]"));
    return { status: 200, body: session };
  }

  function refunded(intentId: string): number {
    let total = 0;
    for (const r of refunds.values()) {
      if (r.payment_intent === intentId && r.status !== "failed" && r.status !== "canceled") total += r.amount;
    }
    return total;
  }

  function createRefund(form: Record<string, string>): Reply {
    const intentId = form.payment_intent;
    if (!intentId) return stripeError(400, "invalid_request_error", "Missing required param: payment_intent.");
    const intent = intents.get(intentId);
    if (!intent) {
      return stripeError(400, "invalid_request_error", `No such payment_intent: '${intentId}'`, "resource_missing");
    }
    const remaining = intent.amount_received - refunded(intentId);
    if (form.amount !== undefined && !isAmount(form.amount)) {
      return stripeError(400, "invalid_request_error", "Invalid integer: amount", "parameter_invalid_integer");
    }
    const amount = form.amount === undefined ? remaining : Number(form.amount);
    if (remaining <= 0) {
      return stripeError(
        400,
        "invalid_request_error",
        `Charge for ${intentId} has already been refunded.`,
        "charge_already_refunded",
      );
    }
    if (amount > remaining) {
      return stripeError(
        400,
        "invalid_request_error",
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
        "amount_too_large",
      );
    }
    const failed = refundStatus === "failed" || refundStatus === "canceled";
    const refund: StripeFakeRefund = {
      id: id("re"),
      object: "refund",
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      status: refundStatus,
      failure_reason: failed ? "expired_or_canceled_card" : null,
      metadata: hashOf(form, "metadata"),
      created: nowSeconds(),
    };
    refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  /** Only an open session can be expired; the answer is the session, status "expired". */
  function expireSession(sessionId: string): Reply {
    const session = sessions.get(sessionId);
    if (!session)
      return stripeError(404, "invalid_request_error", `No such checkout.session: '${sessionId}'`, "resource_missing");
    if (session.status !== "open") {
      return stripeError(
        400,
        "invalid_request_error",
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      );
    }
    session.status = "expired";
    return { status: 200, body: session };
  }

  function route(call: StripeFakeCall): Reply {
    if (call.method === "POST" && call.path === "/v1/checkout/sessions") return createSession(call.form);
    const session = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(call.path);
    if (session?.[1] && call.method === "POST" && session[2]) return expireSession(decodeURIComponent(session[1]));
    if (session?.[1] && call.method === "GET" && !session[2]) {
      const found = sessions.get(decodeURIComponent(session[1]));
      return found
        ? { status: 200, body: found }
        : stripeError(404, "invalid_request_error", `No such checkout.session: '${session[1]}'`, "resource_missing");
    }
    if (call.method === "POST" && call.path === "/v1/refunds") return createRefund(call.form);
    return stripeError(404, "invalid_request_error", `Unrecognized request URL (${call.method}: ${call.path}).`);
  }

  function authorize(headers: IncomingHttpHeaders): Reply | null {
    const auth = headers.authorization;
    if (!auth) return stripeError(401, "invalid_request_error", "You did not provide an API key.");
    if (auth !== `Bearer ${credentials.secret_key}`) {
      return stripeError(401, "invalid_request_error", `Invalid API Key provided: ${auth.slice(7, 15)}****`);
    }
    return null;
  }

  /** Stripe saves the first answer per key and replays it; other parameters under the same key are refused. */
  function withIdempotency(call: StripeFakeCall): Reply {
    const key = call.headers["idempotency-key"];
    if (typeof key !== "string" || call.method !== "POST") return route(call);
    const saved = idempotent.get(key);
    if (!saved) {
      const reply = route(call);
      idempotent.set(key, { path: call.path, body: call.body, reply });
      return reply;
    }
    if (saved.path !== call.path || saved.body !== call.body) {
      return stripeError(
        400,
        "idempotency_error",
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    return { ...saved.reply, headers: { ...saved.reply.headers, "idempotent-replayed": "true" } };
  }

  const server = await startRestFake({
    calls,
    callOf: (request, body): StripeFakeCall => ({
      method: request.method ?? "GET",
      path: new URL(request.url ?? "/", "http://fake").pathname,
      headers: request.headers,
      body,
      form: Object.fromEntries(new URLSearchParams(body)),
    }),
    // Refused before the endpoint ran: nothing is saved under the idempotency key.
    failureReply: (failure: Exclude<StripeFakeFailure, NetworkFailure>) => {
      const type = failure.type ?? (failure.status >= 500 ? "api_error" : "invalid_request_error");
      return stripeError(failure.status, type, failure.message ?? "Injected failure.", failure.code);
    },
    reply: (call) => authorize(call.headers) ?? withIdempotency(call),
  });
  baseUrl = server.baseUrl;

  function event(type: string, object: object): StripeEventJson {
    return {
      id: id("evt"),
      object: "event",
      api_version: "2024-06-20",
      type,
      created: nowSeconds(),
      livemode: false,
      data: { object: structuredClone(object) },
    };
  }

  function createIntent(amount: number, currency: string, metadata: Record<string, string>): string {
    const intent: StripeFakeIntent = {
      id: id("pi"),
      object: "payment_intent",
      amount,
      amount_received: amount,
      currency: currency.toLowerCase(),
      status: "succeeded",
      metadata,
      created: nowSeconds(),
    };
    intents.set(intent.id, intent);
    return intent.id;
  }

  function completeCheckout(sessionId: string): StripeEventJson {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`stripe fake: no session ${sessionId}`);
    // An expired session takes no payment, nor one past its expires_at.
    if (session.status === "expired" || session.expires_at <= nowSeconds()) {
      throw new Error(`stripe fake: session ${sessionId} has expired and takes no payment`);
    }
    if (!session.payment_intent) {
      const metadata = { ...(sessionIntentMetadata.get(sessionId) ?? {}) };
      session.payment_intent = createIntent(session.amount_total, session.currency, metadata);
      session.status = "complete";
      session.payment_status = "paid";
    }
    return event("checkout.session.completed", session);
  }

  function refundEvent(refundId: string, status?: StripeRefundStatus): StripeEventJson {
    const refund = refunds.get(refundId);
    if (!refund) throw new Error(`stripe fake: no refund ${refundId}`);
    if (status) {
      refund.status = status;
      refund.failure_reason = status === "failed" || status === "canceled" ? "expired_or_canceled_card" : null;
    }
    return event("refund.updated", refund);
  }

  /** Stripe posts pretty-printed JSON; the signature is over exactly these bytes. */
  function sign(evt: StripeEventJson | string, signing: { timestamp?: number; secrets?: string[] } = {}) {
    const text = typeof evt === "string" ? evt : JSON.stringify(evt, null, 2);
    const timestamp = signing.timestamp ?? nowSeconds();
    const secrets = signing.secrets ?? [credentials.webhook_secret];
    const v1 = secrets.map(
      (secret) => `v1=${createHmac("sha256", secret).update(`${timestamp}.${text}`).digest("hex")}`,
    );
    // Test mode adds a v0 signature, which verifiers ignore.
    const header = [`t=${timestamp}`, ...v1, `v0=${randomBytes(32).toString("hex")}`].join(",");
    return {
      rawBody: Buffer.from(text, "utf8"),
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": header },
    };
  }

  return {
    baseUrl,
    credentials,
    calls,
    sessions,
    intents,
    refunds,
    failNext: server.failNext,
    setRefundStatus: (status) => {
      refundStatus = status;
    },
    payIntent: (payment) => createIntent(payment.amount, payment.currency, { order_no: payment.orderNo }),
    completeCheckout,
    refundEvent,
    event,
    sign,
    close: server.close,
  };
}
