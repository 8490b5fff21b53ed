import { randomBytes } from "node:crypto";
import { deviceTopic, encode } from "@washboard/device-protocol";
import { API, type OrderItem } from "@washboard/shared";
import { and, eq } from "drizzle-orm";
import mqtt from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, otherTenant } from "../../test/fixtures.js";
import { brokerUrlOf, startTestServer, type TestServer } from "../../test/harness.js";
import { testMachines } from "../../test/machines.js";
import { provisionDevice } from "../devices/provision.js";
import { shops } from "../shops/tables.js";
import { orders } from "./tables.js";

/**
 * What machines sell arrives as orders through the gateway: a simulated machine sells over a real
 * broker, and the order screens list, filter and total what it sold.
 */
const as = { as: "vendor_admin" } as const;
let server: TestServer;
let shopId: number;
const machines = testMachines("O");
const run = randomBytes(3).toString("hex").toUpperCase();

async function machine(name: string) {
  const { kl } = await demoVendors(server.database);
  const provisioned = await machines.provision(server, { vendorId: kl.id, shopId }, name);
  await provisioned.device.connect();
  return provisioned;
}

/** Coin orders have no screen of their own (the reports read them): straight from the table. */
async function coinOrders(deviceId: number) {
  return server.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.deviceId, deviceId), eq(orders.source, "coin")));
}

/** A card of the vendor holding `balance`, registered and topped up as an operator does. */
async function card(cardNumber: string, balance: number) {
  const uuid = randomBytes(4).toString("hex").toUpperCase();
  const created = await server.send(API.members.cardCreate, { uuid, card_number: cardNumber, type: "ordinary" }, as);
  expect(created.http, JSON.stringify(created.body)).toBe(200);
  await server.send(API.members.cardTopUp, { card_id: created.body.result.id, amount: balance }, as);
  return created.body.result.id;
}

async function listOf(source: "mem_card" | "free_start", filters: Record<string, unknown> = {}) {
  const { body } = await server.send(API.orders[`list_${source}`], { page_size: 50, ...filters }, as);
  return body.result;
}

beforeAll(async () => {
  server = await startTestServer();
  await server.app.ready();
  const { kl } = await demoVendors(server.database);
  const [shop] = await server.database.db
    .insert(shops)
    .values({ vendorId: kl.id, name: `Order shop ${run}`, address: "2 Jalan Bayar", serviceType: 1 })
    .returning();
  shopId = shop?.id ?? 0;
});
afterAll(async () => {
  await machines.stopAll();
  await server.close();
});

describe("orders from machines", () => {
  it("a cash sale is a coin order at the program's price, of the machine's shop, in the vendor's currency", async () => {
    const { id, device } = await machine("CASH");
    device.sell({ program: "hot", price: 700, minutes: 30, payment: { method: "coins", pieces: [500, 200] } });
    await expect.poll(async () => (await coinOrders(id)).length).toBe(1);
    expect((await coinOrders(id))[0]).toMatchObject({
      source: "coin",
      payType: "COIN",
      amount: 700,
      currency: "MYR",
      payStatus: 1,
      refundStatus: 0,
      shopId,
      deviceId: id,
      program: "hot",
      startType: "coins",
    });
  });

  it("a kiosk's or a coin exchanger's cash cycle is no sale: top-ups and change are not machine revenue", async () => {
    const { kl } = await demoVendors(server.database);
    for (const machineType of ["kiosk", "coin_exchanger"]) {
      const made = await machines.provision(server, { vendorId: kl.id, shopId }, `CASH-${machineType}`, {
        machineType,
      });
      await made.device.connect();
      made.device.sell({ program: "p", price: 1_000, minutes: 1, payment: { method: "notes", pieces: [1_000] } });
      const started = async () =>
        (await server.send(API.devices.log, { device_id: made.id, type: "cycle_started", page_size: 10 }, as)).body
          .result.items.length;
      await expect.poll(started).toBe(1);
      // What is under test is that no sale comes of it, and a kiosk makes none to wait for instead:
      // the sales writer, handed the event with the device log's writer, has long had its turn.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await coinOrders(made.id), machineType).toHaveLength(0);
    }
  });

  it("a card tap is one card order (the cycle it starts is not another); a free start is an order of nothing", async () => {
    const { id, device } = await machine("CARD");
    await card(`C-1001-${run}`, 1_000);
    device.sell({
      program: "cold",
      price: 450,
      minutes: 20,
      payment: { method: "card", cardNumber: `C-1001-${run}` },
    });
    await expect.poll(async () => (await listOf("mem_card", { device_id: id })).items.length).toBe(1);
    const tapped = (await listOf("mem_card", { device_id: id })).items[0];
    expect(tapped).toMatchObject({ amount: 450, card_number: `C-1001-${run}`, pay_type: "6", pay_status: "paid" });
    expect(await coinOrders(id)).toHaveLength(0);

    await device.waitFor((s) => !s.busy, 15_000);
    const start = await server.send(
      API.devices.remoteStart,
      { device_ids: [id], start_type: "free_start", program: "quick", price: 0 },
      as,
    );
    expect(start.http).toBe(200);
    await expect.poll(async () => (await listOf("free_start", { device_id: id })).items.length).toBe(1);
    expect((await listOf("free_start", { device_id: id })).items[0]).toMatchObject({ amount: 0, pay_type: "F" });
  });

  it("an event the broker delivers twice is one order", async () => {
    const { kl } = await demoVendors(server.database);
    const serial = `O${run}-TWICE`;
    const { id, secret } = await provisionDevice(server.database.db, {
      vendorId: kl.id,
      shopId,
      serialNumber: serial,
      name: "TWICE",
      machineType: "washer",
    });
    // The machine's own connection, sending one event twice, as a QoS 1 redelivery would.
    const client = await mqtt.connectAsync(brokerUrlOf(server.config), {
      clientId: serial,
      username: serial,
      password: secret,
    });
    const sale = (eventId: string) =>
      encode({
        v: 1,
        id: eventId,
        ts: Math.floor(Date.now() / 1000),
        type: "cycle_started",
        program: "p",
        price: 300,
        minutes: 5,
        start_type: "coins",
      });
    await client.publishAsync(deviceTopic(serial, "event"), sale("e-twice"), { qos: 1 });
    await client.publishAsync(deviceTopic(serial, "event"), sale("e-twice"), { qos: 1 });
    // A later sale is written after both deliveries were: once it is there, the second had its turn.
    await client.publishAsync(deviceTopic(serial, "event"), sale("e-after"), { qos: 1 });
    const uniques = async () => (await coinOrders(id)).map((o) => o.payUniqueNo?.split(":").at(-1));
    await expect.poll(uniques).toContain("e-after");
    expect((await uniques()).sort()).toEqual(["e-after", "e-twice"]);
    await client.endAsync();
  });
});

