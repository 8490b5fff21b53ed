import { API } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { testMachines } from "../../test/machines.js";
import { orders } from "../orders/tables.js";
import { type PayPlace, payMachine, payPlace } from "./test-place.js";

/**
 * Anyone may start a payment, and each costs an order and a provider call: an address and a machine
 * may start only so many in ten minutes. A refused start leaves no order behind.
 */
let server: TestServer;
let place: PayPlace;
const machines = testMachines("L");

const machine = async (name: string) => (await payMachine(server, machines, place, name)).id;

/** Starts a payment and gives it up at once, so the machine's hold is not what stops the next one. */
async function startAndCancel(deviceId: number, ip: string) {
  const answer = await server.send(
    API.pay.create,
    { place: { code: place.code }, device_id: deviceId, option: "", provider: "sandbox" },
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
  place = await payPlace(server, kl.id, "Limits");
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
