import { type BrokerRiskName, LEVEL, SUBSCRIPTION_WARNING_DAYS } from "@washboard/shared";
import { type AnyColumn, and, asc, count, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../platform/db/client.js";
import { qualified } from "../../platform/db/qualified.js";
import { countReferring, type Ref, refSql, scalar, valueOfRow } from "../../platform/db/related.js";
import { AppError } from "../../platform/http/app-error.js";
import type { AppDeps } from "../../platform/module.js";
import { findVendorShop, shopNameOf, shopTimeZoneOf } from "../shops/public.js";
import { tenantOfVendor, type VendorTenant } from "../tenancy/public.js";
import type { CommandView } from "./commands/command-view.js";
import { deviceRuntime } from "./runtime.js";
import { deviceCommands, deviceLog, deviceShadows, devices } from "./tables.js";

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

/** The machine type of the device `ref` names (a coupon's wash and dry counts read it). */
export const deviceMachineTypeOf = (ref: Ref) => valueOfRow<string>(devices.machineType, devices.id, ref);

/** The devices of one of the vendor's shops, by name, as one JSON value (read with others in one statement). */
export function devicesOfShopExpr(tenant: VendorTenant, shopId: number) {
  return sql<{ id: number; name: string; serial_number: string }[]>`(select coalesce(json_agg(json_build_object(
      'id', ${qualified(devices.id)}, 'name', ${qualified(devices.name)}, 'serial_number', ${qualified(devices.serialNumber)})
      order by ${qualified(devices.name)}, ${qualified(devices.id)}), '[]'::json)
    from ${devices} where ${qualified(devices.shopId)} = ${shopId} and ${tenant.owns(devices)})`;
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

/**
 * How many devices the vendors own, by state and by type: online, busy and faulted (online ones), and
 * each machine type's count and online count. One grouped query.
 */
/** The machines of one type: how many, and how many are online, unknown, busy and at fault. */
export interface DeviceTypeCounts {
  machine_type: string;
  total: number;
  online: number;
  unknown: number;
  busy: number;
  fault: number;
}

/**
 * The machines of the vendors `vendorIs` selects (given the devices' vendor column), counted by
 * type, as one JSON value: to read with other figures in one statement (`deviceCountsFrom` sums it).
 */
export function deviceCountsOf(vendorIs: (vendorColumn: AnyPgColumn) => SQL): SQL<DeviceTypeCounts[]> {
  const d = (column: AnyColumn) => qualified(column);
  return sql<DeviceTypeCounts[]>`(select coalesce(json_agg(json_build_object('machine_type', t.machine_type,
      'total', t.total, 'online', t.online, 'unknown', t.unknown, 'busy', t.busy, 'fault', t.fault)
      order by t.machine_type), '[]'::json)
    from (select ${d(devices.machineType)} as machine_type, count(*)::int as total,
        count(*) filter (where ${d(devices.online)})::int as online,
        count(*) filter (where ${d(devices.presence)} = 'unknown')::int as unknown,
        count(*) filter (where ${d(devices.online)} and ${d(deviceShadows.busy)})::int as busy,
        count(*) filter (where ${d(devices.online)} and ${d(deviceShadows.faultCode)} is not null)::int as fault
      from ${devices} left join ${deviceShadows} on ${d(deviceShadows.deviceId)} = ${d(devices.id)}
      where ${vendorIs(devices.vendorId)}
      group by ${d(devices.machineType)}) as t)`;
}

/** What the dashboards show of machines, from their counts by type. */
export function deviceCountsFrom(rows: readonly DeviceTypeCounts[]) {
  const sum = (pick: (row: DeviceTypeCounts) => number) => rows.reduce((n, row) => n + pick(row), 0);
  const total = sum((r) => r.total);
  const online = sum((r) => r.online);
  return {
    total,
    online,
    states: {
      online,
      offline: total - online,
      unknown: sum((r) => r.unknown),
      busy: sum((r) => r.busy),
      fault: sum((r) => r.fault),
    },
    types: rows.map((r) => ({ machine_type: r.machine_type, count: r.total, online: r.online })),
  };
}

/** `shopIds`: of a sub-account limited to some shops, only their machines (null: every machine). */
const inShopsOf = (shopIds: readonly number[] | null) =>
  shopIds === null ? undefined : shopIds.length > 0 ? inArray(devices.shopId, [...shopIds]) : sql`false`;

export async function deviceCounts(db: Db, vendorIds: number[], shopIds: readonly number[] | null = null) {
  return deviceCountsFrom(
    await scalar(
      db,
      deviceCountsOf((vendor) => and(inArray(vendor, vendorIds), inShopsOf(shopIds)) as SQL),
    ),
  );
}

/** Which devices a bulk call goes to: a selection, or every device of one shop. */
export type Targets = { device_ids?: number[] | undefined; shop_id?: number | undefined };

/** How the operation log names a bulk call's devices: one device, a whole shop, or how many. */
export function commandTarget(targets: Targets): string {
  if (targets.shop_id !== undefined) return `shop:${targets.shop_id}`;
  if (targets.device_ids?.length === 1) return `device:${targets.device_ids[0]}`;
  return `devices:${targets.device_ids?.length ?? 0}`;
}

/** The ids of the tenant's devices whose `column` is `value`. */
async function idsOfDevicesWhere(
  db: Db | Tx,
  tenant: VendorTenant,
  column: typeof devices.shopId | typeof devices.priceTemplateId,
  value: number,
) {
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(column, value), tenant.owns(devices)));
  return rows.map((r) => r.id);
}

