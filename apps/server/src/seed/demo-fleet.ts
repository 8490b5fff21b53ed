import fs from "node:fs";
import path from "node:path";
import { asc, inArray } from "drizzle-orm";
import { hashDeviceSecret, newDeviceSecret } from "../modules/devices/broker/device-secrets.js";
import { devices } from "../modules/devices/tables.js";
import { priceTemplates } from "../modules/price-templates/tables.js";
import { shops } from "../modules/shops/tables.js";
import { vendors } from "../modules/tenancy/tables.js";
import type { Db } from "../platform/db/client.js";
import { DEMO_VENDOR_NAMES } from "./demo.js";

/** The file the simulator reads the demo machines' credentials from (`npm start` runs it). */
export const DEMO_FLEET_FILE = "demo-fleet.json";

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
 * About thirty machines across the demo shops, each with its own broker secret, written to
 * DATA_DIR/demo-fleet.json for the simulator. Run once: a device register that already holds the
 * demo serials is left alone — unless the file was lost, when new secrets are issued and written.
 */
export async function seedDemoFleet(db: Db, dataDir: string): Promise<boolean> {
  const demoVendors = await db.select({ id: vendors.id }).from(vendors).where(inArray(vendors.name, DEMO_VENDOR_NAMES));
  if (demoVendors.length === 0) return false;
  const demoShops = await db
    .select({ id: shops.id, vendorId: shops.vendorId })
    .from(shops)
    .where(
      inArray(
        shops.vendorId,
        demoVendors.map((v) => v.id),
      ),
    )
    .orderBy(asc(shops.id));
  if (demoShops.length === 0) return false;
  const file = path.join(dataDir, DEMO_FLEET_FILE);
  const planned = demoShops.flatMap((shop, index) =>
    [...SHOP_FLOOR, ...(index === 0 ? EXTRA_IN_FIRST_SHOP : [])].flatMap(({ type, count, label }) =>
      Array.from({ length: count }, (_, n) => ({
        shop,
        type,
        serial: `WB-${shop.id}-${type.slice(0, 3).toUpperCase()}-${n + 1}`,
        name: `${label} ${n + 1}`,
      })),
    ),
  );
  const serials = planned.map((p) => p.serial);
  const existing = await db
    .select({ serial: devices.serialNumber })
    .from(devices)
    .where(inArray(devices.serialNumber, serials));
  if (existing.length === planned.length && fs.existsSync(file)) return false;

  // Washers and combos run the vendor's wash template, dryers its dry one: the pay page shows their prices.
  const templates = await db
    .select({ id: priceTemplates.id, vendorId: priceTemplates.vendorId, name: priceTemplates.modelName })
    .from(priceTemplates)
    .where(
      inArray(
        priceTemplates.vendorId,
        demoVendors.map((v) => v.id),
      ),
    )
    .orderBy(asc(priceTemplates.id));
  const templateFor = (vendorId: number, type: string) => {
    const own = templates.filter((t) => t.vendorId === vendorId);
    const dry = own.find((t) => /dry/i.test(t.name));
    if (type === "dryer") return (dry ?? own[0])?.id ?? null;
    if (type === "washer" || type === "combo") return own.find((t) => t !== dry)?.id ?? null;
    return null;
  };
  const fleet: FleetEntry[] = [];
  const inAYear = new Date(Date.now() + 365 * 86_400_000);
  for (const [index, p] of planned.entries()) {
    const secret = newDeviceSecret();
    const values = {
      vendorId: p.shop.vendorId,
      shopId: p.shop.id,
      serialNumber: p.serial,
      name: p.name,
      machineNumber: String(index + 1).padStart(2, "0"),
      machineType: p.type,
      priceTemplateId: templateFor(p.shop.vendorId, p.type),
      secretHash: hashDeviceSecret(secret),
      // A year ahead: the sign-in warning about expiring subscriptions stays quiet in the demo.
      subscriptionExpiresAt: inAYear,
    };
    await db
      .insert(devices)
      .values(values)
      .onConflictDoUpdate({ target: devices.serialNumber, set: { secretHash: values.secretHash } });
    fleet.push({ serial: p.serial, secret, machine_type: p.type, firmware: "2.4.1" });
  }
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(fleet, null, 2)}\n`, { mode: 0o600 });
  return true;
}
