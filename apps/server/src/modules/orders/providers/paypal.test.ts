import { describe, expect, it, vi } from "vitest";
import { WebhookRefused } from "../../../platform/http/webhook.js";
import type { PaymentRequest, ProviderCall, RefundRequest } from "./adapter.js";
import { ProviderError } from "./adapter.js";
import { callTo, fakeForFile, uniqueId } from "./fakes/adapter-test.js";
import { type PayPalFake, type PayPalRefundStatus, startPayPalFake } from "./fakes/paypal-fake.js";
import { capturePayPalOrder, fromPayPalValue, paypal, toPayPalValue } from "./paypal.js";

const fake = await fakeForFile(startPayPalFake);
const call = callTo(fake);

const payment = (overrides: Partial<PaymentRequest> = {}): PaymentRequest => ({
  orderNo: uniqueId("ORD"),
  amount: 1999,
  currency: "USD",
  description: "Shop 12 — dryer 2, 30 minutes",
  notifyUrl: "https://console.example.com/webhooks/paypal/7",
  returnUrl: "https://console.example.com/pay/done",
  expiresAt: new Date(Date.now() + 300_000),
  ...overrides,
});

const refundOf = (captureId: string | null, overrides: Partial<RefundRequest> = {}): RefundRequest => ({
  orderNo: "ORD-1",
  tradeNo: captureId,
  refundNo: uniqueId("RF"),
  amount: 500,
  total: 1999,
  currency: "USD",
  reason: "machine did not start",
  notifyUrl: "https://console.example.com/webhooks/paypal/7",
  ...overrides,
});

const callsTo = (path: string) => fake.calls.filter((c) => c.path === path);
const captured = () => fake.capturedPayment({ orderNo: uniqueId("ORD"), value: "19.99", currency: "USD" });

async function start(request: PaymentRequest, on: ProviderCall = call) {
  const started = await paypal.startPayment?.(on, request);
  if (started?.kind !== "redirect" || !started.providerRef) throw new Error("no PayPal order");
  return started;
}

/** A fake of its own: a new base URL, so nothing cached for the shared one matters. */
async function withOwnFake(test: (own: PayPalFake, ownCall: ProviderCall) => Promise<void>) {
  const own = await startPayPalFake();
  try {
    await test(own, callTo(own));
  } finally {
    await own.close();
  }
}

describe("PayPal amounts", () => {
  it.each([
    [1999, "USD", "19.99"],
    [5, "USD", "0.05"],
    [100, "EUR", "1.00"],
    [500, "JPY", "500"],
    // Whole baht to us, satang to PayPal; forint and new Taiwan dollars whole to both.
    [50, "THB", "50.00"],
    [1500, "HUF", "1500"],
    [30, "TWD", "30"],
  ])("%i %s is %s", (amount, currency, value) => {
    expect(toPayPalValue(amount, currency)).toBe(value);
    expect(fromPayPalValue(value, currency)).toBe(amount);
  });

  it("refuses a currency PayPal does not take (KRW, IDR) before calling", () => {
    expect(() => toPayPalValue(12_000, "KRW")).toThrow(ProviderError);
    expect(() => toPayPalValue(25_000, "IDR")).toThrow(ProviderError);
  });

  it("reads PayPal's values back; what our minor unit cannot hold is no amount (no order matches it)", () => {
    expect(fromPayPalValue("19.9", "USD")).toBe(1990);
    expect(fromPayPalValue("500.00", "JPY")).toBe(500);
    expect(fromPayPalValue("500.5", "JPY")).toBeNull();
    expect(fromPayPalValue("1.999", "USD")).toBeNull();
    expect(fromPayPalValue("50.50", "THB")).toBeNull();
    expect(fromPayPalValue("abc", "USD")).toBeNull();
    expect(fromPayPalValue("1.00", "XXX")).toBeNull();
    expect(() => toPayPalValue(1.5, "USD")).toThrow(ProviderError);
  });
});

