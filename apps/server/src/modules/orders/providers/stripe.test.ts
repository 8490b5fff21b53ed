import { describe, expect, it, vi } from "vitest";
import { WebhookRefused } from "../../../platform/http/webhook.js";
import type { PaymentRequest, ProviderCall, RefundRequest } from "./adapter.js";
import { ProviderError } from "./adapter.js";
import { callTo, fakeForFile, uniqueId } from "./fakes/adapter-test.js";
import { type StripeRefundStatus, startStripeFake } from "./fakes/stripe-fake.js";
import { stripe } from "./stripe.js";

const fake = await fakeForFile(startStripeFake);
const call = callTo(fake);

const payment = (overrides: Partial<PaymentRequest> = {}): PaymentRequest => ({
  orderNo: uniqueId("ORD"),
  amount: 1999,
  currency: "USD",
  description: "Shop 12 — washer 3, hot wash",
  notifyUrl: "https://console.example.com/webhooks/stripe/7",
  returnUrl: "https://console.example.com/pay/done",
  expiresAt: new Date(Date.now() + 300_000),
  ...overrides,
});

const callsTo = (path: string) => fake.calls.filter((c) => c.path === path);

/** A paid order at the fake, through checkout: its session, PaymentIntent and request. */
async function paidOrder(overrides: Partial<PaymentRequest> = {}) {
  const request = payment(overrides);
  const started = await stripe.startPayment?.(call, request);
  if (started?.kind !== "redirect" || !started.providerRef) throw new Error("no checkout session");
  const event = fake.completeCheckout(started.providerRef);
  const intent = fake.sessions.get(started.providerRef)?.payment_intent;
  if (!intent) throw new Error("no payment intent");
  return { request, sessionId: started.providerRef, intent, event };
}

const refundOf = (intent: string, overrides: Partial<RefundRequest> = {}): RefundRequest => ({
  orderNo: "ORD-1",
  tradeNo: intent,
  refundNo: uniqueId("RF"),
  amount: 500,
  total: 1999,
  currency: "USD",
  reason: "machine did not start",
  notifyUrl: "https://console.example.com/webhooks/stripe/7",
  ...overrides,
});

describe("stripe.startPayment", () => {
  it("creates one checkout session, form-encoded, with the secret key and the order number as idempotency key", async () => {
    const before = callsTo("/v1/checkout/sessions").length;
    const request = payment();
    const started = await stripe.startPayment?.(call, request);

    const sent = callsTo("/v1/checkout/sessions").slice(before);
    expect(sent).toHaveLength(1);
    const [first] = sent;
    expect(first?.headers.authorization).toBe(`Bearer ${fake.credentials.secret_key}`);
    expect(first?.headers["idempotency-key"]).toBe(request.orderNo);
    expect(first?.headers["content-type"]).toContain("application/x-www-form-urlencoded");
    expect(first?.form).toMatchObject({
      mode: "payment",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "1999",
      "line_items[0][price_data][product_data][name]": request.description,
      "line_items[0][quantity]": "1",
      client_reference_id: request.orderNo,
      "metadata[order_no]": request.orderNo,
      "payment_intent_data[metadata][order_no]": request.orderNo,
      success_url: request.returnUrl,
      cancel_url: request.returnUrl,
    });
    const session = started?.providerRef ? fake.sessions.get(started.providerRef) : undefined;
    expect(started).toEqual({ kind: "redirect", url: session?.url, providerRef: session?.id });
  });

  it("answers the same session for the same order asked twice, seconds apart", async () => {
    const request = payment();
    const first = await stripe.startPayment?.(call, request);
    // A retry a little later sends the same parameters, or Stripe refuses the idempotency key.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 2_000 });
    try {
      const second = await stripe.startPayment?.(call, request);
      expect(second).toEqual(first);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ["JPY", 500, "500"],
    ["KRW", 12000, "12000"],
    ["USD", 1999, "1999"],
    // Baht are whole units in our table, satang to Stripe.
    ["THB", 500, "50000"],
  ])("sends %s %i as unit_amount %s", async (currency, amount, expected) => {
    await stripe.startPayment?.(call, payment({ currency, amount }));
    expect(fake.calls.at(-1)?.form["line_items[0][price_data][unit_amount]"]).toBe(expected);
  });

  it("refuses a wrong secret key for good, a 5xx for now", async () => {
    const wrong = { ...call, credentials: { ...call.credentials, secret_key: "sk_test_wrong" } };
    const refused = await stripe.startPayment?.(wrong, payment()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderError);
    expect((refused as ProviderError).retryable).toBe(false);

    fake.failNext({ status: 503 });
    const failed = await stripe.startPayment?.(call, payment()).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ProviderError);
    expect((failed as ProviderError).retryable).toBe(true);
  });
});

