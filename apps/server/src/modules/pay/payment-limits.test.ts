import { randomBytes } from "node:crypto";
import { API } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { testMachines } from "../../test/machines.js";
import { devices } from "../devices/tables.js";
import { orders } from "../orders/tables.js";
import { switchOn } from "../orders/test-orders.js";
import { payQrCodes } from "../payqr/tables.js";
import { priceTemplates } from "../price-templates/tables.js";
import { shops } from "../shops/tables.js";

/**
 * Anyone may start a payment, and each costs an order and a provider call: an address and a machine
 * may start only so many in ten minutes. A refused start leaves no order behind.
 */
let server: TestServer;
let vendorId: number;
let shopId: number;
let templateId: number;
let code: string;
const machines = testMachines("L");
const run = randomBytes(3).toString("hex").toUpperCase();

async function machine(name: string) {
  const { id, device } = await machines.provision(server, { vendorId, shopId }, name);
  await server.database.db.update(devices).set({ priceTemplateId: templateId }).where(eq(devices.id, id));
  await device.connect();
  await expect
    .poll(
      async () => (await server.send(API.pay.page, { code })).body.result.machines.find((m) => m.id === id)?.state,
      {
        timeout: 10_000,
      },
    )
    .toBe("idle");
  return id;
}

/** Starts a payment and gives it up at once, so the machine's hold is not what stops the next one. */
async function startAndCancel(deviceId: number, ip: string) {
  const answer = await server.send(
    API.pay.create,
    { place: { code }, device_id: deviceId, option: "", provider: "sandbox" },
    { ip },
  );
  if (answer.http === 200) await server.send(API.pay.cancel, { order_no: answer.body.result.order_no });
  return answer;
}

const ordersOf = async (deviceId: number) =>
  (await server.database.db.select().from(orders).where(eq(orders.deviceId, deviceId))).length;

beforeAll(async () => {
  server = await startTestServer({ paymentsPerAddress: 3, paymentsPerMachine: 4 });
  await server.app.ready();
  const { kl } = await demoVendors(server.database);
  vendorId = kl.id;
  const { db } = server.database;
  const [shop] = await db
    .insert(shops)
    .values({ vendorId, name: `Limits ${run}`, address: "1 Jalan", serviceType: 1 })
    .returning();
  shopId = shop?.id ?? 0;
  const [template] = await db
    .insert(priceTemplates)
    .values({ vendorId, modelName: `Wash ${run}`, displayPrice: 500, price: 500, estimatedMinutes: 30 })
    .returning();
  templateId = template?.id ?? 0;
  code = `lim${run.toLowerCase()}`;
  await db.insert(payQrCodes).values({ vendorId, code, name: `Limits ${run}`, shopId });
  await switchOn(db, vendorId, "sandbox");
});
afterAll(async () => {
  await machines.stopAll();
  await server.close();
});

describe("limits on starting payments", () => {
  it("an address starts at most PAYMENTS_PER_ADDRESS payments in ten minutes; another address is not affected", async () => {
    const [one, two] = [await machine("A1"), await machine("A2")];
    for (const deviceId of [one, two, one]) expect((await startAndCancel(deviceId, "203.0.113.7")).http).toBe(200);
    const made = await ordersOf(two);
    const refused = await startAndCancel(two, "203.0.113.7");
    expect(refused.http).toBe(429);
    expect(refused.body.code).toBe("RATE_LIMITED");
    expect(await ordersOf(two)).toBe(made);
    expect((await startAndCancel(two, "203.0.113.8")).http).toBe(200);
  });

  it("a machine takes at most PAYMENTS_PER_MACHINE payment starts in ten minutes, whoever asks", async () => {
    const deviceId = await machine("B1");
    for (let n = 1; n <= 4; n++) expect((await startAndCancel(deviceId, `192.0.2.${n}`)).http).toBe(200);
    const refused = await startAndCancel(deviceId, "192.0.2.50");
    expect(refused.body).toMatchObject({ code: "RATE_LIMITED", field: "device_id" });
    expect(await ordersOf(deviceId)).toBe(4);
  });
});