/**
 * The ids of the tenant's devices in one of its shops (a bulk call to a whole shop). A shop that is
 * not the tenant's is not found — as an id-taking call answers — rather than a shop of no machines.
 */
export async function deviceIdsOfShop(db: Db | Tx, tenant: VendorTenant, shopId: number): Promise<number[]> {
  if (!(await findVendorShop(db, tenant, shopId))) throw new AppError("NOT_FOUND", { field: "shop_id" });
  return idsOfDevicesWhere(db, tenant, devices.shopId, shopId);
}

/** The ids of the tenant's devices running a price template. */
export const deviceIdsOfPriceTemplate = (db: Db, tenant: VendorTenant, templateId: number) =>
  idsOfDevicesWhere(db, tenant, devices.priceTemplateId, templateId);

/**
 * Sends parameters to the tenant's devices, as the operator's set-parameters call does: a command
 * per device with its outcome, and the desired shadow.
 */
export function pushDeviceParams(
  deps: AppDeps,
  tenant: VendorTenant,
  accountId: number | null,
  deviceIds: number[],
  params: Record<string, number>,
): Promise<CommandView[]> {
  return deviceRuntime(deps).setParams(tenant, accountId, deviceIds, params);
}

/**
 * Whether the machine `device` names reports holding every parameter of `params` (a jsonb column or
 * value of another module's row): it applied them, whether from the command or, offline then, from
 * its desired shadow when it came back.
 */
