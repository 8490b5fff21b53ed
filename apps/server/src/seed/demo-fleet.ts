import { createHmac } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { LIMITS, priceTemplateListRequest } from "@washboard/shared";
import { type DeviceWithSecret, matchDeviceSecrets, registerDevicesWithSecrets } from "../modules/devices/public.js";
import { listPriceTemplates } from "../modules/price-templates/public.js";
import { shopVendors } from "../modules/shops/public.js";
import { claimSystemConfig } from "../modules/system-config/public.js";
import type { Db } from "../platform/db/client.js";
import { demoShopIds } from "./demo-shops.js";

/** The file the simulator reads the demo machines' credentials from (`npm start` runs it). */
export const DEMO_FLEET_FILE = "demo-fleet.json";

/** Claimed once, by the one seeding that creates the demo's machines. */
const MARKER = "seed.demo.fleet";

/** What each demo shop has standing in it, by machine type. */
const SHOP_FLOOR: { type: string; count: number; label: string }[] = [
  { type: "washer", count: 3, label: "Washer" },
  { type: "dryer", count: 2, label: "Dryer" },
  { type: "combo", count: 1, label: "Combo" },
  { type: "kiosk", count: 1, label: "Kiosk" },
];
const EXTRA_IN_FIRST_SHOP = [
  { type: "vending_machine", count: 1, label: "Vending" },
  { type: "coin_exchanger", count: 1, label: "Changer" },
];

export interface FleetEntry {
  serial: string;
  secret: string;
  machine_type: string;
  firmware: string;
}

/**
 * A demo machine's broker password, derived from the install's secret key (SECRET_KEY or
 * DATA_DIR/secret.key) and its serial: the same at every start, so the fleet file can be written
 * again at each start — or after it was lost — without ever issuing a machine a new secret. Only
 * its hash is stored, as for every machine. See docs/decisions.md.
 */
export function demoMachineSecret(secretKey: Buffer, serial: string): string {
  return createHmac("sha256", secretKey).update(`washboard demo fleet\0${serial}`).digest("base64url");
}

interface PlannedMachine {
  shop: { id: number; vendorId: number };
  type: string;
  serial: string;
  name: string;
}

/** The machines the demo puts in its own shops (never in a shop an operator added). */
async function plannedFleet(db: Db): Promise<PlannedMachine[]> {
  const own = await shopVendors(db, await demoShopIds(db));
  return own.flatMap((shop, index) =>
    [...SHOP_FLOOR, ...(index === 0 ? EXTRA_IN_FIRST_SHOP : [])].flatMap(({ type, count, label }) =>
      Array.from({ length: count }, (_, n) => ({
        shop,
        type,
        serial: `WB-${shop.id}-${type.slice(0, 3).toUpperCase()}-${n + 1}`,
        name: `${label} ${n + 1}`,
      })),
    ),
  );
}

/**
 * The vendors' price templates, oldest first, read as each vendor's template list reads them: one
 * page holds them all, as a vendor keeps no more than the cap.
 */
async function templatesOf(db: Db, vendorIds: readonly number[]) {
  const everyTemplate = priceTemplateListRequest.parse({ page_size: LIMITS.priceTemplatesPerVendor });
  const templates: { id: number; vendorId: number; name: string }[] = [];
  for (const vendorId of vendorIds) {
    const { items } = await listPriceTemplates(db, { groupId: null, vendorId }, everyTemplate);
    templates.push(...items.map((t) => ({ id: t.id, vendorId, name: t.model_name })));
  }
  return templates.sort((a, b) => a.id - b.id);
}

/**
 * About thirty machines across the demo's own shops, each with its broker secret derived from the
 * install's key. Once: the first seeding claims a marker and adds the machines that are missing
 * (an install seeded before the marker keeps the ones it has, with their secrets); every later
 * start finds the marker and adds, changes and rotates nothing.
 */
