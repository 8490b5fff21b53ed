import { randomBytes } from "node:crypto";
import { API } from "@washboard/shared";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, testShop } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { rawMachine, testMachines } from "../../test/machines.js";
import { cards } from "../members/tables.js";
import { orders } from "../orders/tables.js";
import { priceTemplates } from "../price-templates/tables.js";
import { deviceDeadLetters, deviceLog, devices } from "./tables.js";

/**
 * A broken or forged controller cannot make revenue or balance out of thin air: a sale or card tap
 * above the vendor's ceiling per cycle, a card credit from a machine that cannot take money for
 * cards, or one above the ceiling per top-up is refused — no order, no credit — and set aside with
 * its reason, which the operator reads in the machine's device log. Within the ceilings, machines
 * sell as before.
 */
const as = { as: "vendor_admin" } as const;
const now = () => Math.floor(Date.now() / 1000);
let server: TestServer;
let klId: number;
let shopId: number;
const machines = testMachines("MNY");
let nextEvent = 0;
const eventId = () => `e${++nextEvent}`;

async function raw(name: string, machineType: string) {
  const { id, serial, secret } = await machines.provision(server, { vendorId: klId, shopId }, name, { machineType });
  return { id, serial, client: await rawMachine(server, serial, secret) };
}

async function card(number: string, vendor: "kl" | "bkk") {
  const uuid = randomBytes(4).toString("hex").toUpperCase();
  const who = vendor === "kl" ? as : { as: "vendor2_admin" };
  const { body } = await server.send(API.members.cardCreate, { uuid, card_number: number, type: "ordinary" }, who);
  if (body.status !== 200) throw new Error(JSON.stringify(body));
  return body.result;
}

const balanceOf = async (number: string, vendorId: number) =>
  (
    await server.database.db
      .select()
      .from(cards)
      .where(and(eq(cards.cardNumber, number), eq(cards.vendorId, vendorId)))
  )[0]?.balance;

async function deadLetters(deviceId: number) {
  return server.database.db.select().from(deviceDeadLetters).where(eq(deviceDeadLetters.deviceId, deviceId));
}

async function ordersOf(serial: string) {
  return server.database.db
    .select()
    .from(orders)
    .where(like(orders.payUniqueNo, `${serial}:%`));
}

beforeAll(async () => {
  server = await startTestServer();
  await server.app.ready();
  klId = (await demoVendors(server.database)).kl.id;
  shopId = await testShop(server.database, klId, "Money shop");
});
afterAll(async () => {
  await machines.stopAll();
  await server.close();
});

describe("a machine's sales", () => {
  it("books a cash cycle within the ceiling and refuses one of 2^31-1, naming why in the device log", async () => {
    const washer = await raw("WASH", "washer");
    const cycle = (price: number) => ({
      v: 1,
      id: eventId(),
      ts: now(),
      type: "cycle_started",
      program: "Hot",
      price,
      minutes: 30,
      start_type: "coins",
    });
    const fine = cycle(700);
    const absurd = cycle(2_147_483_647);
    await washer.client.publish("event", fine);
    await washer.client.publish("event", absurd);
    await expect.poll(async () => (await deadLetters(washer.id)).length, { timeout: 10_000 }).toBe(1);
    // Refusals, sales and the device log are written by separate batches: the refusal may land first.
    await expect
      .poll(async () => (await ordersOf(washer.serial)).map((o) => o.amount), { timeout: 10_000 })
      .toEqual([700]);
    const [letter] = await deadLetters(washer.id);
    expect(letter).toMatchObject({ kind: "event", code: "cycle_ceiling", vendorId: klId });
    expect(letter?.reason).toContain("2147483647");
    expect(JSON.parse(letter?.payload ?? "{}")).toMatchObject({ id: absurd.id, price: 2_147_483_647 });
    // The operator sees both: what the machine said, and that it was refused.
    const logOf = async () => (await server.send(API.devices.log, { device_id: washer.id }, as)).body.result.items;
    await expect
      .poll(async () => (await logOf()).map((i) => i.type).sort(), { timeout: 10_000 })
      .toEqual(["cycle_started", "cycle_started", "message_refused"]);
    const refused = (await logOf()).find((i) => i.type === "message_refused");
    // With the figures the console shows as money: what the machine claimed, and the ceiling.
    expect(refused?.details).toMatchObject({
      kind: "event",
      code: "cycle_ceiling",
      amount: 2_147_483_647,
      ceiling: 100_000,
    });
    await washer.client.end();
  });

  it("holds the vendor's own ceiling, and ten times the price template's dearest cycle when that is lower", async () => {
    const limits = await server.send(
      API.devices.setMoneyLimits,
      { max_cycle_amount: 5_000, max_top_up_amount: null },
      as,
    );
    expect(limits.body.result).toMatchObject({
      max_cycle_amount: 5_000,
      cycle_is_default: false,
      top_up_is_default: true,
    });
    const washer = await raw("OWN", "washer");
    const sale = (price: number) => ({
      v: 1,
      id: eventId(),
      ts: now(),
      type: "cycle_started",
      program: "Eco",
      price,
      minutes: 20,
      start_type: "coins",
    });
    await washer.client.publish("event", sale(5_000));
    await washer.client.publish("event", sale(5_001));
    await expect.poll(async () => (await deadLetters(washer.id)).length, { timeout: 10_000 }).toBe(1);
    await expect
      .poll(async () => (await ordersOf(washer.serial)).map((o) => o.amount), { timeout: 10_000 })
      .toEqual([5_000]);

    // A machine with a RM 3.00 template: RM 30.01 is not a price it charges.
    const [template] = await server.database.db
      .insert(priceTemplates)
      .values({ vendorId: klId, modelName: "Small wash", displayPrice: 300, price: 300, estimatedMinutes: 25 })
      .returning();
    const small = await raw("TPL", "washer");
    await server.database.db
      .update(devices)
      .set({ priceTemplateId: template?.id ?? null })
      .where(eq(devices.id, small.id));
    await server.send(API.devices.setMoneyLimits, { max_cycle_amount: null, max_top_up_amount: null }, as);
    await small.client.publish("event", sale(3_000));
    await small.client.publish("event", sale(3_001));
    await expect.poll(async () => (await deadLetters(small.id)).length, { timeout: 10_000 }).toBe(1);
    await expect
      .poll(async () => (await ordersOf(small.serial)).map((o) => o.amount), { timeout: 10_000 })
      .toEqual([3_000]);
    await washer.client.end();
    await small.client.end();
  });

  it("refuses a card tap above the ceiling: the card is not debited", async () => {
    await card("KL-TAP-1", "kl");
    const washer = await raw("TAP", "washer");
    await washer.client.publish("event", {
      v: 1,
      id: eventId(),
      ts: now(),
      type: "card_used",
      card_number: "KL-TAP-1",
      amount: 100_001,
    });
    await expect.poll(async () => (await deadLetters(washer.id)).length, { timeout: 10_000 }).toBe(1);
    expect(await ordersOf(washer.serial)).toEqual([]);
    expect(await balanceOf("KL-TAP-1", klId)).toBe(0);
    await washer.client.end();
  });
});

