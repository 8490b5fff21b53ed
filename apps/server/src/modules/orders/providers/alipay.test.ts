import { generateKeyPairSync } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { WebhookRefused } from "../../../platform/http/webhook.js";
import type { Credentials, NotificationRequest, RefundRequest } from "./adapter.js";
import { ProviderError } from "./adapter.js";
import { alipay, alipayAmount, ourAmount } from "./alipay.js";
import { callTo, fakeForFile, operationsOf, providerError } from "./fakes/adapter-test.js";
import { startAlipayFake } from "./fakes/alipay-fake.js";

const fake = await fakeForFile(startAlipayFake);
beforeEach(() => fake.reset());

const callWith = (credentials: Credentials = fake.credentials) => callTo(fake, { credentials, timeoutMs: 2_000 });
const { startPayment, refund, query, verifyNotification } = operationsOf(alipay);

const NOTIFY_URL = "https://console.example.com/webhooks/alipay/7";

const payment = (orderNo: string, amount: number) => ({
  orderNo,
  amount,
  currency: "CNY",
  description: "Shop 1 · Washer 3 · 标准洗",
  notifyUrl: NOTIFY_URL,
  returnUrl: "https://console.example.com/orders/done",
  expiresAt: new Date(Date.now() + 300_000),
});

const refundOf = (refundNo: string, overrides: Partial<RefundRequest> = {}): RefundRequest => ({
  orderNo: "A20240501000001",
  tradeNo: "2024050122001400000000000001",
  refundNo,
  amount: 500,
  total: 1999,
  currency: "CNY",
  reason: "machine fault",
  notifyUrl: NOTIFY_URL,
  ...overrides,
});

const notificationRequest = (
  signed: { rawBody: Buffer; headers: Record<string, string> },
  overrides: Partial<NotificationRequest> = {},
): NotificationRequest => ({ rawBody: signed.rawBody, headers: signed.headers, call: callWith(), ...overrides });

describe("alipay amounts", () => {
  it("converts fen to yuan text and back exactly", () => {
    expect([1, 10, 1999, 70000, 100000000].map((a) => alipayAmount(a, "CNY"))).toEqual([
      "0.01",
      "0.10",
      "19.99",
      "700.00",
      "1000000.00",
    ]);
    expect(["0.01", "19.99", "19.9", "19", "700.00", "0.29"].map((t) => ourAmount(t, "CNY"))).toEqual([
      1, 1999, 1990, 1900, 70000, 29,
    ]);
    expect(["1.999", "-1.00", "1e3", "", "1,00", "Infinity"].map((t) => ourAmount(t, "CNY"))).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(() => alipayAmount(19.99, "CNY")).toThrow(ProviderError);
    expect(() => alipayAmount(0, "CNY")).toThrow(ProviderError);
  });

  it('states whole-unit currencies in their major unit: ฿50 is "50.00", ¥500 is "500"', () => {
    expect(alipayAmount(50, "THB")).toBe("50.00");
    expect(alipayAmount(500, "JPY")).toBe("500");
    expect(alipayAmount(700, "MYR")).toBe("7.00");
    expect(ourAmount("50.00", "THB")).toBe(50);
    expect(ourAmount("50.50", "THB")).toBeNull();
    expect(() => alipayAmount(15_000, "IDR")).toThrow(ProviderError);
  });
});

