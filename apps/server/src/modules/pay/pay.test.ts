import { API } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { testMachines } from "../../test/machines.js";
import { type PayPalFake, startPayPalFake } from "../orders/providers/fakes/paypal-fake.js";
import { startWechatPayFake, type WechatPayFake } from "../orders/providers/fakes/wechatpay-fake.js";
import { orders } from "../orders/tables.js";
import { priceTemplateOptions, priceTemplates } from "../price-templates/tables.js";
import { systemConfig } from "../system-config/tables.js";
import { type PayPlace, payMachine, payPlace } from "./test-place.js";

/**
 * The customer's side of a pay QR code, over the public calls the pay page makes: the shop and
 * its machines' live state and prices, a payment through the sandbox that starts a simulated
 * machine, and the refusals a customer can meet.
 */
let server: TestServer;
let wechat: WechatPayFake;
let paypalFake: PayPalFake;
let place: PayPlace;
let code: string;
let run: string;
const machines = testMachines("Q");

const machine = (name: string, online = true) => payMachine(server, machines, place, name, online);

async function page() {
  const { http, body } = await server.send(API.pay.page, { code });
  expect(http, JSON.stringify(body)).toBe(200);
  return body.result;
}

beforeAll(async () => {
  [wechat, paypalFake] = await Promise.all([startWechatPayFake(), startPayPalFake()]);
  server = await startTestServer({
    paymentBaseUrls: { wechatpay: wechat.baseUrl, paypal: paypalFake.baseUrl },
    // The address providers notify and send customers back to (PUBLIC_URL).
    publicUrl: "https://pay.laundry.test",
  });
  await server.app.ready();
  const { kl } = await demoVendors(server.database);
  place = await payPlace(server, kl.id, "Pay here");
  ({ code, run } = place);
  // The template shows a dearer list price than it charges, and offers hot water for more.
  await server.database.db
    .update(priceTemplates)
    .set({ displayPrice: 800 })
    .where(eq(priceTemplates.id, place.templateId));
  await server.database.db
    .insert(priceTemplateOptions)
    .values({ templateId: place.templateId, position: 0, name: "Hot water", addedPrice: 200, addedMinutes: 5 });
});
afterAll(async () => {
  await machines.stopAll();
  await server.close();
  await Promise.all([wechat.close(), paypalFake.close()]);
});

