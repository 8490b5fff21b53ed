import { MAX_MACHINE_WINDOWS, type TimeWindow, timePriceParams, utcOffsetMinutes } from "@washboard/shared";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.js";
import { AppError } from "../../platform/http/app-error.js";
import type { AppDeps } from "../../platform/module.js";
import { placedMachines, pushDeviceParams, reportsParams } from "../devices/public.js";
import { findVendor, tenantOfVendor } from "../tenancy/public.js";
import { machineTimePrices, priceWindows } from "./tables.js";

type WindowRow = typeof priceWindows.$inferSelect;

/** Parameters as one comparable text: keys sorted (a jsonb column gives them back in its own order). */
const canonical = (params: Record<string, number>) =>
  JSON.stringify(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)));
type Machine = Awaited<ReturnType<typeof placedMachines>>[number];

const covers = (window: WindowRow, machine: Machine) =>
  (window.shopIds.length === 0 || window.shopIds.includes(machine.shopId)) &&
  (window.machineTypes.length === 0 || window.machineTypes.includes(machine.machineType));

const asTimeWindow = (row: WindowRow): TimeWindow => ({
  days: row.days,
  fromMinute: row.fromMinute,
  toMinute: row.toMinute,
  change: row.price !== null ? { price: row.price } : { percentOff: row.percentOff ?? 0 },
});

/** The switched-on windows that cover each of the vendor's placed machines, oldest first. */
async function windowsByMachine(db: Db | Tx, vendorId: number) {
  const tenant = tenantOfVendor(vendorId);
  const [machines, windows] = await Promise.all([
    placedMachines(db, tenant),
    db
      .select()
      .from(priceWindows)
      .where(and(tenant.owns(priceWindows), eq(priceWindows.enabled, true)))
      .orderBy(priceWindows.id),
  ]);
  return machines.map((machine) => ({ machine, windows: windows.filter((w) => covers(w, machine)) }));
}

/**
 * A machine holds at most MAX_MACHINE_WINDOWS time-of-day prices: a change that would give one
 * more is refused (in the change's transaction, so nothing of it is kept).
 */
export async function assertMachinesHoldWindows(tx: Tx, vendorId: number) {
  const crowded = (await windowsByMachine(tx, vendorId)).filter((m) => m.windows.length > MAX_MACHINE_WINDOWS);
  if (crowded.length > 0) {
    throw new AppError("VALIDATION_FAILED", {
      field: "shop_ids",
      messageKey: "validation.tooManyWindows",
      message: `machines ${crowded.map((m) => m.machine.id).join(", ")} would hold more than ${MAX_MACHINE_WINDOWS}`,
    });
  }
}

/**
 * Sends each of the vendor's machines the time-of-day prices that now cover it, as parameters
 * through set-parameters, so that coins and cards at the machine pay what the pay page charges.
 * Only machines whose parameters change are sent anything; machines sharing the same parameters
 * go in one batch (an offline machine takes them from its desired shadow when it comes back). What
 * was sent, and the command, is kept per machine; whether the machine applied them is whether it
 * reports holding them.
 */
export async function pushTimePrices(
  deps: AppDeps,
  vendor: { id: number; timeZone: string },
  accountId: number | null,
  /** Also send again what a machine does not report holding (it refused, or has not come back). */
  retry = false,
  /** The moment whose UTC offsets the machines are told (a clock change's sweep). */
  now = new Date(),
): Promise<{ machines: number }> {
  const { db } = deps;
  const tenant = tenantOfVendor(vendor.id);
  const [covering, sent] = await Promise.all([
    windowsByMachine(db, vendor.id),
    db
      .select({
        deviceId: machineTimePrices.deviceId,
        params: machineTimePrices.params,
        applied: reportsParams(machineTimePrices.deviceId, machineTimePrices.params),
      })
      .from(machineTimePrices)
      .where(tenant.owns(machineTimePrices)),
  ]);
  const last = new Map(sent.filter((row) => !retry || row.applied).map((row) => [row.deviceId, canonical(row.params)]));
  const known = new Set(sent.map((row) => row.deviceId));
  const batches = new Map<string, { params: Record<string, number>; windowIds: number[]; deviceIds: number[] }>();
  for (const { machine, windows } of covering) {
    // A machine never given any, and still covered by none, needs nothing.
    if (windows.length === 0 && !known.has(machine.id)) continue;
    const params = timePriceParams(
      windows.map(asTimeWindow),
      utcOffsetMinutes(now, machine.timeZone ?? vendor.timeZone),
    );
    const key = canonical(params);
    if (last.get(machine.id) === key) continue;
    const batch = batches.get(key) ?? { params, windowIds: windows.map((w) => w.id), deviceIds: [] };
    batch.deviceIds.push(machine.id);
    batches.set(key, batch);
  }
  let machines = 0;
  for (const batch of batches.values()) {
    const commands = await pushDeviceParams(deps, tenant, accountId, batch.deviceIds, batch.params);
    const commandOf = new Map(commands.map((c) => [c.device_id, c.id]));
    await db
      .insert(machineTimePrices)
      .values(
        batch.deviceIds.map((deviceId) => ({
          deviceId,
          vendorId: vendor.id,
          windowIds: batch.windowIds,
          params: batch.params,
          commandId: commandOf.get(deviceId) ?? null,
          pushedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: machineTimePrices.deviceId,
        set: {
          windowIds: sql`excluded.window_ids`,
          params: sql`excluded.params`,
          commandId: sql`excluded.command_id`,
          pushedAt: sql`excluded.pushed_at`,
        },
      });
    machines += batch.deviceIds.length;
  }
  return { machines };
}

/** Some zones change their clocks at :30 or :45, so the sweep looks every quarter hour. */
export const CLOCK_CHANGE_SWEEP_MS = 15 * 60_000;

/**
 * A machine reads its time-of-day prices in local time from the UTC offset it was told, so when a
 * zone changes its clocks (daylight saving) its machines must be told the new offset. Every
 * vendor whose machines were given time-of-day prices is priced again for `now`; only machines
 * whose parameters changed — those whose zone's offset moved — are sent anything. Answers how
 * many machines were sent their prices.
 */
export async function resendAtClockChanges(deps: AppDeps, now = new Date()): Promise<number> {
  const vendorIds = await deps.db.selectDistinct({ id: machineTimePrices.vendorId }).from(machineTimePrices);
  let machines = 0;
  for (const { id } of vendorIds) {
    const vendor = await findVendor(deps.db, id);
    if (vendor) machines += (await pushTimePrices(deps, vendor, null, false, now)).machines;
  }
  return machines;
}
