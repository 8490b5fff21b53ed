import { generateKeyPairSync } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { WebhookRefused } from "../../../platform/http/webhook.js";
import type { Credentials, NotificationRequest, RefundRequest } from "./adapter.js";
import { callTo, fakeForFile, operationsOf, providerError } from "./fakes/adapter-test.js";
import { startWechatPayFake } from "./fakes/wechatpay-fake.js";
import { wechatPay } from "./wechatpay.js";

const fake = await fakeForFile(startWechatPayFake);
beforeEach(() => fake.reset());

const callWith = (credentials: Credentials = fake.credentials) => callTo(fake, { credentials, timeoutMs: 2_000 });
const { startPayment, refund, query, verifyNotification } = operationsOf(wechatPay);

const payment = (orderNo: string, amount: number) => ({
  orderNo,
  amount,
  currency: "CNY",
  description: "Shop 1 · Washer 3 · Cotton 40°",
  notifyUrl: "https://console.example.com/webhooks/wechatpay/7",
  returnUrl: "https://console.example.com/orders/done",
  expiresAt: new Date(Date.now() + 300_000),
});

const refundOf = (refundNo: string, overrides: Partial<RefundRequest> = {}): RefundRequest => ({
  orderNo: "W20240501000001",
  tradeNo: "4200001234202405011234567890",
  refundNo,
  amount: 500,
  total: 1999,
  currency: "CNY",
  reason: "machine fault",
  notifyUrl: "https://console.example.com/webhooks/wechatpay/7",
  ...overrides,
});

const notificationRequest = (
  signed: { rawBody: Buffer; headers: Record<string, string> },
  overrides: Partial<NotificationRequest> = {},
): NotificationRequest => ({ rawBody: signed.rawBody, headers: signed.headers, call: callWith(), ...overrides });

describe("wechatpay startPayment", () => {
  it("answers the code_url of a Native payment, signed as WeChat Pay checks", async () => {
    const start = await startPayment(callWith(), payment("W1", 1999));
    const order = fake.orders.get("W1");
    expect(start).toEqual({ kind: "qr", content: order?.codeUrl, providerRef: null });
    expect(start.kind === "qr" && start.content.startsWith("weixin://wxpay/bizpayurl?pr=")).toBe(true);
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]).toMatchObject({ method: "POST", path: "/v3/pay/transactions/native", signatureValid: true });
    expect(fake.calls[0]?.body).toMatchObject({
      appid: fake.credentials.app_id,
      mchid: fake.credentials.mch_id,
      out_trade_no: "W1",
      notify_url: "https://console.example.com/webhooks/wechatpay/7",
      amount: { total: 1999, currency: "CNY" },
    });
  });

  it("sends amounts in fen exactly", async () => {
    for (const amount of [1, 1999, 70000]) await startPayment(callWith(), payment(`A${amount}`, amount));
    expect([...fake.orders.values()].map((o) => o.total)).toEqual([1, 1999, 70000]);
  });

  it("cuts the description to 127 bytes at a character boundary", async () => {
    await startPayment(callWith(), { ...payment("W2", 100), description: "洗衣机".repeat(60) });
    const description = fake.orders.get("W2")?.description ?? "";
    expect(Buffer.byteLength(description, "utf8")).toBe(126);
    expect(description).toBe("洗衣机".repeat(14));
  });

  it("accepts a private key as a bare base64 body", async () => {
    const bare = (fake.credentials.private_key ?? "").replace(/-----[A-Z ]+-----/g, "").replace(/\s+/g, "");
    await startPayment(callWith({ ...fake.credentials, private_key: bare }), payment("W3", 1));
    expect(fake.calls[0]?.signatureValid).toBe(true);
  });

  it("refuses a non-integer amount before calling", async () => {
    const error = await providerError(startPayment(callWith(), payment("W4", 19.99)));
    expect(error.retryable).toBe(false);
    expect(fake.calls).toHaveLength(0);
  });
});

