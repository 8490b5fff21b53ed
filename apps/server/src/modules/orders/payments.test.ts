import { randomBytes, randomUUID } from "node:crypto";
import { API, type OrderItem } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, otherTenant } from "../../test/fixtures.js";
import { type SendOptions, startTestServer, type TestServer } from "../../test/harness.js";
import { testMachines } from "../../test/machines.js";
import { shops } from "../shops/tables.js";
import { createPendingOrder } from "./pending-orders.js";
import { type AlipayFake, startAlipayFake } from "./providers/fakes/alipay-fake.js";
import { startWechatPayFake, type WechatPayFake } from "./providers/fakes/wechatpay-fake.js";
import { orderRefunds, orders } from "./tables.js";
import { paidOrder } from "./test-orders.js";

/**
 * The money loop against fake WeChat Pay and Alipay servers that check every signature the way the
 * providers do: a verified notification pays an order and starts its machine; a start that fails
 * is refunded automatically; an operator's refund reaches the provider exactly once.
 */
const as = { as: "vendor_admin" } as const;
let server: TestServer;
let wechat: WechatPayFake;
let alipay: AlipayFake;
let vendorId: number;
let shopId: number;
let otherOnce: ReturnType<typeof otherTenant> | undefined;
/** The unrelated tenant, made once per server. */
const others = () => {
  otherOnce ??= otherTenant(server.database);
  return otherOnce;
};
const machines = testMachines("P");

async function machine(name: string, online = true) {
  const { id, device } = await machines.provision(server, { vendorId, shopId }, name);
  if (online) {
    await device.connect();
    await device.waitFor((s) => s.online);
    // The gateway has seen it online (a start for an offline machine fails at once).
    await expect
      .poll(
        async () =>
          (await server.send(API.devices.list, { page_size: 200 }, as)).body.result.items.find((d) => d.id === id)
            ?.online,
      )
      .toBe(true);
  }
  return { id, device };
}

async function configure(provider: "wechatpay" | "alipay", credentials: Record<string, string>) {
  const { http, body } = await server.send(
    API.vendorProfile.modifyPaymentInfo,
    { provider, enabled: true, fields: credentials },
    as,
  );
  expect(http, JSON.stringify(body)).toBe(200);
}

async function orderById(id: number): Promise<typeof orders.$inferSelect> {
  const [row] = await server.database.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`order ${id} missing`);
  return row;
}

function post(provider: string, notification: { rawBody: Buffer; headers: Record<string, string> }, vendor = vendorId) {
  return server.app.inject({
    method: "POST",
    url: `/webhooks/${provider}/${vendor}`,
    headers: notification.headers,
    payload: notification.rawBody,
  });
}

async function pending(provider: "wechatpay" | "alipay", deviceId: number, amount = 1_200) {
  return createPendingOrder(server.database.db, {
    vendorId,
    // WeChat Pay's domestic API takes yuan only.
    currency: provider === "wechatpay" ? "CNY" : "MYR",
    provider,
    shopId,
    deviceId,
    amount,
    program: "standard",
    minutes: 30,
    expiresAt: new Date(Date.now() + 300_000),
    pricing: { list_price: amount, adjustments: [], final_price: amount },
  });
}

beforeAll(async () => {
  [wechat, alipay] = await Promise.all([startWechatPayFake(), startAlipayFake()]);
  server = await startTestServer({ paymentBaseUrls: { wechatpay: wechat.baseUrl, alipay: alipay.baseUrl } });
  await server.app.ready();
  const { kl } = await demoVendors(server.database);
  vendorId = kl.id;
  const [shop] = await server.database.db
    .insert(shops)
    .values({ vendorId, name: `Pay shop ${randomBytes(3).toString("hex")}`, address: "3 Jalan Bayar", serviceType: 1 })
    .returning();
  shopId = shop?.id ?? 0;
  await configure("wechatpay", { ...wechat.credentials });
  await configure("alipay", { ...alipay.credentials });
});
afterAll(async () => {
  await machines.stopAll();
  await server.close();
  await Promise.all([wechat.close(), alipay.close()]);
});

