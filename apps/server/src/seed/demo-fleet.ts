import { createHmac } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { LIMITS, type PriceTemplateItem, priceTemplateListRequest, templateParams } from "@washboard/shared";
import {
  type DeviceWithSecret,
  matchDeviceSecrets,
  payableDevices,
  placedDevicesOfVendors,
  registerDevicesWithSecrets,
} from "../modules/devices/public.js";
import { listPriceTemplates } from "../modules/price-templates/public.js";
import { shopChoices, shopVendors } from "../modules/shops/public.js";
import { claimSystemConfig } from "../modules/system-config/public.js";
import { findVendor, tenantOfVendor } from "../modules/tenancy/public.js";
import type { Db } from "../platform/db/client.js";
import { demoShopIds, demoTemplateNameFor } from "./demo-shops.js";

/** The file the simulator reads the demo machines' credentials from (`npm start` runs it). */
export const DEMO_FLEET_FILE = "demo-fleet.json";

/** Claimed once, by the one seeding that creates the demo's machines. */
const MARKER = "seed.demo.fleet";

type Floor = readonly (readonly [type: string, count: number])[];

/**
 * What each demo shop has standing in it, by machine type, by shop name. The Kuala Lumpur owner runs
 * five shops of some sixty machines (so the device list pages and the charts have shape); Bangkok's
 * one shop keeps the base floor. Every floor holds at least the base one, so an install seeded with
 * the base floor in every shop still finds each of its machines among the planned ones.
 */
const BASE_FLOOR: Floor = [
  ["washer", 3],
  ["dryer", 2],
  ["combo", 1],
  ["kiosk", 1],
];
const FLOORS: Record<string, Floor> = {
  "Bubbles Bangsar": [
    ["washer", 6],
    ["dryer", 4],
    ["combo", 2],
    ["kiosk", 1],
    ["vending_machine", 1],
    ["coin_exchanger", 1],
  ],
  "Bubbles Maarof": [
    ["washer", 4],
    ["dryer", 3],
    ["combo", 1],
    ["kiosk", 1],
  ],
  "Paws & Suds Cheras": [
    ["washer", 5],
    ["dryer", 4],
    ["combo", 1],
    ["kiosk", 1],
    ["vending_machine", 1],
  ],
  "Bubbles Mont Kiara": [
    ["washer", 6],
    ["dryer", 5],
    ["combo", 2],
    ["kiosk", 1],
    ["vending_machine", 1],
    ["coin_exchanger", 1],
  ],
  "Paws & Suds Setapak": [
    ["washer", 4],
    ["dryer", 3],
    ["combo", 1],
    ["kiosk", 1],
  ],
};

/** How a vendor's staff name its machines on the floor, in the vendor's language (Thai in Bangkok). */
const LABELS: Record<"en" | "th", Record<string, string>> = {
  en: {
    washer: "Washer",
    dryer: "Dryer",
    combo: "Combo",
    kiosk: "Kiosk",
    vending_machine: "Vending",
    coin_exchanger: "Changer",
  },
  th: {
    washer: "เครื่องซักผ้า",
    dryer: "เครื่องอบผ้า",
    combo: "เครื่องซักอบ",
    kiosk: "ตู้เติมเงิน",
    vending_machine: "ตู้ขายสินค้า",
    coin_exchanger: "เครื่องแลกเหรียญ",
  },
};

export interface FleetEntry {
  serial: string;
  secret: string;
  machine_type: string;
  firmware: string;
  /** The vendor's currency: the simulator's machines price what their template does not in it. */
  currency?: string;
  /** The coin the vendor's machines take, in the currency's minor unit (the vendor's coin denomination). */
  coin?: number;
  /**
   * The machine's price template as the parameters the server pushes when it is assigned
   * (`templateParams`): the simulated machine charges the template's price from its first customer.
   */
  params?: Record<string, number>;
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
  /** Its merchant's language: the Bangkok merchant's machines are named in Thai. */
  language: "en" | "th";
  type: string;
  serial: string;
  name: string;
}

const DAY_MS = 86_400_000;
/** Days from now to the end of the Bangkok merchant's first machines: two expiring, one expired in its grace. */
const BANGKOK_ENDS_IN_DAYS = [9, 20, -3];

/**
 * Each demo machine's subscription end: a year ahead, so the Kuala Lumpur merchant's sign-in warning
 * stays quiet (the console's tour and its browser tests start there), but the Bangkok merchant's first
 * machines expire soon or have just expired — its sign-in shows the warning and the renewal screen
 * has something to renew.
 */
function subscriptionEnds(planned: readonly PlannedMachine[]) {
  const bangkok = new Map(
    planned
      .filter((p) => p.language === "th")
      .slice(0, BANGKOK_ENDS_IN_DAYS.length)
      .map((p, index) => [p.serial, BANGKOK_ENDS_IN_DAYS[index] ?? 365]),
  );
  return (p: PlannedMachine) => new Date(Date.now() + (bangkok.get(p.serial) ?? 365) * DAY_MS);
}