describe("alipay startPayment", () => {
  it("answers the qr_code of a precreated trade, signed as Alipay checks", async () => {
    const start = await startPayment(callWith(), payment("A1", 1999));
    expect(start).toEqual({ kind: "qr", content: fake.orders.get("A1")?.qrCode, providerRef: null });
    expect(start.kind === "qr" && start.content.startsWith("https://qr.alipay.com/")).toBe(true);
    expect(fake.calls).toHaveLength(1);
    const [sent] = fake.calls;
    expect(sent).toMatchObject({ method: "alipay.trade.precreate", signatureValid: true });
    expect(sent?.params).toMatchObject({
      app_id: fake.credentials.app_id,
      format: "JSON",
      charset: "utf-8",
      sign_type: "RSA2",
      version: "1.0",
      notify_url: NOTIFY_URL,
    });
    expect(sent?.params.timestamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The trade lapses with the machine's hold (five minutes here, in Alipay's whole minutes).
    expect(sent?.biz).toEqual({
      out_trade_no: "A1",
      total_amount: "19.99",
      subject: "Shop 1 · Washer 3 · 标准洗",
      timeout_express: expect.stringMatching(/^[45]m$/),
    });
  });

  it("sends the timestamp in Asia/Shanghai time", async () => {
    await startPayment(callWith(), payment("A2", 1));
    const sent = fake.calls[0]?.params.timestamp ?? "";
    const asUtc = new Date(`${sent.replace(" ", "T")}+08:00`).getTime();
    expect(Math.abs(asUtc - Date.now())).toBeLessThan(60_000);
  });

  it("sends amounts as exact yuan text", async () => {
    for (const amount of [1, 1999, 70000]) await startPayment(callWith(), payment(`Y${amount}`, amount));
    expect([...fake.orders.values()].map((o) => o.totalAmount)).toEqual(["0.01", "19.99", "700.00"]);
  });

  it("takes keys as PEM as well as bare base64 bodies", async () => {
    const pem = { ...fake.credentials, private_key: fake.pem.privateKey, alipay_public_key: fake.pem.alipayPublicKey };
    await startPayment(callWith(pem), payment("A3", 100));
    expect(fake.calls[0]?.signatureValid).toBe(true);
  });

  it("throws a non-retryable ProviderError for a business error, a retryable one for 20000", async () => {
    fake.failNext({ kind: "business", code: "40004", subCode: "ACQ.TRADE_HAS_SUCCESS", subMsg: "交易已被支付" });
    expect((await providerError(startPayment(callWith(), payment("A4", 100)))).retryable).toBe(false);
    fake.failNext({ kind: "business", code: "20000", subCode: "isp.unknow-error", subMsg: "系统繁忙" });
    expect((await providerError(startPayment(callWith(), payment("A4", 100)))).retryable).toBe(true);
  });
});

describe("alipay refund", () => {
  it("reaches Alipay once, signed, and reads fund_change Y as succeeded", async () => {
    const outcome = await refund(callWith(), refundOf("R1"));
    expect(outcome).toEqual({ state: "succeeded", refundId: "2024050122001400000000000001:R1" });
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]).toMatchObject({ method: "alipay.trade.refund", signatureValid: true });
    expect(fake.calls[0]?.biz).toEqual({
      out_trade_no: "A20240501000001",
      trade_no: "2024050122001400000000000001",
      refund_amount: "5.00",
      out_request_no: "R1",
      refund_reason: "machine fault",
    });
    expect(fake.refunds.get("R1")?.refundAmount).toBe("5.00");
  });

  it("reads fund_change N as processing", async () => {
    fake.refundFundChange = "N";
    expect(await refund(callWith(), refundOf("R2"))).toEqual({
      state: "processing",
      refundId: "2024050122001400000000000001:R2",
    });
  });

  it("reads a business error as failed with its sub_msg", async () => {
    fake.failNext({
      kind: "business",
      code: "40004",
      subCode: "ACQ.SELLER_BALANCE_NOT_ENOUGH",
      subMsg: "卖家余额不足",
    });
    expect(await refund(callWith(), refundOf("R3"))).toEqual({ state: "failed", reason: "卖家余额不足" });
    expect(fake.refunds.size).toBe(0);
  });

  it("fails a refund beyond what the trade can refund (the fake's own check)", async () => {
    await startPayment(callWith(), payment("A5", 1999));
    fake.notification({ orderNo: "A5" });
    expect(await refund(callWith(), refundOf("R4", { orderNo: "A5", tradeNo: null, amount: 1999 }))).toMatchObject({
      state: "succeeded",
    });
    expect(await refund(callWith(), refundOf("R5", { orderNo: "A5", tradeNo: null, amount: 1 }))).toEqual({
      state: "failed",
      reason: "退款金额超限",
    });
  });

  it("throws a retryable ProviderError for 20000, ACQ.SYSTEM_ERROR, 5xx, a dropped connection and a timeout", async () => {
    fake.failNext({ kind: "business", code: "20000", subCode: "isp.unknow-error", subMsg: "系统繁忙" });
    expect((await providerError(refund(callWith(), refundOf("R6")))).retryable).toBe(true);
    fake.failNext({ kind: "business", code: "40004", subCode: "ACQ.SYSTEM_ERROR", subMsg: "系统错误" });
    expect((await providerError(refund(callWith(), refundOf("R6")))).retryable).toBe(true);
    fake.failNext({ kind: "http", status: 502 });
    expect((await providerError(refund(callWith(), refundOf("R6")))).retryable).toBe(true);
    fake.failNext({ kind: "drop" });
    expect((await providerError(refund(callWith(), refundOf("R6")))).retryable).toBe(true);
    fake.failNext({ kind: "delay", ms: 500 });
    expect((await providerError(refund({ ...callWith(), timeoutMs: 100 }, refundOf("R6")))).retryable).toBe(true);
  });

  it("does not believe an answer whose sign does not verify", async () => {
    fake.failNext({ kind: "forged-signature" });
    expect((await providerError(refund(callWith(), refundOf("R7")))).retryable).toBe(false);
    const otherKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({
      type: "spki",
      format: "pem",
    });
    const wrongAlipayKey = { ...fake.credentials, alipay_public_key: String(otherKey) };
    expect((await providerError(refund(callWith(wrongAlipayKey), refundOf("R8")))).retryable).toBe(false);
  });

  it("is refused by Alipay when signed with another app key", async () => {
    const otherKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
      type: "pkcs8",
      format: "pem",
    });
    const outcome = await refund(callWith({ ...fake.credentials, private_key: String(otherKey) }), refundOf("R9"));
    expect(outcome).toMatchObject({ state: "failed", reason: expect.stringContaining("验签出错") });
    expect(fake.calls[0]?.signatureValid).toBe(false);
    expect(fake.refunds.size).toBe(0);
  });

  it("makes one refund of the same refund number sent twice", async () => {
    const first = await refund(callWith(), refundOf("R10"));
    const second = await refund(callWith(), refundOf("R10"));
    expect(first).toEqual({ state: "succeeded", refundId: "2024050122001400000000000001:R10" });
    // Alipay answers a repeat with fund_change "N": no money moved this time.
    expect(second).toEqual({ state: "processing", refundId: "2024050122001400000000000001:R10" });
    expect(fake.calls).toHaveLength(2);
    expect(fake.refunds.size).toBe(1);
  });
});

