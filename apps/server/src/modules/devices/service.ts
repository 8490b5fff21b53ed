import {
  type commandListRequest,
  type commandListResult,
  type DeviceQrItem,
  type deviceListRequest,
  type deviceListResult,
  devicePayContent,
  type wildDeviceListRequest,
} from "@washboard/shared";
import { and, count, eq, getTableColumns, ilike, inArray, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db, SelectedFields } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { idKeyset, nameKeyset } from "../../platform/db/keysets.js";
import { countFrom, countOf, listPage, type NoColumns, type RowOf, rowsFrom } from "../../platform/db/list-page.js";
import { likeText } from "../../platform/db/text-search.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import { findVendorShop, shopNameOf } from "../shops/public.js";
import { systemConfigValueOf } from "../system-config/public.js";
import { tenantWhere, type VendorTenant, vendorTenant } from "../tenancy/public.js";
import { commandView } from "./commands/command-view.js";
import { priceTemplateFacts } from "./ports.js";
import { expiredWhere, expiringWhere } from "./subscriptions.js";
import { deviceCommands, deviceShadows, devices } from "./tables.js";

/** A device row of the lists (a function: the price template's name comes through a port wired at build). */
const itemColumns = () => ({
  id: devices.id,
  serialNumber: devices.serialNumber,
  name: devices.name,
  machineNumber: devices.machineNumber,
  machineType: devices.machineType,
  shopId: devices.shopId,
  shopName: shopNameOf(devices.shopId),
  priceTemplateId: devices.priceTemplateId,
  priceTemplateName: priceTemplateFacts.use().nameOf(devices.priceTemplateId),
  online: devices.online,
  presence: devices.presence,
  subscriptionExpiresAt: devices.subscriptionExpiresAt,
  busy: deviceShadows.busy,
  faultCode: deviceShadows.faultCode,
  firmware: deviceShadows.firmware,
  cashboxCurrent: deviceShadows.cashboxCurrent,
  cashboxCumulative: deviceShadows.cashboxCumulative,
  paramsReported: deviceShadows.paramsReported,
  paramsDesired: deviceShadows.paramsDesired,
  responding: deviceShadows.responding,
  lastSeenAt: deviceShadows.lastSeenAt,
});

/** Devices with their shadows (and `more` columns: a list's total). */
function selectDevices<More extends SelectedFields>(db: Db, more = {} as More) {
  // A device that never spoke has no shadow row yet: it shows as never seen.
  return db
    .select({ ...itemColumns(), ...more })
    .from(devices)
    .leftJoin(deviceShadows, eq(deviceShadows.deviceId, devices.id));
}

type DeviceRow = RowOf<ReturnType<typeof selectDevices<NoColumns>>>;

function toItem(row: DeviceRow) {
  return {
    id: row.id,
    serial_number: row.serialNumber,
    name: row.name,
    machine_number: row.machineNumber,
    machine_type: row.machineType,
    shop_id: row.shopId,
    shop_name: row.shopName,
    price_template_id: row.priceTemplateId,
    price_template_name: row.priceTemplateName,
    online: row.online,
    presence: row.presence,
    busy: row.busy ?? false,
    fault_code: row.faultCode,
    firmware: row.firmware ?? "",
    cashbox_current: row.cashboxCurrent ?? 0,
    cashbox_cumulative: row.cashboxCumulative ?? 0,
    params_reported: row.paramsReported ?? {},
    params_desired: row.paramsDesired ?? {},
    responding: row.responding ?? true,
    last_seen_at: toSeconds(row.lastSeenAt),
    subscription_expires_at: toSeconds(row.subscriptionExpiresAt),
  };
}

type ListInput = Partial<z.output<typeof deviceListRequest>> & { wild?: boolean };

function filters(tenant: VendorTenant, input: ListInput, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [tenant.owns(devices)];
  if (input.wild) conditions.push(isNull(devices.shopId));
  if (input.shop_id !== undefined) conditions.push(eq(devices.shopId, input.shop_id));
  if (input.machine_type !== undefined) conditions.push(eq(devices.machineType, input.machine_type));
  if (input.online !== undefined) conditions.push(eq(devices.online, input.online));
  if (input.busy !== undefined) conditions.push(eq(deviceShadows.busy, input.busy));
  if (input.fault === true) conditions.push(isNotNull(deviceShadows.faultCode));
  if (input.fault === false) conditions.push(isNull(deviceShadows.faultCode));
  if (input.subscription === "expired") conditions.push(expiredWhere(now));
  if (input.subscription === "expiring") conditions.push(expiringWhere(now));
  if (input.search) {
    const text = likeText(input.search);
    conditions.push(
      or(ilike(devices.serialNumber, text), ilike(devices.name, text), ilike(devices.machineNumber, text)),
    );
  }
  return and(...conditions);
}

