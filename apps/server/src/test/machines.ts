import { randomBytes } from "node:crypto";
import { deviceTopic, type UpKind } from "@washboard/device-protocol";
import { type FirmwareTrouble, SimulatedDevice } from "@washboard/device-sim";
import mqtt from "mqtt";
import { provisionDevice } from "../modules/devices/provision.js";
import { brokerUrlOf, type TestServer } from "./harness.js";

/**
 * Simulated machines of a test file: each provisioned in the register (in a shop of a vendor) with
 * its own broker secret and a serial unique to the run (parallel test files may share one broker),
 * not yet connected. `stopAll` disconnects them when the file is done.
 */
export function testMachines(prefix: string) {
  const run = `${prefix}${randomBytes(3).toString("hex").toUpperCase()}`;
  const started: SimulatedDevice[] = [];
  return {
    async provision(
      server: TestServer,
      place: { vendorId: number; shopId: number },
      name: string,
      options: {
        machineType?: string;
        timeScale?: number;
        firmware?: string;
        firmwareTrouble?: Partial<FirmwareTrouble>;
      } = {},
    ) {
      const machineType = options.machineType ?? "washer";
      const { id, serial, secret } = await provisionDevice(server.database.db, {
        ...place,
        serialNumber: `${run}-${name}`,
        name,
        machineType,
      });
      const device = new SimulatedDevice(
        { serial, secret, machineType, firmware: options.firmware ?? "2.0.0" },
        {
          brokerUrl: brokerUrlOf(server.config),
          timeScale: options.timeScale ?? 600,
          ...(options.firmwareTrouble ? { firmwareTrouble: options.firmwareTrouble } : {}),
        },
      );
      started.push(device);
      return { id, serial, secret, device };
    },
    stopAll: () => Promise.all(started.map((d) => d.disconnect({ forget: true }).catch(() => undefined))),
  };
}

/**
 * A machine's MQTT login used by hand: a test publishes exactly the bytes it wants on the machine's
 * own topics (what a broken or forged controller sends), as the broker lets that machine.
 */
export async function rawMachine(server: TestServer, serial: string, secret: string) {
  const client = await mqtt.connectAsync(brokerUrlOf(server.config), {
    clientId: serial,
    username: serial,
    password: secret,
    clean: true,
    reconnectPeriod: 0,
  });
  return {
    /** Publishes a payload (an object is sent as its JSON) on one of the machine's up topics; resolves once the broker has it. */
    async publish(kind: UpKind, payload: object | string | Buffer, options: { retain?: boolean } = {}) {
      const bytes = typeof payload === "string" || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload);
      await client.publishAsync(deviceTopic(serial, kind), bytes, { qos: 1, retain: options.retain ?? false });
    },
    end: () => client.endAsync(),
  };
}
