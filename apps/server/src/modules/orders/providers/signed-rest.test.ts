import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentRequest, ProviderAdapter, ProviderCall } from "./adapter.js";
import { ProviderError } from "./adapter.js";
import { callTo, uniqueId } from "./fakes/adapter-test.js";
import { type SignedRestFake, startSignedRestFake } from "./fakes/signed-rest-fake.js";
import { fomo } from "./fomo.js";
import { qris } from "./qris.js";
import { restSignature } from "./signed-rest.js";

describe("restSignature", () => {
  it("is the hex HMAC-SHA256 of method, path, timestamp, nonce and body joined by newlines", () => {
    const parts = { method: "post", path: "/api/orders", timestamp: "1700000000", nonce: "abc", body: '{"a":1}' };
    const expected = createHmac("sha256", "key-1").update('POST\n/api/orders\n1700000000\nabc\n{"a":1}').digest("hex");
    expect(restSignature("key-1", parts)).toBe(expected);
    // The same vector computed with `openssl dgst -sha256 -hmac key-1`, for the documentation.
    expect(restSignature("key-1", parts)).toBe("63de53593ae66e4481d82dc3da8c4af69dded8d0b94e47a549dfb789a1f664ad");
  });
});

describe.each<[string, ProviderAdapter, string, string, number]>([
  ["fomo", fomo, "https://api.fomopay.net", "SGD", 1250],
  ["qris", qris, "https://api.qris.id", "IDR", 25000],
])("%s", (id, adapter, defaultBaseUrl, currency, amount) => {
  let fake: SignedRestFake;
  let call: ProviderCall;

  beforeAll(async () => {
    fake = await startSignedRestFake();
    call = callTo(fake);
  });
  afterAll(() => fake.close());

  const payment = (overrides: Partial<PaymentRequest> = {}): PaymentRequest => ({
    orderNo: uniqueId("ORD/"),
    amount,
    currency,
    description: "Shop 12 — washer 3",
    notifyUrl: `https://console.example.com/webhooks/${id}/7`,
    returnUrl: "https://console.example.com/pay/done",
    expiresAt: new Date(Date.now() + 300_000),
    ...overrides,
  });

  const startPayment = (request: PaymentRequest, on: ProviderCall = call) => {
    if (!adapter.startPayment) throw new Error(`${id} starts payments`);
    return adapter.startPayment(on, request);
  };
  const query = (orderNo: string, on: ProviderCall = call) => {
    if (!adapter.query) throw new Error(`${id} answers queries`);
    return adapter.query(on, orderNo, currency);
  };

  it("is the provider's adapter, with its production base URL, and no refunds", () => {
    expect(adapter.id).toBe(id);
    expect(adapter.defaultBaseUrl).toBe(defaultBaseUrl);
    expect(adapter.refund).toBeUndefined();
  });

  it("starts a QR payment with one signed call the provider accepts", async () => {
    const before = fake.calls.length;
    const request = payment();
    const started = await startPayment(request);

    expect(fake.calls.length - before).toBe(1);
    const sent = fake.calls.at(-1);
    expect(sent?.method).toBe("POST");
    expect(sent?.path).toBe("/api/orders");
    expect(sent?.headers["x-merchant-id"]).toBe(fake.credentials.merchant_id);
    expect(sent?.headers["x-nonce"]).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(sent?.body ?? "")).toEqual({
      order_no: request.orderNo,
      amount,
      currency,
      description: request.description,
      notify_url: request.notifyUrl,
      return_url: request.returnUrl,
      expires_at: request.expiresAt.toISOString(),
    });
    const order = fake.orders.get(request.orderNo);
    expect(started).toEqual({ kind: "qr", content: order?.qr_content, providerRef: order?.trade_no });
  });

  it("answers check_order: pending, then paid with the provider's trade number, amount and time", async () => {
    const request = payment();
    await startPayment(request);
    expect(await query(request.orderNo)).toEqual({
      paid: false,
      tradeNo: fake.orders.get(request.orderNo)?.trade_no,
      amount,
      currency,
      paidAt: null,
    });
    // The order number travels percent-encoded in the path, and is signed so.
    expect(fake.calls.at(-1)?.path).toBe(`/api/orders/${encodeURIComponent(request.orderNo)}`);

    const paidAt = new Date("2024-05-01T10:20:30.000Z");
    fake.markPaid(request.orderNo, { tradeNo: "T-PAID-1", paidAt });
    expect(await query(request.orderNo)).toEqual({ paid: true, tradeNo: "T-PAID-1", amount, currency, paidAt });

    fake.markFailed(request.orderNo);
    expect((await query(request.orderNo)).paid).toBe(false);
  });

  it("answers not paid for an order the provider does not know", async () => {
    expect(await query(uniqueId("NONE"))).toEqual({
      paid: false,
      tradeNo: null,
      amount: null,
      currency: null,
      paidAt: null,
    });
  });

  it("is refused for good with a wrong api key or merchant id", async () => {
    for (const credentials of [
      { ...fake.credentials, api_key: "wrong" },
      { ...fake.credentials, merchant_id: "M-OTHER" },
    ]) {
      const error = await query("ORD-1", { ...call, credentials }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as ProviderError).retryable).toBe(false);
      expect((error as ProviderError).message).toMatch(/HTTP 401/);
    }
    const missing = await query("ORD-1", { ...call, credentials: {} }).catch((e: unknown) => e);
    expect((missing as ProviderError).retryable).toBe(false);
  });

  it("throws a retryable ProviderError for 5xx, 429 and a dropped connection; a business error is final", async () => {
    for (const failure of [{ status: 500 }, { status: 429 }, { network: true as const }]) {
      fake.failNext(failure);
      const error = await startPayment(payment()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as ProviderError).retryable).toBe(true);
    }
    fake.failNext({ status: 422, code: "AMOUNT_TOO_SMALL", message: "amount below the minimum" });
    const error = await startPayment(payment()).catch((e: unknown) => e);
    expect((error as ProviderError).retryable).toBe(false);
    expect((error as ProviderError).message).toContain("AMOUNT_TOO_SMALL");
  });

  it("creates an order once: a retry answers the same QR code", async () => {
    const request = payment();
    const first = await startPayment(request);
    expect(await startPayment(request)).toEqual(first);
    expect(fake.orders.get(request.orderNo)?.status).toBe("PENDING");
  });
});