describe("the order lists", () => {
  it("filter by date, status and number, total the filter, and page by keyset without overlap", async () => {
    const { id, device } = await machine("MANY");
    for (let i = 0; i < 5; i++) await card(`C-${i}-${run}`, 1_000);
    for (let i = 0; i < 5; i++) {
      await device.waitFor((s) => !s.busy, 15_000);
      device.sell({
        program: "p",
        price: 100 * (i + 1),
        minutes: 1,
        payment: { method: "card", cardNumber: `C-${i}-${run}` },
      });
    }
    await expect.poll(async () => (await listOf("mem_card", { device_id: id })).total, { timeout: 20_000 }).toBe(5);
    const all = await listOf("mem_card", { device_id: id });
    expect(all.totals).toMatchObject({ count: 5, paid_amount: 1500, refunded_amount: 0, currency: "MYR" });
    const first = await server.send(API.orders.list_mem_card, { device_id: id, page_size: 2 }, as);
    const second = await server.send(
      API.orders.list_mem_card,
      { device_id: id, page_size: 2, cursor: first.body.result.next_cursor ?? "" },
      as,
    );
    const ids = [...first.body.result.items, ...second.body.result.items].map((o) => o.id);
    expect(new Set(ids).size).toBe(4);
    expect(second.body.result.totals).toBeNull();
    const one = all.items[2] as OrderItem;
    const found = await listOf("mem_card", { search: one.order_no.slice(0, 14), device_id: id });
    expect(found.items.map((o) => o.id)).toContain(one.id);
    expect((await listOf("mem_card", { search: one.order_no })).items.map((o) => o.id)).toEqual([one.id]);
    expect((await listOf("mem_card", { device_id: id, to: one.created_at - 86_400 })).total).toBe(0);
    expect((await listOf("mem_card", { device_id: id, pay_status: "unpaid" })).total).toBe(0);
    const lookup = await server.send(API.orders.byPayUniqueNo, { pay_unique_no: one.pay_unique_no }, as);
    expect(lookup.body.result.id).toBe(one.id);
  });

  it("another vendor sees none of them and cannot look one up", async () => {
    const other = await otherTenant(server.database);
    const { body } = await server.send(API.orders.list_mem_card, {}, { as: other.vendorAdmin.username });
    expect(body.result.total).toBe(0);
    const mine = (await listOf("mem_card")).items[0] as OrderItem;
    const lookup = await server.send(
      API.orders.byPayUniqueNo,
      { pay_unique_no: mine.pay_unique_no },
      { as: other.vendorAdmin.username },
    );
    expect(lookup.http).toBe(404);
  });
});
