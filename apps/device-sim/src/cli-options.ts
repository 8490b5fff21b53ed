import { resolve } from "node:path";
import { parseArgs } from "node:util";
import type { FirmwareTrouble } from "./firmware-trouble.js";

export interface CliOptions {
  brokerUrl: string;
  fleetFile: string;
  timeScale: number;
  customerPace: number;
  seed: number | undefined;
  /** Only the first this many devices of the file; all when undefined. */
  devices: number | undefined;
  concurrency: number;
  /** Shares of firmware updates meeting each kind of trouble; unset kinds keep the machines' usual. */
  firmwareTrouble: Partial<FirmwareTrouble>;
}

export const USAGE = `Usage: npm run simulate -w @washboard/device-sim -- --broker URL --fleet FILE [options]

  --broker URL        MQTT broker, e.g. mqtt://127.0.0.1:1884
  --fleet FILE        JSON [{ "serial", "secret", "machine_type", "firmware"?, "currency"?, "coin"?, "params"? }]
  --devices N         run only the first N devices of the file
  --time-scale N      the machines' simulated seconds per real second: cycles, faults and drops
                      (default 1; 60 = a minute per second); customers keep a real shop's pace
  --customer-pace N   customers come N times as often as at a real shop (default 1; load tests)
  --seed N            make customers, faults and drops reproducible
  --concurrency N     connections opened at a time at start (default 200)
  --firmware-trouble KIND=SHARE,...
                      how often a firmware update meets trouble, shares 0-1 of updates, kinds:
                      resumed (a line that drops once and resumes), interrupted (a dead line),
                      powerLoss, corrupt (a damaged file), rolledBack (does not boot)`;

const TROUBLE_KINDS: readonly (keyof FirmwareTrouble)[] = [
  "resumed",
  "interrupted",
  "powerLoss",
  "corrupt",
  "rolledBack",
];

/** `interrupted=0.01,corrupt=0.005` into shares by kind. */
function firmwareTrouble(text: string | undefined): Partial<FirmwareTrouble> {
  const trouble: Partial<FirmwareTrouble> = {};
  if (text === undefined) return trouble;
  for (const pair of text.split(",")) {
    const [kind = "", share = ""] = pair.split("=");
    const value = Number(share);
    if (!(TROUBLE_KINDS as readonly string[]).includes(kind) || share === "" || !(value >= 0 && value <= 1)) {
      throw new Error(`--firmware-trouble takes ${TROUBLE_KINDS.join("|")}=<share 0-1>, not "${pair}"`);
    }
    trouble[kind as keyof FirmwareTrouble] = value;
  }
  return trouble;
}

function positive(name: string, text: string | undefined, fallback: number, integer: boolean): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new Error(`--${name} must be a positive ${integer ? "integer" : "number"}, not "${text}"`);
  }
  return value;
}

/**
 * Reads the command line. A relative fleet path is taken from where npm was run (INIT_CWD), not
 * from the workspace folder `npm run -w` switches to.
 */
export function parseCliOptions(args: readonly string[], baseDir: string): CliOptions {
  const { values } = parseArgs({
    args: [...args],
    options: {
      broker: { type: "string" },
      fleet: { type: "string" },
      devices: { type: "string" },
      "time-scale": { type: "string" },
      "customer-pace": { type: "string" },
      seed: { type: "string" },
      concurrency: { type: "string" },
      "firmware-trouble": { type: "string" },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.broker === undefined) throw new Error("--broker is required");
  if (values.fleet === undefined) throw new Error("--fleet is required");
  let seed: number | undefined;
  if (values.seed !== undefined) {
    seed = Number(values.seed);
    if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer, not "${values.seed}"`);
  }
  return {
    brokerUrl: values.broker,
    fleetFile: resolve(baseDir, values.fleet),
    timeScale: positive("time-scale", values["time-scale"], 1, false),
    customerPace: positive("customer-pace", values["customer-pace"], 1, false),
    seed,
    devices: values.devices === undefined ? undefined : positive("devices", values.devices, 0, true),
    concurrency: positive("concurrency", values.concurrency, 200, true),
    firmwareTrouble: firmwareTrouble(values["firmware-trouble"]),
  };
}
