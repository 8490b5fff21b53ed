import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.js";
import { machineHolds } from "./tables.js";

export interface MachineHold {
  deviceId: number;
  vendorId: number;
  orderNo: string;
  expiresAt: Date;
}

/**
 * Holds a machine for one payment, or answers false when another live hold has it. One statement
 * decides: a row of a lapsed hold is taken over, a live one is left as it is, and of parallel
 * callers the row's lock lets exactly one through.
 */
export async function holdMachine(tx: Db | Tx, hold: MachineHold): Promise<boolean> {
  const taken = await tx
    .insert(machineHolds)
    .values(hold)
    .onConflictDoUpdate({
      target: machineHolds.deviceId,
      set: {
        vendorId: sql`excluded.vendor_id`,
        orderNo: sql`excluded.order_no`,
        expiresAt: sql`excluded.expires_at`,
      },
      setWhere: lte(machineHolds.expiresAt, sql`now()`),
    })
    .returning({ deviceId: machineHolds.deviceId });
  return taken.length === 1;
}

/** Keeps a paid order's machine held while its start is on the way (a payment just before expiry). */
export async function extendMachineHold(tx: Db | Tx, orderNo: string, seconds: number): Promise<void> {
  await tx
    .update(machineHolds)
    .set({ expiresAt: sql`greatest(${machineHolds.expiresAt}, now() + ${`${seconds} seconds`}::interval)` })
    .where(eq(machineHolds.orderNo, orderNo));
}

/** Ends the hold of an order's payment (cancelled, closed, or its start went one way or the other). */
export async function releaseMachineHold(tx: Db | Tx, orderNo: string): Promise<void> {
  await tx.delete(machineHolds).where(eq(machineHolds.orderNo, orderNo));
}

/** Which of these machines are held for a payment right now. */
export async function heldMachineIds(db: Db, deviceIds: readonly number[]): Promise<Set<number>> {
  if (deviceIds.length === 0) return new Set();
  const rows = await db
    .select({ deviceId: machineHolds.deviceId })
    .from(machineHolds)
    .where(and(inArray(machineHolds.deviceId, [...deviceIds]), gt(machineHolds.expiresAt, sql`now()`)));
  return new Set(rows.map((row) => row.deviceId));
}