describe("card credits", () => {
  it("come only from a kiosk, up to the ceiling per top-up, and only to its own vendor's cards", async () => {
    await card("KL-TOP-1", "kl");
    await card("BKK-ONLY-1", "bkk");
    const washer = await raw("NOKIOSK", "washer");
    const kiosk = await raw("KIOSK", "kiosk");
    const topUp = (card_number: string, amount: number) => ({
      v: 1,
      id: eventId(),
      ts: now(),
      type: "card_topped_up",
      card_number,
      amount,
    });

    // A washer claiming to have credited a card: refused, whatever the amount.
    await washer.client.publish("event", topUp("KL-TOP-1", 500));
    // A kiosk: within the ceiling (RM 5,000 by default) credited; above it refused.
    await kiosk.client.publish("event", topUp("KL-TOP-1", 2_000));
    await kiosk.client.publish("event", topUp("KL-TOP-1", 2_147_483_647));
    // Another vendor's card number: nothing credited anywhere.
    await kiosk.client.publish("event", topUp("BKK-ONLY-1", 1_000));

    await expect
      .poll(async () => (await deadLetters(washer.id)).map((l) => l.code), { timeout: 10_000 })
      .toEqual(["card_credit_machine"]);
    await expect
      .poll(async () => (await deadLetters(kiosk.id)).map((l) => l.code), { timeout: 10_000 })
      .toEqual(["top_up_ceiling"]);
    await expect.poll(async () => balanceOf("KL-TOP-1", klId), { timeout: 10_000 }).toBe(2_000);
    const { bkk } = await demoVendors(server.database);
    expect(await balanceOf("BKK-ONLY-1", bkk.id)).toBe(0);
    // Every message the machines sent is in their log, refusals beside them.
    await expect
      .poll(async () => {
        const rows = await server.database.db.select().from(deviceLog).where(eq(deviceLog.deviceId, kiosk.id));
        return rows.map((r) => r.type).sort();
      })
      .toEqual(["card_topped_up", "card_topped_up", "card_topped_up", "message_refused"]);
    await washer.client.end();
    await kiosk.client.end();
  });
});

describe("the money limits calls", () => {
  it("answer the defaults of the vendor's currency, and only the main administrator changes them", async () => {
    await server.send(API.devices.setMoneyLimits, { max_cycle_amount: null, max_top_up_amount: null }, as);
    const kl = await server.send(API.devices.moneyLimits, {}, as);
    expect(kl.body.result).toEqual({
      max_cycle_amount: 100_000,
      max_top_up_amount: 500_000,
      default_cycle_amount: 100_000,
      default_top_up_amount: 500_000,
      cycle_is_default: true,
      top_up_is_default: true,
    });
    const bkk = await server.send(API.devices.moneyLimits, {}, { as: "vendor2_admin" });
    expect(bkk.body.result).toMatchObject({ max_cycle_amount: 10_000, max_top_up_amount: 50_000 });
    const sub = await server.send(
      API.devices.setMoneyLimits,
      { max_cycle_amount: 1, max_top_up_amount: 1 },
      { as: "vendor_sub" },
    );
    expect(sub.http).toBe(403);
    const zero = await server.send(API.devices.setMoneyLimits, { max_cycle_amount: 0, max_top_up_amount: null }, as);
    expect(zero.body).toMatchObject({ code: "VALIDATION_FAILED", field: "max_cycle_amount" });
  });
});