export async function listDevices(
  db: Db,
  scope: TenantScope,
  input: ListInput & { cursor?: string | undefined; page_size: number },
  now = new Date(),
): Promise<z.input<typeof deviceListResult>> {
  const tenant = vendorTenant(scope);
  const where = filters(tenant, input, now);
  const page = await listPage({
    where,
    keyset: nameKeyset("name_asc", { id: devices.id, name: devices.name }, (row: DeviceRow) => row),
    input,
    rows: rowsFrom((total) => selectDevices(db, { total })),
    count: countFrom(() =>
      db.select({ n: count() }).from(devices).leftJoin(deviceShadows, eq(deviceShadows.deviceId, devices.id)),
    ),
  });
  return { items: page.rows.map(toItem), total: page.total, next_cursor: page.next_cursor };
}

export async function listCommands(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof commandListRequest>,
): Promise<z.input<typeof commandListResult>> {
  const tenant = vendorTenant(scope);
  const conditions: (SQL | undefined)[] = [tenant.owns(deviceCommands)];
  if (input.device_id !== undefined) conditions.push(eq(deviceCommands.deviceId, input.device_id));
  if (input.batch_id !== undefined) conditions.push(eq(deviceCommands.batchId, input.batch_id));
  if (input.state !== undefined) conditions.push(eq(deviceCommands.state, input.state));
  const where = and(...conditions);
  const page = await listPage({
    where,
    keyset: idKeyset(deviceCommands.seq, (row: typeof deviceCommands.$inferSelect) => row.seq),
    input,
    rows: rowsFrom((total) => db.select({ ...getTableColumns(deviceCommands), total }).from(deviceCommands)),
    count: countOf(deviceCommands),
  });
  return { items: page.rows.map(commandView), total: page.total, next_cursor: page.next_cursor };
}

/** The vendor's devices in no shop, by name: they connect, but no shop (or price) is theirs yet. */
export async function listWildDevices(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof wildDeviceListRequest>,
): Promise<z.input<typeof deviceListResult>> {
  return listDevices(db, scope, { ...input, wild: true });
}

/** One of the tenant's devices as the list shows it. */
export async function deviceItemById(db: Db, tenant: VendorTenant, id: number) {
  const [row] = await selectDevices(db).where(and(eq(devices.id, id), tenant.owns(devices)));
  if (!row) throw new AppError("NOT_FOUND");
  return toItem(row);
}

/** Places the vendor's device in one of its shops (the shop must be the vendor's too). */
export async function bindDeviceShop(db: Db, scope: TenantScope, deviceId: number, shopId: number) {
  const tenant = vendorTenant(scope);
  if (!(await findVendorShop(db, tenant, shopId))) throw new AppError("NOT_FOUND", { field: "shop_id" });
  const [row] = await db
    .update(devices)
    .set({ shopId })
    .where(and(eq(devices.id, deviceId), tenant.owns(devices)))
    .returning({ id: devices.id });
  if (!row) throw new AppError("NOT_FOUND", { field: "device_id" });
  return deviceItemById(db, tenant, deviceId);
}

/**
 * The group takes a device of one of its vendors out of its shop: a wild device again, and without
 * the shop's price template. Another group's device is not there.
 */
export async function unbindDevice(db: Db, scope: TenantScope, deviceId: number) {
  const [row] = await db
    .update(devices)
    .set({ shopId: null, priceTemplateId: null })
    .where(
      and(
        eq(devices.id, deviceId),
        tenantWhere(scope, { vendorId: devices.vendorId, shopId: devices.shopId }, { groupVendors: true }),
      ),
    )
    .returning({ id: devices.id });
  if (!row) throw new AppError("NOT_FOUND", { field: "device_id" });
  return { id: row.id };
}

/** The QR stickers of the tenant's devices, in the order asked; NOT_FOUND when any is not its. */
export async function deviceQrCodes(db: Db, scope: TenantScope, deviceIds: number[]): Promise<DeviceQrItem[]> {
  const tenant = vendorTenant(scope);
  const ids = [...new Set(deviceIds)];
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: devices.id,
      serial: devices.serialNumber,
      name: devices.name,
      machineNumber: devices.machineNumber,
      shopName: shopNameOf(devices.shopId),
      website: systemConfigValueOf("website"),
    })
    .from(devices)
    .where(and(inArray(devices.id, ids), tenant.owns(devices)));
  if (rows.length !== ids.length) throw new AppError("NOT_FOUND", { field: "device_ids" });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          {
            id,
            serial_number: row.serial,
            name: row.name,
            machine_number: row.machineNumber,
            shop_name: row.shopName,
            content: devicePayContent(row.website, row.serial),
          },
        ]
      : [];
  });
}
