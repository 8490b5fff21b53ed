import type { DeviceCommand } from "@washboard/device-protocol";
import { and, asc, eq, gt, inArray, not, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import type { AppDeps } from "../../platform/module.js";
import { shopTimeZoneOf } from "../shops/public.js";
import { tenantOfVendor, type VendorTenant } from "../tenancy/public.js";
import { deviceRuntime } from "./runtime.js";
import { lockedWhere } from "./subscriptions.js";
import { deviceLog, deviceShadows, devices } from "./tables.js";

/**
 * What the OTA module asks of machines (docs/ota-design.md): which it may upgrade, how they are now,
 * what they said of their updates; and it sends the upgrade notice through the command path.
 */

/** A machine a rollout may take: where it stands, what it is and which version it runs. */
export interface UpgradeCandidate {
  deviceId: number;
  shopId: number | null;
  machineType: string;
  /** "" when it never said. */
  firmware: string;
}

/** The vendor's machines, all or those named, of these shops and types (an empty list: any). */
export async function upgradeCandidates(
  db: Db,
  vendorId: number,
  filter: { deviceIds: readonly number[]; shopIds: readonly number[]; machineTypes: readonly string[] },
): Promise<UpgradeCandidate[]> {
  return db
    .select({
      deviceId: devices.id,
      shopId: devices.shopId,
      machineType: devices.machineType,
      firmware: sql<string>`coalesce(${deviceShadows.firmware}, '')`,
    })
    .from(devices)
    .leftJoin(deviceShadows, eq(deviceShadows.deviceId, devices.id))
    .where(
      and(
        tenantOfVendor(vendorId).owns(devices),
        filter.deviceIds.length > 0 ? inArray(devices.id, [...filter.deviceIds]) : undefined,
        filter.shopIds.length > 0 ? inArray(devices.shopId, [...filter.shopIds]) : undefined,
        filter.machineTypes.length > 0 ? inArray(devices.machineType, [...filter.machineTypes]) : undefined,
        // A machine expired beyond its grace period takes no firmware until it is renewed.
        not(lockedWhere(new Date())),
      ),
    )
    .orderBy(asc(devices.id));
}

/** A machine as a rollout's tick needs it now. */
export interface MachineNow {
  deviceId: number;
  serial: string;
  online: boolean;
  busy: boolean;
  firmware: string;
  /** When its last status message came (not a heartbeat). */
  statusAt: Date | null;
  /** When it was last heard from at all (an offline machine: since when it is away). */
  lastSeenAt: Date | null;
  /** Its shop's own time zone; null when the shop keeps its merchant's, or it stands in no shop. */
  shopTimeZone: string | null;
}

export async function machinesNow(db: Db, deviceIds: readonly number[]): Promise<Map<number, MachineNow>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db
    .select({
      deviceId: devices.id,
      serial: devices.serialNumber,
      online: devices.online,
      busy: sql<boolean>`coalesce(${deviceShadows.busy}, false)`,
      firmware: sql<string>`coalesce(${deviceShadows.firmware}, '')`,
      statusAt: deviceShadows.statusAt,
      lastSeenAt: deviceShadows.lastSeenAt,
      shopTimeZone: shopTimeZoneOf(devices.shopId),
    })
    .from(devices)
    .leftJoin(deviceShadows, eq(deviceShadows.deviceId, devices.id))
    .where(inArray(devices.id, [...deviceIds]));
  return new Map(rows.map((row) => [row.deviceId, row]));
}

/** A `firmware_progress` event as the device log holds it. */
export interface FirmwareProgressRecord {
  id: number;
  deviceId: number;
  details: Record<string, unknown>;
  occurredAt: Date;
  createdAt: Date;
}

/**
 * The vendor's `firmware_progress` events after the device-log id `afterId`, of these machines, in
 * id order (the log's vendor index: a tick reads what came since the last).
 */
export async function firmwareProgressAfter(
  db: Db,
  vendorId: number,
  afterId: number,
  deviceIds: readonly number[],
): Promise<FirmwareProgressRecord[]> {
  if (deviceIds.length === 0) return [];
  return db
    .select({
      id: deviceLog.id,
      deviceId: deviceLog.deviceId,
      details: deviceLog.details,
      occurredAt: deviceLog.occurredAt,
      createdAt: deviceLog.createdAt,
    })
    .from(deviceLog)
    .where(
      and(
        tenantOfVendor(vendorId).owns(deviceLog),
        gt(deviceLog.id, afterId),
        eq(deviceLog.type, "firmware_progress"),
        inArray(deviceLog.deviceId, [...deviceIds]),
      ),
    )
    .orderBy(asc(deviceLog.id));
}

export type FirmwareNotice = Omit<
  Extract<DeviceCommand, { kind: "firmware_notice" }>,
  "v" | "id" | "sent_at" | "expires_at"
>;

/**
 * Sends the upgrade notice to each machine through the command path (queued for one offline, sent
 * to one online, its answer recorded on the command): answers each machine's command id.
 */
export async function sendFirmwareNotices(
  deps: AppDeps,
  tenant: VendorTenant,
  deviceIds: readonly number[],
  notice: FirmwareNotice,
): Promise<Map<number, string>> {
  if (deviceIds.length === 0) return new Map();
  const commands = await deviceRuntime(deps).commands.issue(tenant, null, [...deviceIds], notice);
  return new Map(commands.map((command) => [command.device_id, command.id]));
}