describe("payment notifications", () => {
  it("a verified WeChat Pay notification pays the order and starts its machine, once however often it arrives", async () => {
    const { id, device } = await machine("WXPAID");
    const order = await pending("wechatpay", id);
    const notification = wechat.notification({
      type: "TRANSACTION.SUCCESS",
      orderNo: order.orderNo,
      amount: 1_200,
      currency: "CNY",
      transactionId: "4200000001",
    });
    const first = await post("wechatpay", notification);
    expect(first.statusCode).toBe(200);
    expect(JSON.parse(first.body)).toMatchObject({ code: "SUCCESS" });
    expect(await orderById(order.id)).toMatchObject({ payStatus: 1, transactionId: "4200000001" });
    await device.waitFor((s) => s.busy, 10_000);
    await expect.poll(async () => (await orderById(order.id)).startState, { timeout: 10_000 }).toBe("started");
    const again = await post("wechatpay", notification);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    const started = (await server.send(API.devices.commands, { device_id: id }, as)).body.result.items;
    expect(started.filter((c) => c.kind === "remote_start")).toHaveLength(1);
  });

  it("a forged, altered or stale notification is refused and changes nothing", async () => {
    const { id } = await machine("WXFORGED", false);
    const order = await pending("wechatpay", id);
    const good = wechat.notification({ type: "TRANSACTION.SUCCESS", orderNo: order.orderNo, amount: 1_200 });
    const altered = { ...good, rawBody: Buffer.from(good.rawBody.toString("utf8").replace('"id":"', '"id":"x')) };
    const forged = {
      ...good,
      headers: { ...good.headers, "wechatpay-signature": Buffer.alloc(256, 1).toString("base64") },
    };
    const stale = wechat.notification(
      { type: "TRANSACTION.SUCCESS", orderNo: order.orderNo, amount: 1_200 },
      { at: new Date(Date.now() - 3_600_000) },
    );
    for (const bad of [altered, forged, stale]) expect((await post("wechatpay", bad)).statusCode).toBe(401);
    // Another vendor's endpoint does not know these credentials either.
    const other = await others();
    expect((await post("wechatpay", good, other.vendor.id)).statusCode).toBe(401);
    expect(await orderById(order.id)).toMatchObject({ payStatus: 0, paidAt: null });
  });

  it("a verified Alipay notification pays the order; one for another amount or currency does not", async () => {
    const { id } = await machine("ALIPAID", false);
    // A Malaysian merchant prices in ringgit (Alipay's cross-border trans_currency).
    const order = await pending("alipay", id, 990);
    const wrong = await post(
      "alipay",
      alipay.notification({
        orderNo: order.orderNo,
        totalAmount: "0.01",
        currency: "MYR",
        notifyId: `n1${order.orderNo}`,
      }),
    );
    expect(wrong.statusCode).toBe(200);
    expect(await orderById(order.id)).toMatchObject({ payStatus: 0 });
    // The same figure in yuan is no payment of a ringgit order.
    const yuan = await post(
      "alipay",
      alipay.notification({ orderNo: order.orderNo, amount: 990, currency: "CNY", notifyId: `n3${order.orderNo}` }),
    );
    expect(yuan.statusCode).toBe(200);
    const unpaid = await orderById(order.id);
    expect(unpaid).toMatchObject({ payStatus: 0 });
    expect(unpaid.failureReason).toMatch(/CNY paid, not the order's RM 9\.90 MYR/);
    const right = await post(
      "alipay",
      alipay.notification({ orderNo: order.orderNo, amount: 990, currency: "MYR", notifyId: `n2${order.orderNo}` }),
    );
    expect(right.statusCode).toBe(200);
    expect(right.body).toBe("success");
    // Paid now, and the earlier wrong notification's reason is gone with it.
    expect(await orderById(order.id)).toMatchObject({ payStatus: 1, failureReason: null });
  });

  it("a genuinely signed payment of the same figure in another currency does not pay the order", async () => {
    // Online, so the right payment's start is taken (no automatic refund to count in other tests).
    const { id } = await machine("WXCURRENCY");
    const order = await pending("wechatpay", id, 800);
    // 800 US cents through WeChat Pay Global, signed as WeChat Pay signs: no payment of ¥8.00.
    const dollars = await post(
      "wechatpay",
      wechat.notification({ type: "TRANSACTION.SUCCESS", orderNo: order.orderNo, amount: 800, currency: "USD" }),
    );
    expect(dollars.statusCode).toBe(200);
    const unpaid = await orderById(order.id);
    expect(unpaid).toMatchObject({ payStatus: 0 });
    expect(unpaid.failureReason).toMatch(/USD paid, not the order's .*8\.00 CNY/);
    const right = await post(
      "wechatpay",
      wechat.notification({ type: "TRANSACTION.SUCCESS", orderNo: order.orderNo, amount: 800, currency: "CNY" }),
    );
    expect(right.statusCode).toBe(200);
    expect(await orderById(order.id)).toMatchObject({ payStatus: 1, failureReason: null });
  });

  it("a paid start the machine cannot take is refunded automatically, and the order says why", async () => {
    const { id } = await machine("WXOFFLINE", false);
    const order = await pending("wechatpay", id, 800);
    const before = wechat.refunds.size;
    await post("wechatpay", wechat.notification({ type: "TRANSACTION.SUCCESS", orderNo: order.orderNo, amount: 800 }));
    await expect.poll(async () => (await orderById(order.id)).refundResult, { timeout: 15_000 }).toBe(1);
    const refunded = await orderById(order.id);
    expect(refunded).toMatchObject({
      refundStatus: 2,
      refundType: "automatic",
      refundedAmount: 800,
      startState: "failed",
    });
    expect(refunded.failureReason).toMatch(/did not start/);
    expect(wechat.refunds.size).toBe(before + 1);
  });
});

describe("manual refunds", () => {
  /** A WeChat Pay order of the machine, paid (now unless said otherwise); WeChat Pay's domestic API takes yuan. */
  const paidWechat = (deviceId: number, amount: number, at?: Date) =>
    paidOrder(server.database.db, { vendorId, currency: "CNY", provider: "wechatpay", shopId, deviceId, amount }, at);
  const refund = (orderId: number, amount: number, options: SendOptions = as, idempotencyKey?: string) =>
    server.send(
      API.orders.refundWechat,
      {
        order_id: orderId,
        amount,
        reason: "customer asked",
        ...(idempotencyKey === undefined ? {} : { idempotency_key: idempotencyKey }),
      },
      options,
    );

  it("refunds a same-day order through the provider's signed API and shows it refunded", async () => {
    const { id } = await machine("WXREFUND", false);
    const order = await paidWechat(id, 1_500);
    const { http, body } = await refund(order.id, 1_500);
    expect(http).toBe(200);
    expect(body.result.refund).toMatchObject({ amount: 1_500, state: "refunding", type: "manual" });
    await expect.poll(async () => (await orderById(order.id)).refundStatus, { timeout: 10_000 }).toBe(2);
    expect((await orderById(order.id)).failureReason).toBeNull();
    const call = wechat.calls.find(
      (c) => c.path === "/v3/refund/domestic/refunds" && JSON.stringify(c.body).includes(body.result.refund.refund_no),
    );
    expect(call?.signatureValid).toBe(true);
    const list = await server.send(API.orders.list_wechatpay, { search: order.orderNo }, as);
    expect(list.body.result.items[0]).toMatchObject<Partial<OrderItem>>({
      refund_status: "refunded",
      refund_result: "success",
      refund_type: "manual",
      refund_amount: 1_500,
    });
  });

  it("fifty requests of one refund at once (one idempotency key) make one provider call and one refund", async () => {
    const { id } = await machine("WXFIFTY", false);
    const order = await paidWechat(id, 2_000);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => refund(order.id, 2_000, as, key)));
    expect(answers.map((a) => a.http)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((a) => a.body.result.refund.id)).size).toBe(1);
    await expect.poll(async () => (await orderById(order.id)).refundResult, { timeout: 10_000 }).toBe(1);
    const rows = await server.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(rows).toHaveLength(1);
    const refundNo = rows[0]?.refundNo ?? "";
    expect(wechat.calls.filter((c) => JSON.stringify(c.body).includes(refundNo))).toHaveLength(1);
  });

  it("two partial refunds of the same amount are two refunds; a retry of one is that one; a key names one refund", async () => {
    const { id } = await machine("WXTWICE", false);
    const order = await paidWechat(id, 1_000);
    const first = randomUUID();
    const one = await refund(order.id, 300, as, first);
    const two = await refund(order.id, 300, as, randomUUID());
    expect([one.http, two.http]).toEqual([200, 200]);
    expect(one.body.result.refund.id).not.toBe(two.body.result.refund.id);
    // The first dialog's double click, or its retry after a lost answer: the same refund, once.
    const again = await refund(order.id, 300, as, first);
    expect(again.body.result.refund.id).toBe(one.body.result.refund.id);
    // The same key for another amount is a mistake, refused; nothing more is refunded.
    const misuse = await refund(order.id, 200, as, first);
    expect(misuse.body).toMatchObject({ code: "VALIDATION_FAILED", field: "idempotency_key" });
    const rows = await server.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(rows.map((r) => r.amount)).toEqual([300, 300]);
    expect((await orderById(order.id)).refundedAmount).toBe(600);
  });

  it("concurrent partial refunds never give back more than was paid", async () => {
    const { id } = await machine("WXPARTS", false);
    const order = await paidWechat(id, 1_000);
    const amounts = [300, 400, 500, 600, 700, 200, 100];
    const answers = await Promise.all(amounts.map((amount) => refund(order.id, amount)));
    const granted = answers.filter((a) => a.http === 200).map((a) => a.body.result.refund.amount);
    expect(granted.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1_000);
    for (const refused of answers.filter((a) => a.http !== 200))
      expect(refused.body.code).toBe("REFUND_EXCEEDS_REMAINDER");
    expect((await orderById(order.id)).refundedAmount).toBeLessThanOrEqual(1_000);
  });

  it("refuses yesterday's order, more than is left, an unpaid order and another vendor's order", async () => {
    const { id } = await machine("WXREFUSE", false);
    const yesterday = await paidWechat(id, 500, new Date(Date.now() - 36 * 3_600_000));
    expect((await refund(yesterday.id, 500)).body).toMatchObject({ status: 409, code: "REFUND_NOT_SAME_DAY" });
    const today = await paidWechat(id, 500);
    expect((await refund(today.id, 501)).body).toMatchObject({ code: "REFUND_EXCEEDS_REMAINDER", field: "amount" });
    const unpaid = await pending("wechatpay", id);
    expect((await refund(unpaid.id, 100)).body).toMatchObject({ code: "ORDER_NOT_PAID" });
    const other = await others();
    expect((await refund(today.id, 100, { as: other.vendorAdmin.username })).http).toBe(404);
    const numbers = [yesterday.orderNo, today.orderNo, unpaid.orderNo];
    expect(wechat.calls.filter((c) => numbers.some((n) => JSON.stringify(c.body).includes(n)))).toEqual([]);
  });

  it("a provider that fails for a moment is tried again with the same refund number", async () => {
    const { id } = await machine("WXRETRY", false);
    const order = await paidWechat(id, 700);
    wechat.failNext({ kind: "error", status: 500, code: "SYSTEM_ERROR", message: "try later" });
    const { body } = await refund(order.id, 700);
    await expect.poll(async () => (await orderById(order.id)).refundResult, { timeout: 20_000 }).toBe(1);
    const tries = wechat.calls.filter((c) => JSON.stringify(c.body).includes(body.result.refund.refund_no));
    expect(tries.length).toBeGreaterThanOrEqual(2);
    expect(wechat.refunds.has(body.result.refund.refund_no)).toBe(true);
  });

  it("an Alipay order refunds through alipay.trade.refund with an RSA2 signature", async () => {
    const { id } = await machine("ALIREFUND", false);
    const order = await paidOrder(server.database.db, {
      vendorId,
      currency: "MYR",
      provider: "alipay",
      shopId,
      deviceId: id,
      amount: 1_999,
    });
    const { http } = await server.send(API.orders.refundAlipay, { order_id: order.id, amount: 1_999, reason: "" }, as);
    expect(http).toBe(200);
    await expect.poll(async () => (await orderById(order.id)).refundResult, { timeout: 10_000 }).toBe(1);
    const call = alipay.calls.find((c) => c.method === "alipay.trade.refund" && c.biz.out_trade_no === order.orderNo);
    expect(call).toMatchObject({ signatureValid: true, biz: { refund_amount: "19.99" } });
  });
});