describe("the pay page", () => {
  it("shows the shop, its machines' state and the template's programs, and the providers switched on", async () => {
    const { id } = await machine("A1");
    await machine("A2", false);
    const shown = await page();
    expect(shown).toMatchObject({ shop_name: `Pay here ${run}`, currency: "MYR" });
    expect(shown.providers).toContain("sandbox");
    expect(shown.providers).not.toContain("wechatpay");
    const a1 = shown.machines.find((m) => m.id === id);
    expect(a1?.programs).toEqual([
      { option: "", name: `Wash ${run}`, price: 700, minutes: 30, list_price: 700, adjustments: [] },
      {
        option: "Hot water",
        name: `Wash ${run} + Hot water`,
        price: 900,
        minutes: 35,
        list_price: 900,
        adjustments: [],
      },
    ]);
    expect(shown.machines.find((m) => m.machine_number === "A2")?.state).toBe("offline");
  });

  it("pays with the sandbox: the machine starts and the order is paid, in the vendor's list", async () => {
    const { id, device } = await machine("B1");
    const start = await server.send(API.pay.create, {
      place: { code },
      device_id: id,
      option: "Hot water",
      provider: "sandbox",
    });
    expect(start.http, JSON.stringify(start.body)).toBe(200);
    const orderNo = start.body.result.order_no;
    expect(start.body.result).toMatchObject({ kind: "redirect", target: `/pay/sandbox/${orderNo}` });
    expect((await server.send(API.pay.status, { order_no: orderNo })).body.result).toMatchObject({
      pay_status: "unpaid",
      start: "waiting",
      amount: 900,
    });
    const paid = await server.send(API.pay.sandboxPay, { order_no: orderNo });
    expect(paid.body.result).toMatchObject({ pay_status: "paid" });
    await device.waitFor((s) => s.busy, 10_000);
    await expect
      .poll(async () => (await server.send(API.pay.status, { order_no: orderNo })).body.result.start, {
        timeout: 10_000,
      })
      .toBe("started");
    const again = await server.send(API.pay.sandboxPay, { order_no: orderNo });
    expect(again.http).toBe(200);
    const listed = await server.send(API.orders.list_sandbox, { search: orderNo }, { as: "vendor_admin" });
    expect(listed.body.result.items[0]).toMatchObject({
      amount: 900,
      pay_status: "paid",
      device_id: id,
      program: `Wash ${run} + Hot water`,
    });
    const [row] = await server.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(row?.startCommandId).toBeTruthy();
  });

  it("a machine's own sticker pays for that machine; a QR code of WeChat Pay answers its Native code", async () => {
    const { id, serial } = await machine("C1");
    await server.send(
      API.vendorProfile.modifyPaymentInfo,
      { provider: "wechatpay", enabled: true, fields: { ...wechat.credentials } },
      { as: "vendor_admin" },
    );
    const sticker = await server.send(API.pay.page, { serial });
    expect(sticker.body.result.machines.map((m) => m.id)).toEqual([id]);
    const start = await server.send(API.pay.create, {
      place: { serial },
      device_id: id,
      option: "",
      provider: "wechatpay",
    });
    expect(start.http, JSON.stringify(start.body)).toBe(200);
    expect(start.body.result.kind).toBe("qr");
    expect(start.body.result.target).toMatch(/^weixin:\/\//);
  });

  it("tells providers the public address; without one offers only the sandbox and refuses a provider's payment", async () => {
    const { id, serial } = await machine("C2");
    await server.send(
      API.vendorProfile.modifyPaymentInfo,
      { provider: "wechatpay", enabled: true, fields: { ...wechat.credentials } },
      { as: "vendor_admin" },
    );
    // PUBLIC_URL became the website at start: the notify address WeChat Pay is given is under it.
    const place = { place: { serial }, device_id: id, option: "", provider: "wechatpay" as const };
    const started = await server.send(API.pay.create, place);
    expect(started.http, JSON.stringify(started.body)).toBe(200);
    const order = wechat.orders.get(started.body.result.order_no);
    expect(order?.notifyUrl).toMatch(/^https:\/\/pay\.laundry\.test\/webhooks\/wechatpay\/\d+$/);
    // The customer gives it up: the machine is free for the next attempt.
    await server.send(API.pay.cancel, { order_no: started.body.result.order_no });

    const { db } = server.database;
    await db.update(systemConfig).set({ value: "" }).where(eq(systemConfig.name, "website"));
    try {
      const page = await server.send(API.pay.page, { serial });
      expect(page.body.result.providers).not.toContain("wechatpay");
      const ordersBefore = (await db.select().from(orders)).length;
      const callsBefore = wechat.calls.length;
      const refused = await server.send(API.pay.create, place);
      expect(refused.body).toMatchObject({ code: "PUBLIC_URL_NOT_SET" });
      // No order is left behind and WeChat Pay is not called.
      expect((await db.select().from(orders)).length).toBe(ordersBefore);
      expect(wechat.calls.length).toBe(callsBefore);
    } finally {
      await db.update(systemConfig).set({ value: "https://pay.laundry.test" }).where(eq(systemConfig.name, "website"));
    }
  });

  it("PayPal: the customer approves at PayPal and, back on the status page, the order is captured and the machine starts", async () => {
    const { id, device } = await machine("E1");
    await server.send(
      API.vendorProfile.modifyPaymentInfo,
      { provider: "paypal", enabled: true, fields: { ...paypalFake.credentials } },
      { as: "vendor_admin" },
    );
    const start = await server.send(API.pay.create, { place: { code }, device_id: id, option: "", provider: "paypal" });
    expect(start.http, JSON.stringify(start.body)).toBe(200);
    expect(start.body.result.kind).toBe("redirect");
    const orderNo = start.body.result.order_no;
    const [row] = await server.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    const waiting = await server.send(API.pay.status, { order_no: orderNo });
    expect(waiting.body.result).toMatchObject({ pay_status: "unpaid", start: "waiting" });
    paypalFake.approve(row?.transactionId ?? "");
    const back = await server.send(API.pay.status, { order_no: orderNo });
    expect(back.body.result).toMatchObject({ pay_status: "paid" });
    await device.waitFor((s) => s.busy, 10_000);
  });

  it("refuses an unknown code, a machine that is not free, another place's machine and a provider that is off", async () => {
    expect((await server.send(API.pay.page, { code: "nope" })).http).toBe(404);
    const offline = await machine("D1", false);
    const busy = await server.send(API.pay.create, {
      place: { code },
      device_id: offline.id,
      option: "",
      provider: "sandbox",
    });
    expect(busy.body.code).toBe("DEVICE_UNAVAILABLE");
    const free = await machine("D2");
    const off = await server.send(API.pay.create, {
      place: { code },
      device_id: free.id,
      option: "",
      provider: "stripe",
    });
    expect(off.body.code).toBe("PROVIDER_NOT_CONFIGURED");
    const unset = await server.send(API.pay.create, {
      place: { code },
      device_id: free.id,
      option: "",
      provider: "alipay",
    });
    expect(unset.body.code).toBe("PROVIDER_NOT_CONFIGURED");
    const elsewhere = await server.send(API.pay.create, {
      place: { serial: free.serial },
      device_id: offline.id,
      option: "",
      provider: "sandbox",
    });
    expect(elsewhere.http).toBe(404);
    const option = await server.send(API.pay.create, {
      place: { code },
      device_id: free.id,
      option: "Cold",
      provider: "sandbox",
    });
    expect(option.body).toMatchObject({ code: "VALIDATION_FAILED", field: "option" });
  });
});