/** The machines the demo puts in its own shops (never in a shop an operator added). */
async function plannedFleet(db: Db): Promise<PlannedMachine[]> {
  const own = await shopVendors(db, await demoShopIds(db));
  const names = new Map<number, string>();
  const language = new Map<number, "en" | "th">();
  for (const vendorId of new Set(own.map((shop) => shop.vendorId))) {
    for (const shop of await shopChoices(db, tenantOfVendor(vendorId))) names.set(shop.id, shop.name);
    language.set(vendorId, (await findVendor(db, vendorId))?.language.startsWith("th") ? "th" : "en");
  }
  return own.flatMap((shop) =>
    (FLOORS[names.get(shop.id) ?? ""] ?? BASE_FLOOR).flatMap(([type, count]) =>
      Array.from({ length: count }, (_, n) => ({
        shop,
        language: language.get(shop.vendorId) ?? "en",
        type,
        serial: `WB-${shop.id}-${type.slice(0, 3).toUpperCase()}-${n + 1}`,
        name: `${LABELS[language.get(shop.vendorId) ?? "en"][type] ?? type} ${n + 1}`,
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
  const templates: (PriceTemplateItem & { vendorId: number })[] = [];
  for (const vendorId of vendorIds) {
    const { items } = await listPriceTemplates(db, { groupId: null, vendorId }, everyTemplate);
    templates.push(...items.map((t) => ({ ...t, vendorId })));
  }
  return templates.sort((a, b) => a.id - b.id);
}

/** What a demo machine's fleet entry says of its money: its vendor's currency and coin, its template's parameters. */
type FleetMoney = Pick<FleetEntry, "currency" | "coin" | "params">;

/**
 * Each demo machine's money as the register has it now (serial → entry fields): the currency and
 * coin of the vendor it belongs to, and the parameters of the price template it runs (as an operator
 * last assigned it), which the server pushes to a machine when a template is assigned or changed.
 */
async function fleetMoney(
  db: Db,
  planned: readonly PlannedMachine[],
  serials: ReadonlySet<string>,
): Promise<Map<string, FleetMoney>> {
  const vendorIds = [...new Set(planned.map((p) => p.shop.vendorId))];
  const placed = (await placedDevicesOfVendors(db, vendorIds)).filter((d) => serials.has(d.serial));
  const templates = new Map((await templatesOf(db, vendorIds)).map((t) => [t.id, t]));
  const templateOfDevice = new Map<number, number | null>();
  const shops = new Map(placed.map((d) => [d.shopId, d.vendorId]));
  for (const [shopId, vendorId] of shops) {
    if (shopId === null || vendorId === null) continue;
    const rows = await payableDevices(db, tenantOfVendor(vendorId), { shopId, deviceId: null });
    for (const row of rows) templateOfDevice.set(row.id, row.priceTemplateId);
  }
  const vendors = new Map<number, FleetMoney>();
  for (const vendorId of vendorIds) {
    const vendor = await findVendor(db, vendorId);
    if (!vendor) continue;
    // A vendor that set no coin leaves it out: the simulator then counts in whole units of the currency.
    const coin = vendor.coinDenomination > 0 ? { coin: vendor.coinDenomination } : {};
    vendors.set(vendorId, { currency: vendor.currency, ...coin });
  }
  const money = new Map<string, FleetMoney>();
  for (const device of placed) {
    const templateId = templateOfDevice.get(device.id);
    const template = templateId == null ? undefined : templates.get(templateId);
    money.set(device.serial, {
      ...(device.vendorId === null ? {} : vendors.get(device.vendorId)),
      ...(template ? { params: templateParams(template) } : {}),
    });
  }
  return money;
}

/**
 * About seventy machines across the demo's own shops, each with its broker secret derived from the
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
    // Each machine type runs the vendor's template for it (demo-shops.ts): the pay page shows its prices.
    const templates = await templatesOf(tx, vendorIds);
    const templateFor = (vendorId: number, type: string) => {
      const own = templates.filter((t) => t.vendorId === vendorId);
      const name = demoTemplateNameFor(type, own);
      return own.find((t) => t.model_name === name)?.id ?? null;
    };
    const endOf = subscriptionEnds(planned);
    const machines: DeviceWithSecret[] = planned.map((p, index) => ({
      vendorId: p.shop.vendorId,
      shopId: p.shop.id,
      serialNumber: p.serial,
      name: p.name,
      machineNumber: String(index + 1).padStart(2, "0"),
      machineType: p.type,
      priceTemplateId: templateFor(p.shop.vendorId, p.type),
      secret: demoMachineSecret(secretKey, p.serial),
      subscriptionExpiresAt: endOf(p),
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
 * machine whose secret matches neither (rotated since) is left out, never given a new one. Each
 * entry also carries the machine's money (issue 25): its vendor's currency and coin, and its price
 * template's parameters, so the simulated machine charges the template's price in the vendor's
 * minor unit. Nothing in the database is written. Answers null when the demo has no machines.
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
  const money = await fleetMoney(db, planned, new Set(registered.map((machine) => machine.serial)));
  const fleet: FleetEntry[] = [];
  const leftOut: string[] = [];
  for (const machine of registered) {
    if (machine.secret === null) leftOut.push(machine.serial);
    else
      fleet.push({
        serial: machine.serial,
        secret: machine.secret,
        machine_type: machine.machineType,
        // Every fifth machine a version behind, so the firmware screen's version analysis has a spread.
        firmware: fleet.length % 5 === 4 ? "2.3.7" : "2.4.1",
        ...money.get(machine.serial),
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