describe("alipay query", () => {
  it("reads an unpaid, then a paid trade, and an unknown one", async () => {
    await startPayment(callWith(), payment("Q1", 70000));
    const tradeNo = fake.orders.get("Q1")?.tradeNo;
    expect(await query(callWith(), "Q1", "CNY")).toEqual({
      paid: false,
      tradeNo,
      amount: 70000,
      currency: "CNY",
      paidAt: null,
    });
    fake.notification({ orderNo: "Q1", gmtPayment: new Date("2024-05-01T04:00:00Z") });
    expect(await query(callWith(), "Q1", "CNY")).toEqual({
      paid: true,
      tradeNo,
      amount: 70000,
      currency: "CNY",
      paidAt: new Date("2024-05-01T04:00:00Z"),
    });
    const queries = fake.calls.filter((c) => c.method === "alipay.trade.query");
    expect(queries.map((c) => [c.signatureValid, c.biz])).toEqual([
      [true, { out_trade_no: "Q1" }],
      [true, { out_trade_no: "Q1" }],
    ]);
    expect(await query(callWith(), "NOPE", "CNY")).toEqual({
      paid: false,
      tradeNo: null,
      amount: null,
      currency: null,
      paidAt: null,
    });
  });
});

describe("Alipay for a cross-border merchant", () => {
  const abroad = (orderNo: string, amount: number, currency: string) => ({ ...payment(orderNo, amount), currency });

  it('prices a ฿50 wash in baht with trans_currency and settle_currency, "50.00"; yen without decimals', async () => {
    await startPayment(callWith(), abroad("X1", 50, "THB"));
    const created = fake.calls.at(-1);
    expect(created?.biz).toMatchObject({ total_amount: "50.00", trans_currency: "THB", settle_currency: "THB" });
    expect(fake.orders.get("X1")).toMatchObject({ totalAmount: "50.00", currency: "THB" });
    await startPayment(callWith(), abroad("X2", 500, "JPY"));
    expect(fake.calls.at(-1)?.biz).toMatchObject({ total_amount: "500", trans_currency: "JPY" });
    // A domestic trade says no currency: it is CNY.
    await startPayment(callWith(), payment("X3", 700));
    expect(fake.calls.at(-1)?.biz).not.toHaveProperty("trans_currency");
  });

  it("refunds in the trade's currency, and refuses a currency Alipay does not take before calling", async () => {
    await startPayment(callWith(), abroad("X4", 50, "THB"));
    fake.notification({ orderNo: "X4" });
    const outcome = await refund(
      callWith(),
      refundOf("XR1", { orderNo: "X4", tradeNo: null, amount: 20, total: 50, currency: "THB" }),
    );
    expect(outcome.state).toBe("succeeded");
    expect(fake.calls.at(-1)?.biz).toMatchObject({ refund_amount: "20.00", refund_currency: "THB" });
    const calls = fake.calls.length;
    const error = await providerError(startPayment(callWith(), abroad("X5", 15_000, "IDR")));
    expect(error.message).toMatch(/does not take IDR/);
    expect(fake.calls).toHaveLength(calls);
  });

  it("reads a notification's amount in the currency it states", async () => {
    await startPayment(callWith(), abroad("X6", 50, "THB"));
    const paid = await verifyNotification(notificationRequest(fake.notification({ orderNo: "X6" })));
    expect(paid).toMatchObject({ kind: "payment", amount: 50, currency: "THB" });
    // A domestic notification says nothing: yuan.
    const yuan = await verifyNotification(notificationRequest(fake.notification({ orderNo: "X7", amount: 700 })));
    expect(yuan).toMatchObject({ amount: 700, currency: "CNY" });
  });
});