describe("paypal.startPayment", () => {
  it("creates an Orders v2 order with the order number as request id, and redirects to payer-action", async () => {
    const request = payment();
    const started = await start(request);

    const sent = callsTo("/v2/checkout/orders").at(-1);
    expect(sent?.headers["paypal-request-id"]).toBe(request.orderNo);
    expect(sent?.headers.authorization).toMatch(/^Bearer A21AA/);
    expect(sent?.json).toEqual({
      intent: "CAPTURE",
      purchase_units: [
        {
          reference_id: request.orderNo,
          custom_id: request.orderNo,
          invoice_id: request.orderNo,
          description: request.description,
          amount: { currency_code: "USD", value: "19.99" },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: request.returnUrl,
            cancel_url: request.returnUrl,
            user_action: "PAY_NOW",
            shipping_preference: "NO_SHIPPING",
          },
        },
      },
    });
    expect(started).toEqual({
      kind: "redirect",
      url: `${fake.baseUrl}/checkoutnow?token=${started.providerRef}`,
      providerRef: started.providerRef,
    });
    expect(fake.orders.get(started.providerRef ?? "")?.status).toBe("PAYER_ACTION_REQUIRED");
  });

  it("sends JPY without decimals, which PayPal insists on", async () => {
    const started = await start(payment({ currency: "JPY", amount: 500 }));
    expect(fake.orders.get(started.providerRef ?? "")?.purchase_units[0]?.amount).toEqual({
      currency_code: "JPY",
      value: "500",
    });
  });

  it("asks one token for two calls, and a new one when PayPal no longer knows it", async () => {
    await withOwnFake(async (own, ownCall) => {
      await paypal.startPayment?.(ownCall, payment());
      await paypal.startPayment?.(ownCall, payment());
      const tokenCalls = () => own.calls.filter((c) => c.path === "/v1/oauth2/token");
      expect(tokenCalls()).toHaveLength(1);
      expect(tokenCalls()[0]?.headers.authorization).toBe(
        `Basic ${Buffer.from(`${own.credentials.client_id}:${own.credentials.client_secret}`).toString("base64")}`,
      );
      expect(tokenCalls()[0]?.body).toBe("grant_type=client_credentials");

      own.expireTokens();
      await paypal.startPayment?.(ownCall, payment());
      expect(tokenCalls()).toHaveLength(2);
    });
  });

  it("shares one token request between concurrent calls", async () => {
    await withOwnFake(async (own, ownCall) => {
      await Promise.all([paypal.startPayment?.(ownCall, payment()), paypal.startPayment?.(ownCall, payment())]);
      expect(own.calls.filter((c) => c.path === "/v1/oauth2/token")).toHaveLength(1);
    });
  });

  it("renews a token shortly before it expires", async () => {
    const own = await startPayPalFake({ tokenTtlSeconds: 1 });
    try {
      const ownCall = callTo(own);
      await paypal.startPayment?.(ownCall, payment());
      await paypal.startPayment?.(ownCall, payment());
      expect(own.calls.filter((c) => c.path === "/v1/oauth2/token")).toHaveLength(1);
      // Half of a one-second lifetime is kept as margin: 0.6 s later, on both sides' clocks, it is renewed.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 600 });
      await paypal.startPayment?.(ownCall, payment());
      expect(own.calls.filter((c) => c.path === "/v1/oauth2/token")).toHaveLength(2);
    } finally {
      vi.useRealTimers();
      await own.close();
    }
  });

  it("fails for good on wrong client credentials, for now on a 5xx", async () => {
    const wrong = { ...call, credentials: { ...call.credentials, client_secret: "wrong" } };
    const refused = await paypal.startPayment?.(wrong, payment()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderError);
    expect((refused as ProviderError).retryable).toBe(false);
    expect((refused as ProviderError).message).toContain("Client Authentication failed");

    fake.failNext({ status: 503, path: "/v2/checkout/orders" });
    const failed = await paypal.startPayment?.(call, payment()).catch((error: unknown) => error);
    expect((failed as ProviderError).retryable).toBe(true);
  });
});

describe("capturePayPalOrder", () => {
  it("captures an approved order once, and a repeat answers the same capture", async () => {
    const request = payment({ amount: 1999 });
    const started = await start(request);
    const orderId = started.providerRef ?? "";

    expect(await capturePayPalOrder(call, orderId)).toEqual({
      completed: false,
      captureId: null,
      orderNo: null,
      amount: null,
      currency: null,
    });

    fake.approve(orderId);
    const result = await capturePayPalOrder(call, orderId);
    const captureId = fake.orders.get(orderId)?.purchase_units[0]?.payments?.captures[0]?.id;
    expect(result).toEqual({ completed: true, captureId, orderNo: request.orderNo, amount: 1999, currency: "USD" });
    expect(callsTo(`/v2/checkout/orders/${orderId}/capture`).at(-1)?.headers["paypal-request-id"]).toBe(
      `capture-${orderId}`,
    );

    expect(await capturePayPalOrder(call, orderId)).toEqual(result);
    expect(
      [...fake.captures.values()].filter((c) => c.supplementary_data.related_ids.order_id === orderId),
    ).toHaveLength(1);
  });

  it("reads back an order already captured another way", async () => {
    const request = payment();
    const orderId = (await start(request)).providerRef ?? "";
    fake.approve(orderId);
    await capturePayPalOrder(call, orderId);
    // As PayPal answers when the order was captured under another request id (another server).
    fake.failNext({ status: 422, issue: "ORDER_ALREADY_CAPTURED", path: `/v2/checkout/orders/${orderId}/capture` });
    expect(await capturePayPalOrder(call, orderId)).toMatchObject({ completed: true, orderNo: request.orderNo });
  });
});