export function reportsParams(device: Ref, params: Ref): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${deviceShadows} where ${qualified(deviceShadows.deviceId)} = ${refSql(device)}
    and ${qualified(deviceShadows.paramsReported)} @> ${refSql(params)})`;
}

/** How commands ended (or that they have not): state and the device's reason, by command id. */
export async function commandOutcomes(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, { state: string; reason: string | null }>();
  const rows = await db
    .select({ id: deviceCommands.id, state: deviceCommands.state, reason: deviceCommands.reason })
    .from(deviceCommands)
    .where(inArray(deviceCommands.id, [...ids]));
  return new Map(rows.map((row) => [row.id, { state: row.state, reason: row.reason }]));
}

/**
 * The machines a customer may pay for at a place: one device, or every device of a shop, with the
 * state the gateway keeps and the price template each runs.
 */
export async function payableDevices(db: Db, tenant: VendorTenant, where: { shopId: number; deviceId: number | null }) {
  return db
    .select({
      id: devices.id,
      name: devices.name,
      machineNumber: devices.machineNumber,
      machineType: devices.machineType,
      shopId: devices.shopId,
      online: devices.online,
      busy: deviceShadows.busy,
      faultCode: deviceShadows.faultCode,
      priceTemplateId: devices.priceTemplateId,
    })
    .from(devices)
    .leftJoin(deviceShadows, eq(deviceShadows.deviceId, devices.id))
    .where(
      and(
        tenant.owns(devices),
        eq(devices.shopId, where.shopId),
        where.deviceId === null ? undefined : eq(devices.id, where.deviceId),
      ),
    )
    .orderBy(asc(devices.machineNumber), asc(devices.id));
}

/** The tenant's machines that stand in a shop, with the shop's own zone (null: the vendor's). */
export async function placedMachines(db: Db | Tx, tenant: VendorTenant) {
  const rows = await db
    .select({
      id: devices.id,
      shopId: devices.shopId,
      machineType: devices.machineType,
      timeZone: shopTimeZoneOf(devices.shopId),
    })
    .from(devices)
    .where(and(tenant.owns(devices), isNotNull(devices.shopId)))
    .orderBy(asc(devices.id));
  return rows.flatMap((row) => (row.shopId === null ? [] : [{ ...row, shopId: row.shopId }]));
}

/** A machine of the tenant as a price is asked for it: its shop, type and price template. */
export async function machineToPrice(db: Db, tenant: VendorTenant, deviceId: number) {
  const [row] = await db
    .select({
      id: devices.id,
      shopId: devices.shopId,
      machineType: devices.machineType,
      priceTemplateId: devices.priceTemplateId,
    })
    .from(devices)
    .where(and(tenant.owns(devices), eq(devices.id, deviceId)));
  return row;
}

/** A claimed machine by its serial number (a customer scanning its sticker): its vendor and shop. */
export async function deviceBySerial(db: Db, serial: string) {
  const [row] = await db
    .select({ id: devices.id, vendorId: devices.vendorId, shopId: devices.shopId })
    .from(devices)
    .where(eq(devices.serialNumber, serial));
  return row?.vendorId && row.shopId ? { id: row.id, vendorId: row.vendorId, shopId: row.shopId } : undefined;
}

/** The vendors' machines that stand in a shop, by id (for the demo's order seed). */
export function placedDevicesOfVendors(db: Db, vendorIds: readonly number[]) {
  return db
    .select({
      id: devices.id,
      vendorId: devices.vendorId,
      shopId: devices.shopId,
      type: devices.machineType,
      serial: devices.serialNumber,
    })
    .from(devices)
    .where(and(inArray(devices.vendorId, [...vendorIds]), isNotNull(devices.shopId)))
    .orderBy(asc(devices.id));
}

/**
 * The vendors' machines that need someone (the dashboard's "needs attention"): faulted while online,
 * offline, or with a subscription ending within SUBSCRIPTION_WARNING_DAYS — faults first, then the
 * longest offline, then the soonest to expire.
 */
export async function devicesNeedingAttention(
  db: Db,
  vendorIds: readonly number[],
  limit: number,
  shopIds: readonly number[] | null = null,
) {
  if (vendorIds.length === 0) return [];
  const kind = sql<"fault" | "offline" | "expiring">`case
    when ${devices.online} and ${deviceShadows.faultCode} is not null then 'fault'
    when not ${devices.online} then 'offline'
    else 'expiring' end`;
  const rows = await db
    .select({
      id: devices.id,
      name: devices.name,
      serial: devices.serialNumber,
      shopName: shopNameOf(devices.shopId),
      machineType: devices.machineType,
      kind,
      fault: deviceShadows.faultCode,
      lastSeenAt: deviceShadows.lastSeenAt,
      expiresAt: devices.subscriptionExpiresAt,
    })
    .from(devices)
    .leftJoin(deviceShadows, eq(deviceShadows.deviceId, devices.id))
    .where(
      and(
        inArray(devices.vendorId, [...vendorIds]),
        inShopsOf(shopIds),
        sql`((${devices.online} and ${deviceShadows.faultCode} is not null) or not ${devices.online}
          or ${devices.subscriptionExpiresAt} < now() + make_interval(days => ${SUBSCRIPTION_WARNING_DAYS}))`,
      ),
    )
    .orderBy(
      sql`case ${kind} when 'fault' then 0 when 'offline' then 1 else 2 end`,
      asc(deviceShadows.lastSeenAt),
      asc(devices.subscriptionExpiresAt),
      asc(devices.id),
    )
    .limit(limit);
  return rows;
}

/** The vendor's machines for its revenue reports (of one shop when given), by shop and name. */
export function vendorDevicesForReports(db: Db, vendorId: number, shopId?: number, deviceId?: number) {
  return db
    .select({
      id: devices.id,
      name: devices.name,
      serial: devices.serialNumber,
      type: devices.machineType,
      shopName: shopNameOf(devices.shopId),
    })
    .from(devices)
    .where(
      and(
        tenantOfVendor(vendorId).owns(devices),
        shopId === undefined ? undefined : eq(devices.shopId, shopId),
        deviceId === undefined ? undefined : eq(devices.id, deviceId),
      ),
    )
    .orderBy(asc(devices.shopId), asc(devices.name), asc(devices.id));
}

/** How many events of a type a machine reported over a period, and the sum of their amounts. */
export interface EventSum {
  count: number;
  amount: number;
}

/**
 * Per machine of the vendor, what it reported over a period from the device log (a kiosk's top-ups,
 * an exchanger's change, the cash put in): machine → event type → count and amount.
 */
export async function deviceEventSums(
  db: Db,
  vendorId: number,
  between: { from: Date; to: Date },
  types: readonly string[],
  deviceIds: readonly number[],
): Promise<Map<number, Map<string, EventSum>>> {
  const sums = new Map<number, Map<string, EventSum>>();
  if (deviceIds.length === 0) return sums;
  const rows = await db
    .select({
      deviceId: deviceLog.deviceId,
      type: deviceLog.type,
      count: sql<number>`count(*)::int`.mapWith(Number),
      amount: sql<number>`coalesce(sum((${deviceLog.details} ->> 'amount')::bigint), 0)`.mapWith(Number),
    })
    .from(deviceLog)
    .where(
      and(
        tenantOfVendor(vendorId).owns(deviceLog),
        inArray(deviceLog.type, [...types]),
        sql`${deviceLog.occurredAt} >= ${between.from.toISOString()}::timestamptz`,
        sql`${deviceLog.occurredAt} < ${between.to.toISOString()}::timestamptz`,
        inArray(deviceLog.deviceId, [...deviceIds]),
      ),
    )
    .groupBy(deviceLog.deviceId, deviceLog.type);
  for (const row of rows) {
    const byType = sums.get(row.deviceId) ?? new Map<string, EventSum>();
    byType.set(row.type, { count: row.count, amount: row.amount });
    sums.set(row.deviceId, byType);
  }
  return sums;
}

/** How many of the vendor's machines stand in each of its shops. */
export async function deviceCountsByShop(db: Db, vendorId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ shopId: devices.shopId, n: count() })
    .from(devices)
    .where(and(tenantOfVendor(vendorId).owns(devices), isNotNull(devices.shopId)))
    .groupBy(devices.shopId);
  return new Map(rows.map((r) => [r.shopId as number, r.n]));
}

/**
 * Commands sent to each of the vendor's machines between two instants, and how they ended (the device
 * operations report): every machine of the vendor (of one shop) appears, with zeros when idle.
 */
export async function deviceOperationCounts(
  db: Db,
  vendorId: number,
  between: { from: Date; to: Date },
  shopId?: number,
  deviceId?: number,
) {
  const inPeriod = and(
    eq(deviceCommands.deviceId, devices.id),
    sql`${deviceCommands.createdAt} >= ${between.from.toISOString()}::timestamptz`,
    sql`${deviceCommands.createdAt} < ${between.to.toISOString()}::timestamptz`,
  );
  const counted = (condition?: SQL) =>
    sql<number>`count(${deviceCommands.id}) filter (where ${condition ?? sql`true`})::int`.mapWith(Number);
  return db
    .select({
      id: devices.id,
      name: devices.name,
      serial: devices.serialNumber,
      shopName: shopNameOf(devices.shopId),
      commands: counted(),
      succeeded: counted(eq(deviceCommands.state, "succeeded")),
      failed: counted(inArray(deviceCommands.state, ["failed", "timed_out", "expired"])),
      restarts: counted(eq(deviceCommands.kind, "restart")),
      remoteStarts: counted(eq(deviceCommands.kind, "remote_start")),
      cashbox: counted(inArray(deviceCommands.kind, ["cashbox_audit", "cashbox_reset"])),
      parameters: counted(eq(deviceCommands.kind, "set_params")),
    })
    .from(devices)
    .leftJoin(deviceCommands, inPeriod)
    .where(
      and(
        tenantOfVendor(vendorId).owns(devices),
        shopId === undefined ? undefined : eq(devices.shopId, shopId),
        deviceId === undefined ? undefined : eq(devices.id, deviceId),
      ),
    )
    .groupBy(devices.id)
    .orderBy(asc(devices.shopId), asc(devices.name), asc(devices.id));
}

/**
 * What the start-up check found wrong with the machines' broker, for those who run the install:
 * main administrators of a vendor or a group (levels 3 and 6); nobody else is told.
 */
export function brokerRisksFor(deps: AppDeps, level: number): BrokerRiskName[] {
  return level === LEVEL.VENDOR_ADMIN || level === LEVEL.GROUP_ADMIN ? deviceRuntime(deps).brokerRisks() : [];
}

/** How many of a vendor's machines of each type run each firmware version, and how many are online. */
export interface FirmwareVersionCount {
  machineType: string;
  /** "" for machines that never reported one. */
  firmware: string;
  devices: number;
  online: number;
}

/**
 * The firmware versions the vendor's machines run (of one shop, when named), by machine type: the
 * OTA screens' version analysis, one grouped statement over the register and the shadows.
 */
export async function firmwareVersionCounts(
  db: Db,
  vendorId: number,
  shopId?: number,
): Promise<FirmwareVersionCount[]> {
  const firmware = sql<string>`coalesce(${deviceShadows.firmware}, '')`;
  return db
    .select({
      machineType: devices.machineType,
      firmware,
      devices: sql<number>`count(*)::int`.mapWith(Number),
      online: sql<number>`count(*) filter (where ${devices.online})::int`.mapWith(Number),
    })
    .from(devices)
    .leftJoin(deviceShadows, eq(deviceShadows.deviceId, devices.id))
    .where(and(tenantOfVendor(vendorId).owns(devices), shopId === undefined ? undefined : eq(devices.shopId, shopId)))
    .groupBy(devices.machineType, firmware)
    .orderBy(asc(devices.machineType), firmware);
}

/**
 * How many of a vendor's machines of the given types run a firmware version, per row of another
 * module's list (a firmware package's "machines on this version"), in the list's own statement.
 */
export function deviceCountOnFirmware(vendor: Ref, version: Ref, machineTypes: Ref): SQL<number> {
  return sql<number>`(select count(*)::int from ${devices} join ${deviceShadows} on ${qualified(deviceShadows.deviceId)} = ${qualified(devices.id)} where ${qualified(devices.vendorId)} = ${refSql(vendor)} and ${qualified(deviceShadows.firmware)} = ${refSql(version)} and ${qualified(devices.machineType)} = any(${refSql(machineTypes)}))`.mapWith(
    Number,
  );
}
