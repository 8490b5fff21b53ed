import { readFile } from "node:fs/promises";
import { isSerialNumber, MACHINE_VALUE_MAX, machineParams } from "@washboard/device-protocol";
import { isCurrencyCode } from "@washboard/shared";
import type { DeviceIdentity } from "./simulated-device.js";

/**
 * Reads a fleet file, the JSON the server writes for its demo fleet:
 * `[{ "serial", "secret", "machine_type", "firmware"?, "currency"?, "coin"?, "params"? }]`, where
 * `currency` is the vendor's, `coin` the coin its machines take (minor units) and `params` the
 * machine's price template as parameters. Throws naming the first bad entry.
 */
export async function readFleetFile(path: string): Promise<DeviceIdentity[]> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, "utf8"));
  } catch (error) {
    throw new Error(`${path}: not a readable JSON file (${error instanceof Error ? error.message : String(error)})`);
  }
  return parseFleet(json, path);
}

export function parseFleet(json: unknown, source = "fleet"): DeviceIdentity[] {
  if (!Array.isArray(json)) throw new Error(`${source}: expected an array of devices`);
  return json.map((entry: unknown, index) => {
    const where = `${source}[${index}]`;
    if (typeof entry !== "object" || entry === null) throw new Error(`${where}: expected an object`);
    const { serial, secret, machine_type, firmware, currency, coin, params } = entry as Record<string, unknown>;
    if (typeof serial !== "string" || !isSerialNumber(serial)) {
      throw new Error(`${where}: serial must be 4 to 64 letters, digits, "-" or "_"`);
    }
    if (typeof secret !== "string" || secret.length === 0) throw new Error(`${where}: secret must be a string`);
    if (typeof machine_type !== "string" || machine_type.length === 0) {
      throw new Error(`${where}: machine_type must be a string`);
    }
    const identity: DeviceIdentity = { serial, secret, machineType: machine_type };
    if (firmware !== undefined) {
      if (typeof firmware !== "string" || firmware.length === 0 || firmware.length > 32) {
        throw new Error(`${where}: firmware must be a string of 1 to 32 characters`);
      }
      identity.firmware = firmware;
    }
    if (currency !== undefined) {
      if (typeof currency !== "string" || !isCurrencyCode(currency)) {
        throw new Error(`${where}: currency must be a currency code such as "MYR"`);
      }
      identity.currency = currency;
    }
    if (coin !== undefined) {
      if (typeof coin !== "number" || !Number.isSafeInteger(coin) || coin <= 0) {
        throw new Error(`${where}: coin must be a positive whole number of minor units`);
      }
      identity.coin = coin;
    }
    if (params !== undefined) {
      const parsed = machineParams.safeParse(params);
      if (!parsed.success) {
        throw new Error(`${where}: params must name machine parameters, each a value from 0 to ${MACHINE_VALUE_MAX}`);
      }
      identity.params = parsed.data;
    }
    return identity;
  });
}