describe("paypal.refund", () => {
  it("refunds once, and a repeat with the same refund number answers the first refund", async () => {
    const captureId = captured();
    const path = `/v2/payments/captures/${captureId}/refund`;
    const request = refundOf(captureId);

    const first = await paypal.refund?.(call, request);
    expect(callsTo(path)).toHaveLength(1);
    expect(callsTo(path)[0]?.headers["paypal-request-id"]).toBe(request.refundNo);
    expect(callsTo(path)[0]?.json).toEqual({
      amount: { value: "5.00", currency_code: "USD" },
      custom_id: request.refundNo,
      note_to_payer: request.reason,
    });
    const refundId = first?.state === "succeeded" ? first.refundId : "";
    expect(first).toEqual({ state: "succeeded", refundId });

    expect(await paypal.refund?.(call, request)).toEqual(first);
    expect(fake.refunds.size).toBeGreaterThan(0);
    expect([...fake.refunds.values()].filter((r) => r.custom_id === request.refundNo)).toHaveLength(1);
  });

  it.each<[PayPalRefundStatus, string]>([
    ["COMPLETED", "succeeded"],
    ["PENDING", "processing"],
    ["FAILED", "failed"],
    ["CANCELLED", "failed"],
  ])("maps a %s refund to %s", async (status, state) => {
    const captureId = captured();
    fake.setRefundStatus(status);
    try {
      expect((await paypal.refund?.(call, refundOf(captureId)))?.state).toBe(state);
    } finally {
      fake.setRefundStatus("COMPLETED");
    }
  });

  it("answers failed with PayPal's message for a 4xx", async () => {
    const captureId = captured();
    const outcome = await paypal.refund?.(call, refundOf(captureId, { amount: 5000 }));
    expect(outcome).toEqual({ state: "failed", reason: expect.stringContaining("REFUND_AMOUNT_EXCEEDED") });

    const unknown = await paypal.refund?.(call, refundOf("NOSUCHCAPTURE"));
    expect(unknown).toEqual({ state: "failed", reason: expect.stringContaining("INVALID_RESOURCE_ID") });
  });

  it("throws a retryable ProviderError for 429, 5xx and a dropped connection, then refunds once", async () => {
    const captureId = captured();
    const path = `/v2/payments/captures/${captureId}/refund`;
    const request = refundOf(captureId);
    for (const failure of [{ status: 500 }, { status: 429 }, { network: true as const }]) {
      fake.failNext({ ...failure, path });
      const error = await paypal.refund?.(call, request).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as ProviderError).retryable).toBe(true);
    }
    expect((await paypal.refund?.(call, request))?.state).toBe("succeeded");
    expect((await paypal.refund?.(call, request))?.state).toBe("succeeded");
    expect([...fake.refunds.values()].filter((r) => r.custom_id === request.refundNo)).toHaveLength(1);
  });
});

