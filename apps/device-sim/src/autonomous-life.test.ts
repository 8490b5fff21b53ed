import { LAST_WILL } from "@washboard/device-protocol";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seededRandom } from "./random.js";
import { Scheduler } from "./scheduler.js";
import { SimulatedDevice } from "./simulated-device.js";
import { startTestBroker, type TestBroker } from "./test/test-broker.js";
import { TestGateway } from "./test/test-gateway.js";

let broker: TestBroker;
let gateway: TestGateway;

beforeAll(async () => {
  broker = await startTestBroker();
  gateway = await TestGateway.connect(broker.url);
});

afterAll(async () => {
  await gateway.close();
  await broker.close();
});

it("lives on its own: customers pay and run cycles, faults are repaired, drops come back", async () => {
  const scheduler = new Scheduler();
  const device = new SimulatedDevice(
    { serial: "AUTO-0001", secret: "s3cret", machineType: "washer" },
    {
      brokerUrl: broker.url,
      // An hour a second, customers five hours' worth a second; faults and drops far more often than
      // a real machine's, to see them in a test.
      timeScale: 3_600,
      customerPace: 18_000,
      autonomous: true,
      random: seededRandom(42),
      scheduler,
      lifeRates: {
        meanMinutesBetweenFaults: 30,
        faultMinutes: [5, 10],
        // Not much more often than a reconnect takes on a loaded machine, or the device never gets to say anything.
        meanMinutesBetweenDrops: 90,
        dropMinutes: [2, 5],
      },
    },
  );
  await device.connect();
  const serial = device.serial;
  // Each step takes a second or two on an idle machine; a loaded CI machine delays timers and reconnects
  // tenfold and more.
  const seen = (find: () => boolean, what: string) => gateway.until(() => (find() ? true : undefined), 45_000, what);

  await seen(() => gateway.events(serial, "cycle_finished").length >= 2, "two cycles");
  await seen(() => gateway.list(serial, "status").some((status) => status.fault), "a fault");
  await seen(() => {
    const statuses = gateway.list(serial, "status");
    const faulted = statuses.findIndex((status) => status.fault);
    return faulted >= 0 && statuses.slice(faulted).some((status) => status.online && status.fault === null);
  }, "a repair");
  await seen(() => {
    const statuses = gateway.list(serial, "status");
    const dropped = statuses.findIndex((status) => !status.online);
    return dropped >= 0 && statuses.slice(dropped).some((status) => status.online);
  }, "a drop and a return");
  await device.disconnect();
  expect(scheduler.pending).toBe(0);

  expect(gateway.invalid).toEqual([]);
  expect(gateway.list(serial, "status")).toContainEqual(LAST_WILL);
  // Every cycle a customer started was paid at the machine, with cash worth at least its price or by card.
  const started = gateway.events(serial, "cycle_started");
  for (const cycle of started) {
    expect(["coins", "card"]).toContain(cycle.start_type);
    expect(cycle.minutes).toBeGreaterThanOrEqual(25);
    expect(cycle.minutes).toBeLessThanOrEqual(45);
  }
  const cash = gateway.events(serial, "coin_inserted").reduce((sum, event) => sum + event.amount, 0);
  expect(device.state.cashbox.cumulative).toBe(cash);
  const ids = gateway.list(serial, "event").map((event) => event.id);
  expect(new Set(ids).size).toBe(ids.length);
}, 200_000);