describe("stripe.refund", () => {
  it("refunds once, and a repeat with the same refund number answers the first refund", async () => {
    const { intent } = await paidOrder();
    const before = callsTo("/v1/refunds").length;
    const request = refundOf(intent);

    const first = await stripe.refund?.(call, request);
    expect(callsTo("/v1/refunds").length - before).toBe(1);
    const sent = callsTo("/v1/refunds").at(-1);
    expect(sent?.headers["idempotency-key"]).toBe(request.refundNo);
    expect(sent?.form).toMatchObject({
      payment_intent: intent,
      amount: "500",
      "metadata[refund_no]": request.refundNo,
    });
    const refundId = first?.state === "succeeded" ? first.refundId : "";
    expect(first).toEqual({ state: "succeeded", refundId });
    expect(fake.refunds.get(refundId)?.amount).toBe(500);

    const again = await stripe.refund?.(call, request);
    expect(again).toEqual(first);
    expect(callsTo("/v1/refunds").at(-1)?.headers["idempotency-key"]).toBe(request.refundNo);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intent)).toHaveLength(1);
  });

  it.each<[StripeRefundStatus, string]>([
    ["succeeded", "succeeded"],
    ["pending", "processing"],
    ["requires_action", "processing"],
    ["failed", "failed"],
    ["canceled", "failed"],
  ])("maps a %s refund to %s", async (status, state) => {
    const { intent } = await paidOrder();
    fake.setRefundStatus(status);
    try {
      const outcome = await stripe.refund?.(call, refundOf(intent));
      expect(outcome?.state).toBe(state);
    } finally {
      fake.setRefundStatus("succeeded");
    }
  });

  it("answers failed with Stripe's message for a 4xx", async () => {
    const { intent } = await paidOrder();
    const outcome = await stripe.refund?.(call, refundOf(intent, { amount: 5000 }));
    expect(outcome?.state).toBe("failed");
    expect(outcome?.state === "failed" && outcome.reason).toMatch(/greater than unrefunded amount/);

    fake.failNext({ status: 402, type: "card_error", message: "Your card was declined." });
    const declined = await stripe.refund?.(call, refundOf(intent));
    expect(declined).toEqual({ state: "failed", reason: expect.stringContaining("Your card was declined.") });
  });

  it("throws a retryable ProviderError for 429, 5xx and a dropped connection", async () => {
    const { intent } = await paidOrder();
    for (const failure of [{ status: 500 }, { status: 429 }, { network: true as const }]) {
      fake.failNext(failure);
      const error = await stripe.refund?.(call, refundOf(intent)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as ProviderError).retryable).toBe(true);
    }
  });

  it("retries after a 5xx under the same refund number without refunding twice", async () => {
    const { intent } = await paidOrder();
    const request = refundOf(intent);
    fake.failNext({ status: 502, path: "/v1/refunds" });
    await expect(stripe.refund?.(call, request)).rejects.toBeInstanceOf(ProviderError);
    const retried = await stripe.refund?.(call, request);
    const again = await stripe.refund?.(call, request);
    expect(retried?.state).toBe("succeeded");
    expect(again).toEqual(retried);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intent)).toHaveLength(1);
  });

  it("answers failed without calling Stripe when the payment has no payment intent", async () => {
    const before = fake.calls.length;
    const outcome = await stripe.refund?.(call, refundOf("", { tradeNo: null }));
    expect(outcome?.state).toBe("failed");
    expect(fake.calls.length).toBe(before);
  });
});

