import { API } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { testMachines } from "../../test/machines.js";
import { machineHolds } from "../devices/tables.js";
import { closeLapsedPayments } from "../orders/payment-expiry.js";
import { type StripeFake, startStripeFake } from "../orders/providers/fakes/stripe-fake.js";
import { startWechatPayFake, type WechatPayFake } from "../orders/providers/fakes/wechatpay-fake.js";
import { orderRefunds, orders } from "../orders/tables.js";
import { type PayPlace, payMachine, payPlace, payState } from "./test-place.js";

/**
 * A machine is held for the customer who is paying for it: two customers are never both charged for
 * one start, the provider is told the hold's end as the payment's expiry, and an unpaid payment is
 * closed — by the customer or when it lapses — here and at the provider, where a payment that slips
 * through is given back instead of starting the machine.
 */
let server: TestServer;
let wechat: WechatPayFake;
let stripe: StripeFake;
let place: PayPlace;
const machines = testMachines("H");
let nextIp = 1;
/** Each customer from their own address, so the per-address limit (tested elsewhere) stays out of the way. */
const customerIp = () => `198.51.100.${nextIp++ % 250}`;

const machine = (name: string) => payMachine(server, machines, place, name);
const stateOf = (deviceId: number) => payState(server, place, deviceId);

const pay = (deviceId: number, provider: "wechatpay" | "stripe" | "sandbox") =>
  server.send(
    API.pay.create,
    { place: { code: place.code }, device_id: deviceId, option: "", provider },
    { ip: customerIp() },
  );

async function orderRow(orderNo: string) {
  const [row] = await server.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!row) throw new Error(`no order ${orderNo}`);
  return row;
}

beforeAll(async () => {
  [wechat, stripe] = await Promise.all([startWechatPayFake(), startStripeFake()]);
  server = await startTestServer({
    paymentBaseUrls: { wechatpay: wechat.baseUrl, stripe: stripe.baseUrl },
    publicUrl: "https://pay.laundry.test",
    paymentsPerMachine: 1_000,
  });
  await server.app.ready();
  const { kl } = await demoVendors(server.database);
  place = await payPlace(server, kl.id, "Hold");
  // The KL demo vendor is in MYR: WeChat Pay takes it through its Global API.
  for (const [provider, fake] of [
    ["wechatpay", wechat],
    ["stripe", stripe],
  ] as const) {
    const saved = await server.send(
      API.vendorProfile.modifyPaymentInfo,
      { provider, enabled: true, fields: { ...fake.credentials } },
      { as: "vendor_admin" },
    );
    expect(saved.http, JSON.stringify(saved.body)).toBe(200);
  }
});
afterAll(async () => {
  await machines.stopAll();
  await server.close();
  await Promise.all([wechat.close(), stripe.close()]);
});