describe("wechatpay refund", () => {
  it("reaches WeChat Pay once, signed, and reads SUCCESS as succeeded", async () => {
    const outcome = await refund(callWith(), refundOf("R1"));
    const stored = fake.refunds.get("R1");
    expect(outcome).toEqual({ state: "succeeded", refundId: stored?.refundId });
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]).toMatchObject({ method: "POST", path: "/v3/refund/domestic/refunds", signatureValid: true });
    expect(fake.calls[0]?.body).toEqual({
      transaction_id: "4200001234202405011234567890",
      out_trade_no: "W20240501000001",
      out_refund_no: "R1",
      reason: "machine fault",
      notify_url: "https://console.example.com/webhooks/wechatpay/7",
      amount: { refund: 500, total: 1999, currency: "CNY" },
    });
  });

  it("leaves transaction_id out when the trade number is unknown", async () => {
    await refund(callWith(), refundOf("R2", { tradeNo: null }));
    expect(fake.calls[0]?.body).not.toHaveProperty("transaction_id");
  });

  it("maps PROCESSING, ABNORMAL and CLOSED", async () => {
    fake.refundStatus = "PROCESSING";
    expect(await refund(callWith(), refundOf("R3"))).toEqual({
      state: "processing",
      refundId: fake.refunds.get("R3")?.refundId,
    });
    fake.refundStatus = "ABNORMAL";
    expect(await refund(callWith(), refundOf("R4", { orderNo: "W2" }))).toEqual({
      state: "failed",
      reason: "refund ABNORMAL",
    });
    fake.refundStatus = "CLOSED";
    expect(await refund(callWith(), refundOf("R5", { orderNo: "W3" }))).toMatchObject({ state: "failed" });
  });

  it("reads a 4xx business error as failed with its message", async () => {
    fake.failNext({ kind: "error", status: 403, code: "NOT_ENOUGH", message: "基本账户余额不足" });
    expect(await refund(callWith(), refundOf("R6"))).toEqual({
      state: "failed",
      reason: "NOT_ENOUGH: 基本账户余额不足",
    });
    expect(fake.refunds.size).toBe(0);
  });

  it("fails a refund beyond the refundable amount (the fake's own check)", async () => {
    expect(await refund(callWith(), refundOf("R7", { amount: 2000 }))).toMatchObject({ state: "failed" });
  });

  it("throws a retryable ProviderError for 5xx, 429, a dropped connection and a timeout", async () => {
    fake.failNext({ kind: "error", status: 500, code: "SYSTEM_ERROR", message: "系统错误" });
    expect((await providerError(refund(callWith(), refundOf("R8")))).retryable).toBe(true);
    fake.failNext({ kind: "error", status: 429, code: "FREQUENCY_LIMITED", message: "频率超限" });
    expect((await providerError(refund(callWith(), refundOf("R8")))).retryable).toBe(true);
    fake.failNext({ kind: "drop" });
    expect((await providerError(refund(callWith(), refundOf("R8")))).retryable).toBe(true);
    fake.failNext({ kind: "delay", ms: 500 });
    const slow = { ...callWith(), timeoutMs: 100 };
    expect((await providerError(refund(slow, refundOf("R8")))).retryable).toBe(true);
  });

  it("does not believe an answer whose signature does not verify", async () => {
    fake.failNext({ kind: "forged-signature" });
    expect((await providerError(refund(callWith(), refundOf("R9")))).retryable).toBe(false);
    const otherKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({
      type: "spki",
      format: "pem",
    });
    const wrongPlatform = { ...fake.credentials, platform_public_key: String(otherKey) };
    expect((await providerError(refund(callWith(wrongPlatform), refundOf("R10")))).retryable).toBe(false);
  });

  it("is refused by WeChat Pay when signed with another merchant key", async () => {
    const otherKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
      type: "pkcs8",
      format: "pem",
    });
    const outcome = await refund(callWith({ ...fake.credentials, private_key: String(otherKey) }), refundOf("R11"));
    expect(outcome).toEqual({ state: "failed", reason: "SIGN_ERROR: 签名错误" });
    expect(fake.calls[0]?.signatureValid).toBe(false);
    expect(fake.refunds.size).toBe(0);
  });

  it("makes one refund of the same refund number sent twice", async () => {
    const first = await refund(callWith(), refundOf("R12"));
    const second = await refund(callWith(), refundOf("R12"));
    expect(second).toEqual(first);
    expect(fake.calls).toHaveLength(2);
    expect(fake.refunds.size).toBe(1);
  });
});

describe("wechatpay query", () => {
  it("reads an unpaid, then a paid order, and an unknown one", async () => {
    await startPayment(callWith(), payment("Q1", 70000));
    expect(await query(callWith(), "Q1", "CNY")).toEqual({
      paid: false,
      tradeNo: null,
      amount: 70000,
      currency: "CNY",
      paidAt: null,
    });
    fake.notification({ type: "TRANSACTION.SUCCESS", orderNo: "Q1", successTime: "2024-05-01T12:00:00+08:00" });
    const paid = await query(callWith(), "Q1", "CNY");
    expect(paid).toEqual({
      paid: true,
      tradeNo: fake.orders.get("Q1")?.transactionId,
      amount: 70000,
      currency: "CNY",
      paidAt: new Date("2024-05-01T04:00:00Z"),
    });
    expect(fake.calls.at(-1)?.path).toBe(`/v3/pay/transactions/out-trade-no/Q1?mchid=${fake.credentials.mch_id}`);
    expect(fake.calls.every((c) => c.signatureValid)).toBe(true);
    expect(await query(callWith(), "NOPE", "CNY")).toEqual({
      paid: false,
      tradeNo: null,
      amount: null,
      currency: null,
      paidAt: null,
    });
  });
});