describe("stripe.verifyNotification", () => {
  const verify = (rawBody: Buffer, headers: Record<string, string>, overrides: Partial<ProviderCall> = {}) => {
    if (!stripe.verifyNotification) throw new Error("stripe verifies notifications");
    return stripe.verifyNotification({ rawBody, headers, call: { ...call, ...overrides } });
  };

  it("reads a paid checkout session into a payment notice", async () => {
    const { request, intent, event } = await paidOrder({ amount: 1999, currency: "USD" });
    const { rawBody, headers } = fake.sign(event);
    expect(await verify(rawBody, headers)).toEqual({
      kind: "payment",
      eventId: event.id,
      orderNo: request.orderNo,
      paid: true,
      tradeNo: intent,
      transactionId: intent,
      amount: 1999,
      currency: "USD",
      paidAt: new Date(event.created * 1000),
    });
  });

  it("states amounts in our minor units (JPY as is, THB back from satang)", async () => {
    for (const [currency, amount] of [
      ["JPY", 500],
      ["THB", 120],
    ] as const) {
      const { event } = await paidOrder({ currency, amount });
      const { rawBody, headers } = fake.sign(event);
      expect(await verify(rawBody, headers)).toMatchObject({ amount, currency });
    }
  });

  it("reads payment_intent.succeeded through the intent's order number", async () => {
    const intent = fake.payIntent({ orderNo: "ORD-PI-1", amount: 700, currency: "usd" });
    const event = fake.event("payment_intent.succeeded", fake.intents.get(intent) ?? {});
    const { rawBody, headers } = fake.sign(event);
    expect(await verify(rawBody, headers)).toMatchObject({
      kind: "payment",
      eventId: event.id,
      orderNo: "ORD-PI-1",
      tradeNo: intent,
      amount: 700,
      currency: "USD",
    });
  });

  it("reads refund events into refund notices (a pending refund is not news)", async () => {
    const { intent } = await paidOrder();
    fake.setRefundStatus("pending");
    const request = refundOf(intent);
    const outcome = await stripe.refund?.(call, request);
    fake.setRefundStatus("succeeded");
    const refundId = outcome?.state === "processing" ? outcome.refundId : "";

    const stillPending = fake.sign(fake.refundEvent(refundId));
    expect(await verify(stillPending.rawBody, stillPending.headers)).toMatchObject({ kind: "ignored" });

    const done = fake.refundEvent(refundId, "succeeded");
    const signed = fake.sign(done);
    expect(await verify(signed.rawBody, signed.headers)).toEqual({
      kind: "refund",
      eventId: done.id,
      refundNo: request.refundNo,
      succeeded: true,
      refundId,
      reason: null,
    });

    const failed = fake.refundEvent(refundId, "failed");
    const signedFailure = fake.sign(failed);
    expect(await verify(signedFailure.rawBody, signedFailure.headers)).toMatchObject({
      kind: "refund",
      succeeded: false,
      reason: "expired_or_canceled_card",
    });

    const refund = fake.refunds.get(refundId);
    const charge = fake.event("charge.refunded", { id: "ch_1", object: "charge", refunds: { data: [refund] } });
    const chargeSigned = fake.sign(charge);
    expect(await verify(chargeSigned.rawBody, chargeSigned.headers)).toMatchObject({
      kind: "refund",
      eventId: charge.id,
      refundNo: request.refundNo,
    });
  });

  it("ignores other events and checkouts that are not ours or not paid", async () => {
    const other = fake.event("customer.created", { id: "cus_1", object: "customer" });
    const unpaid = fake.event("checkout.session.completed", {
      id: "cs_1",
      payment_status: "unpaid",
      client_reference_id: "ORD-X",
    });
    const foreign = fake.event("checkout.session.completed", { id: "cs_2", payment_status: "paid", metadata: {} });
    for (const event of [other, unpaid, foreign]) {
      const { rawBody, headers } = fake.sign(event);
      expect(await verify(rawBody, headers)).toEqual({ kind: "ignored", eventId: event.id });
    }
  });

  it("accepts a request signed with any of several secrets while one is rolled", async () => {
    const event = fake.event("customer.created", {});
    const { rawBody, headers } = fake.sign(event, { secrets: ["whsec_old", fake.credentials.webhook_secret] });
    expect(await verify(rawBody, headers)).toMatchObject({ kind: "ignored" });
  });

  it("refuses an altered body, a wrong secret, a stale or future timestamp and a missing header", async () => {
    const { event } = await paidOrder();
    const good = fake.sign(event);
    const altered = Buffer.from(good.rawBody.toString("utf8").replace('"amount_total": 1999', '"amount_total": 1'));
    expect(altered.equals(good.rawBody)).toBe(false);
    const now = Math.floor(Date.now() / 1000);
    const cases: [Buffer, Record<string, string>][] = [
      [altered, good.headers],
      [good.rawBody, fake.sign(event, { secrets: ["whsec_wrong"] }).headers],
      [good.rawBody, fake.sign(event, { timestamp: now - 301 }).headers],
      [good.rawBody, fake.sign(event, { timestamp: now + 301 }).headers],
      [good.rawBody, { "content-type": "application/json" }],
      [good.rawBody, { "stripe-signature": "garbage" }],
      [good.rawBody, { "stripe-signature": `t=${now},v1=${"0".repeat(64)}` }],
    ];
    for (const [rawBody, headers] of cases) {
      await expect(verify(rawBody, headers)).rejects.toBeInstanceOf(WebhookRefused);
    }
  });

  it("judges freshness by the `now` it is given", async () => {
    const event = fake.event("customer.created", {});
    const { rawBody, headers } = fake.sign(event, { timestamp: 1_700_000_000 });
    if (!stripe.verifyNotification) throw new Error("stripe verifies notifications");
    const at = (seconds: number) =>
      stripe.verifyNotification?.({ rawBody, headers, call, now: new Date(seconds * 1000) }) ?? Promise.reject();
    await expect(at(1_700_000_299)).resolves.toMatchObject({ kind: "ignored" });
    await expect(at(1_700_000_301)).rejects.toBeInstanceOf(WebhookRefused);
  });

  it("refuses everything when no webhook secret is configured", async () => {
    const { rawBody, headers } = fake.sign(fake.event("customer.created", {}));
    const credentials = { ...fake.credentials, webhook_secret: "" };
    await expect(verify(rawBody, headers, { credentials })).rejects.toBeInstanceOf(WebhookRefused);
  });

  it("acknowledges with 200 {received: true}", () => {
    expect(stripe.notificationAck).toEqual({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({ received: true }),
    });
    expect(stripe.id).toBe("stripe");
    expect(stripe.defaultBaseUrl).toBe("https://api.stripe.com");
  });
});