describe("paypal.verifyNotification", () => {
  const verify = (rawBody: Buffer, headers: Record<string, string>, overrides: Partial<ProviderCall> = {}) => {
    if (!paypal.verifyNotification) throw new Error("paypal verifies notifications");
    return paypal.verifyNotification({ rawBody, headers, call: { ...call, ...overrides } });
  };

  it("verifies through PayPal and reads a completed capture into a payment notice", async () => {
    const orderNo = uniqueId("ORD");
    const captureId = fake.capturedPayment({ orderNo, value: "500", currency: "JPY" });
    const { event, rawBody, headers } = fake.captureCompleted(captureId);

    const notice = await verify(rawBody, headers);
    expect(notice).toEqual({
      kind: "payment",
      eventId: event.id,
      orderNo,
      paid: true,
      tradeNo: captureId,
      transactionId: captureId,
      amount: 500,
      currency: "JPY",
      paidAt: new Date(fake.captures.get(captureId)?.update_time ?? ""),
    });
    const sent = callsTo("/v1/notifications/verify-webhook-signature").at(-1);
    expect(sent?.json).toEqual({
      auth_algo: headers["paypal-auth-algo"],
      cert_url: headers["paypal-cert-url"],
      transmission_id: headers["paypal-transmission-id"],
      transmission_sig: headers["paypal-transmission-sig"],
      transmission_time: headers["paypal-transmission-time"],
      webhook_id: fake.credentials.webhook_id,
      webhook_event: event,
    });
  });

  it("reads refund events into refund notices (a pending refund is not news)", async () => {
    const request = refundOf(captured());
    fake.setRefundStatus("PENDING");
    const outcome = await paypal.refund?.(call, request);
    fake.setRefundStatus("COMPLETED");
    const refundId = outcome?.state === "processing" ? outcome.refundId : "";

    const pending = fake.refundNotification(refundId);
    expect(await verify(pending.rawBody, pending.headers)).toEqual({ kind: "ignored", eventId: pending.event.id });

    const done = fake.refundNotification(refundId, "COMPLETED");
    expect(done.event.event_type).toBe("PAYMENT.CAPTURE.REFUNDED");
    expect(await verify(done.rawBody, done.headers)).toEqual({
      kind: "refund",
      eventId: done.event.id,
      refundNo: request.refundNo,
      succeeded: true,
      refundId,
      reason: null,
    });

    const failed = fake.refundNotification(refundId, "FAILED");
    expect(await verify(failed.rawBody, failed.headers)).toMatchObject({
      kind: "refund",
      refundNo: request.refundNo,
      succeeded: false,
      reason: "ECHECK",
    });
  });

  it("ignores other events and captures that are not ours", async () => {
    const other = fake.notification("CHECKOUT.ORDER.APPROVED", { id: "5O190127TN364715T", status: "APPROVED" });
    const foreign = fake.notification("PAYMENT.CAPTURE.COMPLETED", { id: "CAP1", status: "COMPLETED" });
    for (const { event, rawBody, headers } of [other, foreign]) {
      expect(await verify(rawBody, headers)).toEqual({ kind: "ignored", eventId: event.id });
    }
  });

  it("refuses an altered body, another transmission's headers, a missing header and a foreign webhook id", async () => {
    const captureId = captured();
    const good = fake.captureCompleted(captureId);
    const another = fake.captureCompleted(captureId);
    const altered = Buffer.from(good.rawBody.toString("utf8").replace('"value":"19.99"', '"value":"0.01"'));
    expect(altered.equals(good.rawBody)).toBe(false);
    const { "paypal-transmission-sig": _sig, ...withoutSig } = good.headers;
    const cases: [Buffer, Record<string, string>, Partial<ProviderCall>][] = [
      [altered, good.headers, {}],
      [
        good.rawBody,
        { ...good.headers, "paypal-transmission-sig": another.headers["paypal-transmission-sig"] ?? "" },
        {},
      ],
      [good.rawBody, { ...good.headers, "paypal-transmission-time": new Date(0).toISOString() }, {}],
      [good.rawBody, withoutSig, {}],
      [good.rawBody, good.headers, { credentials: { ...fake.credentials, webhook_id: "WH-OTHER" } }],
      [good.rawBody, good.headers, { credentials: { ...fake.credentials, webhook_id: "" } }],
      [Buffer.from("not json"), good.headers, {}],
    ];
    for (const [rawBody, headers, overrides] of cases) {
      await expect(verify(rawBody, headers, overrides)).rejects.toBeInstanceOf(WebhookRefused);
    }
    // The untouched original still verifies.
    await expect(verify(good.rawBody, good.headers)).resolves.toMatchObject({ kind: "payment" });
  });

  it("throws a plain error, not a refusal, when PayPal cannot be asked", async () => {
    const { rawBody, headers } = fake.captureCompleted(captured());
    const path = "/v1/notifications/verify-webhook-signature";
    for (const failure of [
      { network: true as const, path },
      { status: 503, path },
    ]) {
      fake.failNext(failure);
      const error = await verify(rawBody, headers).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(WebhookRefused);
    }

    const closed = await startPayPalFake();
    await closed.close();
    const unreachable = await verify(rawBody, headers, { baseUrl: closed.baseUrl }).catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(Error);
    expect(unreachable).not.toBeInstanceOf(WebhookRefused);

    // Once PayPal answers again, the same delivery verifies.
    await expect(verify(rawBody, headers)).resolves.toMatchObject({ kind: "payment" });
  });

  it("verifies with a new token when PayPal no longer knows the cached one", async () => {
    const { rawBody, headers } = fake.captureCompleted(captured());
    fake.expireTokens();
    await expect(verify(rawBody, headers)).resolves.toMatchObject({ kind: "payment" });
  });

  it("acknowledges with 200 {}", () => {
    expect(paypal.notificationAck).toEqual({ status: 200, contentType: "application/json", body: "{}" });
    expect(paypal.id).toBe("paypal");
    expect(paypal.defaultBaseUrl).toBe("https://api-m.paypal.com");
  });
});
