import { randomBytes } from "node:crypto";
import { type OrderSource, paymentTypeOf } from "@washboard/shared";
import { devices } from "../modules/devices/tables.js";
import { type orders, PAY_STATUS } from "../modules/orders/tables.js";
import { shops } from "../modules/shops/tables.js";
import type { Database } from "../platform/db/client.js";
import { seedDemo } from "../seed/demo.js";
import { demoVendors } from "./fixtures.js";

/**
 * The small world the rollups' case tables write orders into: the demo tenant's Kuala Lumpur (KL:
 * UTC+8, MYR) with shops A and B, washers W1 and W2 in A and dryer D1 in B, and Bangkok (BKK: UTC+7,
 * THB) with shop C and washer B1. Cases name shops and machines; rollup rows are read back by name
 * ("none" for 0).
 */
export type VendorName = "KL" | "BKK";

export interface RollupWorld {
  vendorIds: Record<VendorName, number>;
  shopId(name: string | null): number | null;
  deviceId(name: string | null): number | null;
  shopName(id: number): string;
  deviceName(id: number): string;
}

/** An order as a case writes it; what it leaves out is KL's shop A, washer W1, coin, 30 minutes of "Wash". */
export interface OrderSpec {
  vendor?: VendorName;
  shop?: string | null;
  device?: string | null;
  source?: OrderSource;
  amount: number;
  /** ISO instant; null: not paid. */
  paidAt: string | null;
  /** ISO instant; the payment's by default. */
  createdAt?: string;
  minutes?: number | null;
  program?: string | null;
  refundStatus?: number;
  refundedAmount?: number;
}

/** Fills a fresh, migrated database with the world. */
export async function rollupWorld(database: Database): Promise<RollupWorld> {
  const { db } = database;
  await seedDemo(db);
  const { kl, bkk } = await demoVendors(database);
  const shopIds = new Map<string, number>();
  const deviceIds = new Map<string, number>();
  const run = randomBytes(3).toString("hex");
  for (const [name, vendorId] of [
    ["A", kl.id],
    ["B", kl.id],
    ["C", bkk.id],
  ] as const) {
    const [shop] = await db
      .insert(shops)
      .values({ vendorId, name, address: "1 Jalan Hasil", serviceType: 1 })
      .returning();
    shopIds.set(name, shop?.id ?? 0);
  }
  for (const [name, shop, machineType] of [
    ["W1", "A", "washer"],
    ["W2", "A", "washer"],
    ["D1", "B", "dryer"],
    ["B1", "C", "washer"],
  ] as const) {
    const [device] = await db
      .insert(devices)
      .values({
        vendorId: shop === "C" ? bkk.id : kl.id,
        shopId: shopIds.get(shop) ?? null,
        name,
        serialNumber: `RW${run}${name}`,
        machineType,
      })
      .returning();
    deviceIds.set(name, device?.id ?? 0);
  }
  const idOf = (ids: Map<string, number>, name: string | null) => (name === null ? null : (ids.get(name) ?? null));
  const nameOf = (ids: Map<string, number>, id: number) =>
    id === 0 ? "none" : ([...ids].find(([, known]) => known === id)?.[0] ?? `#${id}`);
  return {
    vendorIds: { KL: kl.id, BKK: bkk.id },
    shopId: (name) => idOf(shopIds, name),
    deviceId: (name) => idOf(deviceIds, name),
    shopName: (id) => nameOf(shopIds, id),
    deviceName: (id) => nameOf(deviceIds, id),
  };
}

/** The row of an order a case writes. */
export function orderValues(world: RollupWorld, spec: OrderSpec): typeof orders.$inferInsert {
  const vendor = spec.vendor ?? "KL";
  const source = spec.source ?? "coin";
  const orderNo = `RW${randomBytes(8).toString("hex")}`;
  return {
    vendorId: world.vendorIds[vendor],
    source,
    payType: paymentTypeOf(source),
    orderNo,
    payUniqueNo: orderNo,
    amount: spec.amount,
    currency: vendor === "KL" ? "MYR" : "THB",
    payStatus: spec.paidAt ? PAY_STATUS.paid : PAY_STATUS.unpaid,
    paidAt: spec.paidAt ? new Date(spec.paidAt) : null,
    shopId: world.shopId(spec.shop === undefined ? (vendor === "KL" ? "A" : "C") : spec.shop),
    deviceId: world.deviceId(spec.device === undefined ? (vendor === "KL" ? "W1" : "B1") : spec.device),
    program: spec.program === undefined ? "Wash" : spec.program,
    minutes: spec.minutes === undefined ? 30 : spec.minutes,
    createdAt: new Date(spec.createdAt ?? spec.paidAt ?? "2026-01-01T00:00:00Z"),
    ...(spec.refundStatus === undefined ? {} : { refundStatus: spec.refundStatus }),
    ...(spec.refundedAmount === undefined ? {} : { refundedAmount: spec.refundedAmount }),
  };
}

type Row = Record<string, string | number>;

/** A rollup row as a case writes it: its key without the `defaults`, its figures without the zeros; null when it counts nothing. */
export function described(key: Row, figures: Record<string, number>, defaults: Row): Row | null {
  const counted = Object.entries(figures).filter(([, value]) => value !== 0);
  if (counted.length === 0) return null;
  const shown = Object.entries(key).filter(([name, value]) => defaults[name] !== value);
  return Object.fromEntries([...shown, ...counted]);
}

/** Rows in one order, whatever order the database gave them in. */
export function sortedRows(rows: (Row | null)[]): Row[] {
  return rows
    .filter((row): row is Row => row !== null)
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}
