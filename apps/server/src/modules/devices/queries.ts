import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.js";
import { countReferring, type Ref, valueOfRow } from "../../platform/db/related.js";
import type { VendorTenant } from "../tenancy/scope.js";
import { devices } from "./tables.js";

/** What other modules may know of devices. */

/** How many devices are in the shop `ref` names. */
export const deviceCountOfShop = (ref: Ref) => countReferring(devices.shopId, ref);

/** How many devices use the price template `ref` names. */
export const deviceCountOfPriceTemplate = (ref: Ref) => countReferring(devices.priceTemplateId, ref);

/** How many devices the vendor `ref` names owns. */
export const deviceCountOfVendor = (ref: Ref) => countReferring(devices.vendorId, ref);

/** The name of the device `ref` names, per row of another module's list. */
export const deviceNameOf = (ref: Ref) => valueOfRow<string>(devices.name, devices.id, ref);

/** The serial number of the device `ref` names. */
export const deviceSerialOf = (ref: Ref) => valueOfRow<string>(devices.serialNumber, devices.id, ref);

/** The devices of one of the vendor's shops, by name. */
export function devicesOfShop(db: Db, tenant: VendorTenant, shopId: number) {
  return db
    .select({ id: devices.id, name: devices.name, serial_number: devices.serialNumber })
    .from(devices)
    .where(and(eq(devices.shopId, shopId), tenant.owns(devices)))
    .orderBy(asc(devices.name), asc(devices.id));
}

/** Whether `deviceId` is a device of the vendor in that shop. */
export async function isShopDevice(db: Db, tenant: VendorTenant, shopId: number, deviceId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.id, deviceId), tenant.owns(devices), eq(devices.shopId, shopId)));
  return row !== undefined;
}

/**
 * Puts the vendor's devices on a price template; answers the ids it changed (a device that is not
 * the vendor's is left out, so the caller can refuse the whole change in its transaction).
 */
export async function setDevicesPriceTemplate(tx: Tx, tenant: VendorTenant, deviceIds: number[], templateId: number) {
  const rows = await tx
    .update(devices)
    .set({ priceTemplateId: templateId })
    .where(and(inArray(devices.id, deviceIds), tenant.owns(devices)))
    .returning({ id: devices.id });
  return rows.map((r) => r.id);
}

/** How many devices the vendors own, and how many of them are online. */
export async function deviceCounts(db: Db, vendorIds: number[]) {
  const [row] = await db
    .select({ total: count(), online: count(sql`case when ${devices.online} then 1 end`) })
    .from(devices)
    .where(inArray(devices.vendorId, vendorIds));
  return { total: row?.total ?? 0, online: row?.online ?? 0 };
}