describe("WeChat Pay Global: a merchant outside Mainland China", () => {
  const abroad = (orderNo: string, amount: number, currency: string) => ({ ...payment(orderNo, amount), currency });

  it("sends a ฿50 wash as 5000 satang through the global API, with its trade type and business category", async () => {
    await startPayment(callWith(), abroad("G1", 50, "THB"));
    expect(fake.calls[0]).toMatchObject({
      method: "POST",
      path: "/v3/global/transactions/native",
      signatureValid: true,
    });
    expect(fake.calls[0]?.body).toMatchObject({
      appid: fake.credentials.app_id,
      mchid: fake.credentials.mch_id,
      trade_type: "NATIVE",
      merchant_category_code: "7210",
      amount: { total: 5000, currency: "THB" },
    });
    expect(fake.orders.get("G1")).toMatchObject({ api: "global", total: 5000, currency: "THB" });
    // Ringgit in sen, as ISO 4217 and our table both count them; yen whole.
    await startPayment(callWith(), abroad("G2", 700, "MYR"));
    await startPayment(callWith(), abroad("G3", 500, "JPY"));
    expect([fake.orders.get("G2")?.total, fake.orders.get("G3")?.total]).toEqual([700, 500]);
    // The vendor's own category code when it set one.
    await startPayment(callWith({ ...fake.credentials, merchant_category_code: "5814" }), abroad("G4", 50, "THB"));
    expect(fake.calls.at(-1)?.body).toMatchObject({ merchant_category_code: "5814" });
  });

  it("never sends another currency to the domestic API, which refuses it, nor one WeChat Pay does not take", async () => {
    await startPayment(callWith(), abroad("G5", 50, "THB"));
    expect(fake.calls.filter((c) => c.path.startsWith("/v3/pay/"))).toEqual([]);
    const error = await providerError(startPayment(callWith(), abroad("G6", 15_000, "IDR")));
    expect(error.message).toMatch(/does not take IDR/);
    expect(error.retryable).toBe(false);
    expect(fake.calls).toHaveLength(1);
  });

  it("refunds through the global API in the payment's currency and units, as under way until notified", async () => {
    await startPayment(callWith(), abroad("G7", 50, "THB"));
    const outcome = await refund(
      callWith(),
      refundOf("GR1", { orderNo: "G7", tradeNo: null, amount: 20, total: 50, currency: "THB" }),
    );
    expect(outcome).toMatchObject({ state: "processing" });
    expect(fake.calls.at(-1)).toMatchObject({ path: "/v3/global/refunds", signatureValid: true });
    expect(fake.calls.at(-1)?.body).toMatchObject({
      appid: fake.credentials.app_id,
      mchid: fake.credentials.mch_id,
      amount: { refund: 2000, total: 5000, currency: "THB" },
    });
    // How it ended arrives as a notification.
    const ended = await verifyNotification(
      notificationRequest(fake.notification({ type: "REFUND.SUCCESS", refundNo: "GR1" })),
    );
    expect(ended).toMatchObject({ kind: "refund", refundNo: "GR1", succeeded: true });
  });

  it("reads a global notification's amount back in our units of its currency, and queries the global API", async () => {
    await startPayment(callWith(), abroad("G8", 50, "THB"));
    const paid = await verifyNotification(
      notificationRequest(fake.notification({ type: "TRANSACTION.SUCCESS", orderNo: "G8" })),
    );
    expect(paid).toMatchObject({ kind: "payment", orderNo: "G8", amount: 50, currency: "THB" });
    // 50.50 baht is no amount of ours (we count whole baht): no order's.
    const odd = await verifyNotification(
      notificationRequest(
        fake.notification({ type: "TRANSACTION.SUCCESS", orderNo: "G8", amount: 5050, currency: "THB" }),
      ),
    );
    expect(odd).toMatchObject({ amount: null, currency: "THB" });
    expect(await query(callWith(), "G8", "THB")).toMatchObject({ paid: true, amount: 50, currency: "THB" });
    expect(fake.calls.at(-1)?.path).toBe(`/v3/global/transactions/out-trade-no/G8?mchid=${fake.credentials.mch_id}`);
  });
});