describe("alipay notifications", () => {
  it("reads a payment notification", async () => {
    const signed = fake.notification({
      orderNo: "N1",
      totalAmount: "19.99",
      tradeNo: "2024050122001400000000000009",
      notifyId: "NOTIFY-1",
      gmtPayment: new Date("2024-05-01T04:00:00Z"),
    });
    expect(signed.params.gmt_payment).toBe("2024-05-01 12:00:00");
    expect(await verifyNotification(notificationRequest(signed))).toEqual({
      kind: "payment",
      eventId: "NOTIFY-1",
      orderNo: "N1",
      paid: true,
      tradeNo: "2024050122001400000000000009",
      transactionId: "2024050122001400000000000009",
      amount: 1999,
      currency: "CNY",
      paidAt: new Date("2024-05-01T04:00:00Z"),
    });
  });

  it("reads total_amount exactly", async () => {
    for (const [text, fen] of [
      ["0.01", 1],
      ["19.99", 1999],
      ["700.00", 70000],
      ["0.29", 29],
    ] as const) {
      const notice = await verifyNotification(
        notificationRequest(fake.notification({ orderNo: "N2", totalAmount: text })),
      );
      expect(notice.kind === "payment" && notice.amount).toBe(fen);
    }
  });

  it("reads TRADE_FINISHED as paid, WAIT_BUYER_PAY and TRADE_CLOSED as unpaid", async () => {
    const paidOf = async (tradeStatus: "TRADE_FINISHED" | "WAIT_BUYER_PAY" | "TRADE_CLOSED") => {
      const notice = await verifyNotification(notificationRequest(fake.notification({ orderNo: "N3", tradeStatus })));
      return notice.kind === "payment" ? notice.paid : null;
    };
    expect(await paidOf("TRADE_FINISHED")).toBe(true);
    expect(await paidOf("WAIT_BUYER_PAY")).toBe(false);
    expect(await paidOf("TRADE_CLOSED")).toBe(false);
  });

  it("reads a refund notification as a refund, whatever the trade's status", async () => {
    const signed = fake.notification({
      orderNo: "N4",
      tradeStatus: "TRADE_CLOSED",
      tradeNo: "2024050122001400000000000010",
      notifyId: "NOTIFY-2",
      refund: { refundNo: "RF-1", amount: 1999 },
    });
    expect(await verifyNotification(notificationRequest(signed))).toEqual({
      kind: "refund",
      eventId: "NOTIFY-2",
      refundNo: "RF-1",
      succeeded: true,
      refundId: "2024050122001400000000000010:RF-1",
      reason: null,
    });
  });

  const refused = async (request: NotificationRequest) => {
    await expect(verifyNotification(request)).rejects.toBeInstanceOf(WebhookRefused);
  };

  it("refuses an altered body", async () => {
    const signed = fake.notification({ orderNo: "N5", totalAmount: "0.01" });
    const altered = Buffer.from(signed.rawBody.toString("utf8").replace("total_amount=0.01", "total_amount=100.01"));
    expect(altered.equals(signed.rawBody)).toBe(false);
    await refused(notificationRequest({ ...signed, rawBody: altered }));
  });

  it("refuses a wrong or missing sign", async () => {
    const signed = fake.notification({ orderNo: "N6" });
    const form = new URLSearchParams(signed.rawBody.toString("utf8"));
    form.set("sign", fake.notification({ orderNo: "N7" }).params.sign ?? "");
    await refused(notificationRequest({ ...signed, rawBody: Buffer.from(form.toString()) }));
    form.delete("sign");
    await refused(notificationRequest({ ...signed, rawBody: Buffer.from(form.toString()) }));
  });

  it("refuses a notification checked with another Alipay key", async () => {
    const signed = fake.notification({ orderNo: "N8" });
    const otherKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({
      type: "spki",
      format: "pem",
    });
    await refused(
      notificationRequest(signed, { call: callWith({ ...fake.credentials, alipay_public_key: String(otherKey) }) }),
    );
  });

  it("refuses a correctly signed notification for another app", async () => {
    await refused(notificationRequest(fake.notification({ orderNo: "N9", appId: "2021000000000001" })));
  });

  it("acknowledges with the text success", () => {
    expect(alipay.notificationAck).toEqual({ status: 200, contentType: "text/plain", body: "success" });
  });
});
