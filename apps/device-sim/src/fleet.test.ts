import { deviceTopic } from "@washboard/device-protocol";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Fleet } from "./fleet.js";
import { startTestBroker, type TestBroker } from "./test/test-broker.js";
import { retainedOn, TestGateway } from "./test/test-gateway.js";

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

const TYPES = ["washer", "dryer", "combo", "kiosk", "vending_machine", "car_wash", "liquid_vending", "coin_exchanger"];

it("runs many devices, connecting them a batch at a time, and stops them all", async () => {
  const identities = Array.from({ length: 40 }, (_, index) => ({
    serial: `FLEET-${String(index).padStart(4, "0")}`,
    secret: "s3cret",
    machineType: TYPES[index % TYPES.length] ?? "washer",
  }));
  const fleet = new Fleet(identities, { brokerUrl: broker.url, timeScale: 3_600, customerPace: 18_000, seed: 1 });
  expect(await fleet.start({ concurrency: 8 })).toEqual({ connected: 40, failed: 0 });
  expect(fleet.connected).toBe(40);

  // At an hour a second, and five hours' customers a second, every machine has had a customer within a few seconds.
  await gateway.until(
    () => {
      const serials = new Set(gateway.received.filter((m) => m.kind === "event").map((m) => m.serial));
      return serials.size === 40 ? true : undefined;
    },
    10_000,
    "events from every device",
  );
  const counts = fleet.counts;
  expect(counts).toMatchObject({ devices: 40, connected: 40 });
  expect(counts.messagesSent).toBeGreaterThan(40 * 3);

  await fleet.stop();
  expect(fleet.connected).toBe(0);
  expect(fleet.scheduledTasks).toBe(0);
  expect(await retainedOn(broker.url, deviceTopic("FLEET-0007", "status"))).toMatchObject({ online: false });
  expect(gateway.invalid).toEqual([]);
});

it("refuses a fleet with a serial twice", () => {
  const twice = { serial: "SAME-0001", secret: "x", machineType: "washer" };
  expect(() => new Fleet([twice, twice], { brokerUrl: "mqtt://127.0.0.1:1" })).toThrow(/twice/);
});
