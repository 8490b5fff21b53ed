import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SimulatedDevice } from "@washboard/device-sim";

const port = Number(process.env.E2E_PORT ?? 18080);
const dataDir = path.join(os.tmpdir(), `wb-e2e-${port}`);
const brokerUrl = `mqtt://127.0.0.1:${port + 1}`;

interface FleetEntry {
  serial: string;
  secret: string;
  machine_type: string;
  firmware?: string;
}

/** The demo fleet the server seeded (e2e/server.mjs): serials and broker secrets. */
export function demoFleet(): FleetEntry[] {
  return JSON.parse(fs.readFileSync(path.join(dataDir, "demo-fleet.json"), "utf8")) as FleetEntry[];
}

/**
 * One machine of the demo fleet, brought to life against the server's broker. Nothing else runs the
 * fleet in the browser tests, so every other machine stays offline.
 */
export async function runMachine(
  serial: string,
  options: { timeScale?: number; firmware?: string } = {},
): Promise<SimulatedDevice> {
  const entry = demoFleet().find((e) => e.serial === serial);
  if (!entry) throw new Error(`${serial} is not in the demo fleet`);
  const device = new SimulatedDevice(
    {
      serial,
      secret: entry.secret,
      machineType: entry.machine_type,
      firmware: options.firmware ?? entry.firmware ?? "2.4.1",
    },
    // Quick cycles by default: a simulated minute per tenth of a second.
    { brokerUrl, timeScale: options.timeScale ?? 600, reconnectPeriodMs: 300 },
  );
  await device.connect();
  return device;
}
