import { inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { devices } from "./tables.js";

/**
 * The shop of each machine, read when an event about them is published: the event names its shop, so
 * a sub-account limited to some shops hears only of their machines (platform/live/module.ts).
 */
export async function shopsOfDevices(db: Db, ids: readonly number[]): Promise<Map<number, number | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: devices.id, shopId: devices.shopId })
    .from(devices)
    .where(inArray(devices.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.shopId]));
}
