import { randomBytes } from "node:crypto";
import { API } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { TestServer } from "../../test/harness.js";
import type { testMachines } from "../../test/machines.js";
import { devices } from "../devices/tables.js";
import { switchOn } from "../orders/test-orders.js";
import { payQrCodes } from "../payqr/tables.js";
import { priceTemplates } from "../price-templates/tables.js";
import { shops } from "../shops/tables.js";

/** Test helpers of the pay page: a shop customers pay at, and its machines. */

export interface PayPlace {
  vendorId: number;
  shopId: number;
  templateId: number;
  /** The pay QR code of the shop. */
  code: string;
  /** What names and codes of this place share, unique to the run. */
  run: string;
}

/**
 * A new shop of the vendor with a price template (`price` minor units, 30 minutes) and a pay QR
 * code, and the sandbox switched on: what a customer scans and pays.
 */
export async function payPlace(server: TestServer, vendorId: number, name: string, price = 700): Promise<PayPlace> {
  const run = randomBytes(3).toString("hex").toUpperCase();
  const { db } = server.database;
  const [shop] = await db
    .insert(shops)
    .values({ vendorId, name: `${name} ${run}`, address: "4 Jalan QR", serviceType: 1 })
    .returning();
  const [template] = await db
    .insert(priceTemplates)
    .values({ vendorId, modelName: `Wash ${run}`, displayPrice: price, price, estimatedMinutes: 30 })
    .returning();
  if (!shop || !template) throw new Error("pay place not created");
  const code = `qr${run.toLowerCase()}`;
  await db.insert(payQrCodes).values({ vendorId, code, name: `Counter ${run}`, shopId: shop.id });
  await switchOn(db, vendorId, "sandbox");
  return { vendorId, shopId: shop.id, templateId: template.id, code, run };
}

/** What the pay page shows of one machine of the place (its state, or undefined when not listed). */
export async function payState(server: TestServer, place: PayPlace, deviceId: number) {
  const { body } = await server.send(API.pay.page, { code: place.code });
  return body.result.machines.find((m) => m.id === deviceId)?.state;
}

/**
 * A simulated machine in the place, on its price template; connected and shown free on the pay page
 * unless `online` is false.
 */
export async function payMachine(
  server: TestServer,
  machines: ReturnType<typeof testMachines>,
  place: PayPlace,
  name: string,
  online = true,
) {
  const provisioned = await machines.provision(server, { vendorId: place.vendorId, shopId: place.shopId }, name);
  await server.database.db
    .update(devices)
    .set({ priceTemplateId: place.templateId, machineNumber: name })
    .where(eq(devices.id, provisioned.id));
  if (online) {
    await provisioned.device.connect();
    await expect.poll(() => payState(server, place, provisioned.id), { timeout: 10_000 }).toBe("idle");
  }
  return provisioned;
}