describe("wechatpay notifications", () => {
  it("reads a payment notification", async () => {
    const signed = fake.notification(
      {
        type: "TRANSACTION.SUCCESS",
        orderNo: "N1",
        amount: 1999,
        transactionId: "4200000001",
        successTime: "2024-05-01T12:00:00+08:00",
      },
      { id: "EV-1" },
    );
    expect(await verifyNotification(notificationRequest(signed))).toEqual({
      kind: "payment",
      eventId: "EV-1",
      orderNo: "N1",
      paid: true,
      tradeNo: "4200000001",
      transactionId: "4200000001",
      amount: 1999,
      currency: "CNY",
      paidAt: new Date("2024-05-01T04:00:00Z"),
    });
  });

  it("reads amounts of 1 and 70000 fen as they are", async () => {
    for (const amount of [1, 70000]) {
      const notice = await verifyNotification(
        notificationRequest(fake.notification({ type: "TRANSACTION.SUCCESS", orderNo: "N2", amount })),
      );
      expect(notice.kind === "payment" && notice.amount).toBe(amount);
    }
  });

  it("reads refund notifications", async () => {
    fake.refundStatus = "PROCESSING";
    await refund(callWith(), refundOf("NR1"));
    const refundId = fake.refunds.get("NR1")?.refundId;
    const success = fake.notification({ type: "REFUND.SUCCESS", refundNo: "NR1" }, { id: "EV-2" });
    expect(await verifyNotification(notificationRequest(success))).toEqual({
      kind: "refund",
      eventId: "EV-2",
      refundNo: "NR1",
      succeeded: true,
      refundId,
      reason: null,
    });
    expect(fake.refunds.get("NR1")?.status).toBe("SUCCESS");
    const abnormal = fake.notification({ type: "REFUND.ABNORMAL", refundNo: "NR2" }, { id: "EV-3" });
    expect(await verifyNotification(notificationRequest(abnormal))).toMatchObject({
      kind: "refund",
      refundNo: "NR2",
      succeeded: false,
      reason: "refund ABNORMAL",
    });
  });

  it("ignores other verified events", async () => {
    const other = fake.notification(
      { type: "other", eventType: "MCHTRANSFER.BILL.FINISHED", resource: {} },
      { id: "EV-4" },
    );
    expect(await verifyNotification(notificationRequest(other))).toEqual({ kind: "ignored", eventId: "EV-4" });
  });

  const refused = async (request: NotificationRequest) => {
    await expect(verifyNotification(request)).rejects.toBeInstanceOf(WebhookRefused);
  };

  it("refuses an altered body", async () => {
    const signed = fake.notification({ type: "TRANSACTION.SUCCESS", orderNo: "N3", amount: 1 });
    const altered = Buffer.from(signed.rawBody.toString("utf8").replace('"支付成功"', '"支付成功!"'), "utf8");
    await refused(notificationRequest({ ...signed, rawBody: altered }));
  });

  it("refuses a wrong or missing signature", async () => {
    const signed = fake.notification({ type: "TRANSACTION.SUCCESS", orderNo: "N4", amount: 1 });
    const other = fake.notification({ type: "TRANSACTION.SUCCESS", orderNo: "N5", amount: 1 });
    const wrong = { ...signed.headers, "wechatpay-signature": other.headers["wechatpay-signature"] ?? "" };
    await refused(notificationRequest({ ...signed, headers: wrong }));
    const { "wechatpay-signature": _dropped, ...unsigned } = signed.headers;
    await refused(notificationRequest({ ...signed, headers: unsigned }));
  });

  it("refuses a timestamp more than 5 minutes away", async () => {
    const at = new Date("2024-05-01T12:00:00Z");
    const signed = fake.notification({ type: "TRANSACTION.SUCCESS", orderNo: "N6", amount: 1 }, { at });
    const fresh = await verifyNotification(notificationRequest(signed, { now: new Date(at.getTime() + 4 * 60_000) }));
    expect(fresh.kind).toBe("payment");
    await refused(notificationRequest(signed, { now: new Date(at.getTime() + 6 * 60_000) }));
    await refused(notificationRequest(signed, { now: new Date(at.getTime() - 6 * 60_000) }));
  });

  it("refuses a notification checked with another platform key or APIv3 key", async () => {
    const signed = fake.notification({ type: "TRANSACTION.SUCCESS", orderNo: "N7", amount: 1 });
    const otherKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({
      type: "spki",
      format: "pem",
    });
    await refused(
      notificationRequest(signed, { call: callWith({ ...fake.credentials, platform_public_key: String(otherKey) }) }),
    );
    await refused(notificationRequest(signed, { call: callWith({ ...fake.credentials, api_v3_key: "x".repeat(32) }) }));
    await refused(notificationRequest(signed, { call: callWith({ ...fake.credentials, mch_id: "1900000999" }) }));
  });

  it("refuses a signed body that is not JSON", async () => {
    const body = "not json";
    await refused(notificationRequest({ rawBody: Buffer.from(body), headers: fake.sign(body) }));
  });

  it("acknowledges with WeChat Pay's success body", () => {
    expect(wechatPay.notificationAck).toEqual({
      status: 200,
      contentType: "application/json",
      body: '{"code":"SUCCESS","message":"成功"}',
    });
  });
});