describe("a machine held for the customer who is paying", () => {
  it("of 50 customers paying one idle machine at once, one holds it: one order, one provider call", async () => {
    const { id } = await machine("P1");
    const callsBefore = wechat.calls.length;
    const answers = await Promise.all(Array.from({ length: 50 }, () => pay(id, "wechatpay")));
    const started = answers.filter((a) => a.http === 200);
    expect(started).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === "DEVICE_RESERVED")).toHaveLength(49);
    const made = await server.database.db.select().from(orders).where(eq(orders.deviceId, id));
    expect(made.map((o) => o.orderNo)).toEqual([started[0]?.body.result.order_no]);
    expect(wechat.calls.length - callsBefore).toBe(1);
    expect(await stateOf(id)).toBe("reserved");
  });

  it("tells each provider the hold's end as the payment's expiry", async () => {
    const { id: wechatMachine } = await machine("P2");
    const viaWechat = await pay(wechatMachine, "wechatpay");
    expect(viaWechat.http, JSON.stringify(viaWechat.body)).toBe(200);
    const order = await orderRow(viaWechat.body.result.order_no);
    const expiresAt = order.expiresAt?.getTime() ?? 0;
    // PAYMENT_HOLD_SECONDS' default: five minutes.
    expect(expiresAt - order.createdAt.getTime()).toBeGreaterThan(295_000);
    expect(expiresAt - order.createdAt.getTime()).toBeLessThan(305_000);
    const placed = wechat.orders.get(order.orderNo);
    expect(Date.parse(placed?.timeExpire ?? "")).toBe(Math.floor(expiresAt / 1000) * 1000);
    expect(placed?.timeExpire).toMatch(/\+08:00$/);
    const status = await server.send(API.pay.status, { order_no: order.orderNo });
    expect(status.body.result).toMatchObject({ expires_at: Math.floor(expiresAt / 1000), closed: false });

    // Stripe lets a Checkout Session expire no sooner than 30 minutes on: it is expired by us instead.
    const { id: stripeMachine } = await machine("P3");
    const viaStripe = await pay(stripeMachine, "stripe");
    expect(viaStripe.http, JSON.stringify(viaStripe.body)).toBe(200);
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === viaStripe.body.result.order_no);
    expect(session?.expires_at).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 60);
  });

  it("a customer who cancels frees the machine; the payment is closed at the provider and can no longer be paid", async () => {
    const { id } = await machine("P4");
    const first = await pay(id, "wechatpay");
    const orderNo = first.body.result.order_no;
    expect((await pay(id, "wechatpay")).body.code).toBe("DEVICE_RESERVED");
    const cancelled = await server.send(API.pay.cancel, { order_no: orderNo });
    expect(cancelled.body.result).toMatchObject({ pay_status: "unpaid", closed: true });
    expect(await stateOf(id)).toBe("idle");
    await expect.poll(() => wechat.orders.get(orderNo)?.tradeState, { timeout: 10_000 }).toBe("CLOSED");
    // WeChat Pay takes no payment for a closed order: the fake refuses to make one.
    expect(() => wechat.notification({ type: "TRANSACTION.SUCCESS", orderNo })).toThrow(/closed or expired/);
    const listed = await server.send(API.orders.list_wechatpay, { search: orderNo }, { as: "vendor_admin" });
    expect(listed.body.result.items[0]?.closed_at).toBeTypeOf("number");
    // The next customer pays for it.
    expect((await pay(id, "wechatpay")).http).toBe(200);
  });

  it("an unpaid payment past its expiry is closed (here and at the provider), never counted, and cannot be paid", async () => {
    const { id } = await machine("P5");
    const before = await server.send(API.orders.list_sandbox, { page_size: 1 }, { as: "vendor_admin" });
    const started = await pay(id, "sandbox");
    const orderNo = started.body.result.order_no;
    const { db } = server.database;
    const past = new Date(Date.now() - 1_000);
    await db.update(orders).set({ expiresAt: past }).where(eq(orders.orderNo, orderNo));
    await db.update(machineHolds).set({ expiresAt: past }).where(eq(machineHolds.orderNo, orderNo));
    expect(await stateOf(id)).toBe("idle");
    expect((await server.send(API.pay.sandboxPay, { order_no: orderNo })).body.code).toBe("PAYMENT_EXPIRED");
    expect(await closeLapsedPayments(db)).toBeGreaterThanOrEqual(1);
    expect((await orderRow(orderNo)).closedAt).not.toBeNull();
    expect((await server.send(API.pay.status, { order_no: orderNo })).body.result.closed).toBe(true);
    expect(await closeLapsedPayments(db)).toBe(0);
    const after = await server.send(API.orders.list_sandbox, { page_size: 1 }, { as: "vendor_admin" });
    expect(after.body.result.totals?.paid_amount).toBe(before.body.result.totals?.paid_amount);
    expect((await server.send(API.pay.sandboxPay, { order_no: orderNo })).body.code).toBe("PAYMENT_EXPIRED");
  });

  it("a payment the provider took before our close arrived is recorded and refunded, and starts nothing", async () => {
    const { id, device } = await machine("P6");
    const started = await pay(id, "wechatpay");
    const orderNo = started.body.result.order_no;
    const placed = wechat.orders.get(orderNo);
    if (!placed) throw new Error("WeChat Pay has no order");
    // The customer paid at the very moment they gave up on the page.
    placed.tradeState = "SUCCESS";
    placed.successTime = new Date().toISOString().replace("Z", "+00:00");
    await server.send(API.pay.cancel, { order_no: orderNo });
    await expect.poll(async () => (await orderRow(orderNo)).refundStatus, { timeout: 10_000 }).toBeGreaterThan(0);
    const order = await orderRow(orderNo);
    expect(order).toMatchObject({ payStatus: 1, startState: null, refundedAmount: order.amount });
    expect(order.failureReason).toMatch(/not started/);
    const refunds = await server.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refunds).toMatchObject([{ type: "automatic", amount: order.amount }]);
    expect(device.state.busy).toBe(false);
  });

  it("a paid start frees the hold once the machine has taken it", async () => {
    const { id, device } = await machine("P7");
    const started = await pay(id, "sandbox");
    const orderNo = started.body.result.order_no;
    await server.send(API.pay.sandboxPay, { order_no: orderNo });
    await device.waitFor((s) => s.busy, 10_000);
    await expect
      .poll(async () => (await server.send(API.pay.status, { order_no: orderNo })).body.result.start, {
        timeout: 10_000,
      })
      .toBe("started");
    const held = await server.database.db.select().from(machineHolds).where(eq(machineHolds.orderNo, orderNo));
    expect(held).toEqual([]);
  });

  it("a provider's pay discount is shown on the page and is what the provider is asked to charge", async () => {
    const { id } = await machine("P8");
    const set = await server.send(
      API.vendorProfile.modifyPayDiscounts,
      { discounts: [{ provider: "wechatpay", discount: 20 }] },
      { as: "vendor_admin" },
    );
    expect(set.http, JSON.stringify(set.body)).toBe(200);
    try {
      const shown = await server.send(API.pay.page, { code: place.code });
      expect(shown.body.result.discounts).toEqual({ wechatpay: 20 });
      const started = await pay(id, "wechatpay");
      const order = await orderRow(started.body.result.order_no);
      // RM 7.00 less 20 %: RM 5.60, 560 sen at WeChat Pay Global.
      expect(order.amount).toBe(560);
      expect(wechat.orders.get(order.orderNo)).toMatchObject({ total: 560, currency: "MYR" });
    } finally {
      await server.send(
        API.vendorProfile.modifyPayDiscounts,
        { discounts: [{ provider: "wechatpay", discount: null }] },
        { as: "vendor_admin" },
      );
    }
  });
});