export async function seedDemoFleet(db: Db, secretKey: Buffer): Promise<boolean> {
  const planned = await plannedFleet(db);
  if (planned.length === 0) return false;
  return db.transaction(async (tx) => {
    if (!(await claimSystemConfig(tx, MARKER, "1"))) return false;
    const vendorIds = [...new Set(planned.map((p) => p.shop.vendorId))];
    // Washers and combos run the vendor's wash template, dryers its dry one: the pay page shows their prices.
    const templates = await templatesOf(tx, vendorIds);
    const templateFor = (vendorId: number, type: string) => {
      const own = templates.filter((t) => t.vendorId === vendorId);
      const dry = own.find((t) => /dry/i.test(t.name));
      if (type === "dryer") return (dry ?? own[0])?.id ?? null;
      if (type === "washer" || type === "combo") return own.find((t) => t !== dry)?.id ?? null;
      return null;
    };
    const inAYear = new Date(Date.now() + 365 * 86_400_000);
    const machines: DeviceWithSecret[] = planned.map((p, index) => ({
      vendorId: p.shop.vendorId,
      shopId: p.shop.id,
      serialNumber: p.serial,
      name: p.name,
      machineNumber: String(index + 1).padStart(2, "0"),
      machineType: p.type,
      priceTemplateId: templateFor(p.shop.vendorId, p.type),
      secret: demoMachineSecret(secretKey, p.serial),
      // A year ahead: the sign-in warning about expiring subscriptions stays quiet in the demo.
      subscriptionExpiresAt: inAYear,
    }));
    // A machine already registered under a demo serial keeps everything, its secret above all.
    await registerDevicesWithSecrets(tx, machines);
    return true;
  });
}

export interface WrittenFleet {
  /** The file written, DATA_DIR/demo-fleet.json. */
  file: string;
  machines: number;
  /** Demo machines whose secret is not one this install can know (changed since): left out. */
  leftOut: string[];
}

/**
 * Writes DATA_DIR/demo-fleet.json for the simulator, at every start of the demo: each demo machine
 * still in the register with the secret it was given — the derived one, or for an install seeded
 * before secrets were derived, the one the previous fleet file holds when it still matches. A
 * machine whose secret matches neither (rotated since) is left out, never given a new one. Nothing
 * in the database is written. Answers null when the demo has no machines.
 */
export async function writeDemoFleetFile(db: Db, dataDir: string, secretKey: Buffer): Promise<WrittenFleet | null> {
  const planned = await plannedFleet(db);
  if (planned.length === 0) return null;
  const file = path.join(dataDir, DEMO_FLEET_FILE);
  const previous = previousSecrets(file);
  const offered = new Map(
    planned.map((p) => [p.serial, [demoMachineSecret(secretKey, p.serial), previous.get(p.serial)]]),
  );
  const registered = await matchDeviceSecrets(db, offered);
  if (registered.length === 0) return null;
  const fleet: FleetEntry[] = [];
  const leftOut: string[] = [];
  for (const machine of registered) {
    if (machine.secret === null) leftOut.push(machine.serial);
    else
      fleet.push({
        serial: machine.serial,
        secret: machine.secret,
        machine_type: machine.machineType,
        firmware: "2.4.1",
      });
  }
  fs.mkdirSync(dataDir, { recursive: true });
  // Whole or not at all: the simulator never reads half a file.
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(fleet, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temp, file);
  return { file, machines: fleet.length, leftOut };
}

/** serial → secret of the fleet file an earlier start wrote (empty when there is none or it is unreadable). */
function previousSecrets(file: string): Map<string, string> {
  try {
    const entries = JSON.parse(fs.readFileSync(file, "utf8")) as unknown;
    if (!Array.isArray(entries)) return new Map();
    return new Map(
      entries
        .filter((e): e is FleetEntry => typeof e?.serial === "string" && typeof e?.secret === "string")
        .map((e) => [e.serial, e.secret]),
    );
  } catch {
    return new Map();
  }
}
