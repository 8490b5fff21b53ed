import type { deviceLogRequest, deviceLogResult } from "@washboard/shared";
import { and, count, eq, gte, lt, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { idKeyset } from "../../platform/db/keysets.js";
import { countFrom, listPage, rowsFrom } from "../../platform/db/list-page.js";
import type { TenantScope } from "../../platform/http/context.js";
import { shopNameOf } from "../shops/public.js";
import { vendorTenant } from "../tenancy/public.js";
import { deviceLog, devices } from "./tables.js";

const columns = {
  id: deviceLog.id,
  deviceId: deviceLog.deviceId,
  deviceName: devices.name,
  serialNumber: devices.serialNumber,
  shopName: shopNameOf(devices.shopId),
  type: deviceLog.type,
  details: deviceLog.details,
  occurredAt: deviceLog.occurredAt,
};

/** The device log of the vendor's machines, newest first (by id: rows are appended as they arrive). */
export async function listDeviceLog(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof deviceLogRequest>,
): Promise<z.input<typeof deviceLogResult>> {
  const conditions: (SQL | undefined)[] = [vendorTenant(scope).owns(deviceLog)];
  if (input.device_id !== undefined) conditions.push(eq(deviceLog.deviceId, input.device_id));
  if (input.shop_id !== undefined) conditions.push(eq(devices.shopId, input.shop_id));
  if (input.type !== undefined) conditions.push(eq(deviceLog.type, input.type));
  if (input.from !== undefined) conditions.push(gte(deviceLog.occurredAt, new Date(input.from * 1000)));
  if (input.to !== undefined) conditions.push(lt(deviceLog.occurredAt, new Date((input.to + 1) * 1000)));
  const where = and(...conditions);
  const page = await listPage({
    where,
    keyset: idKeyset(deviceLog.id, (row: { id: number }) => row.id),
    input,
    rows: rowsFrom((total) =>
      db
        .select({ ...columns, total })
        .from(deviceLog)
        .innerJoin(devices, eq(devices.id, deviceLog.deviceId)),
    ),
    count: countFrom(() =>
      db.select({ n: count() }).from(deviceLog).innerJoin(devices, eq(devices.id, deviceLog.deviceId)),
    ),
  });
  return {
    items: page.rows.map((row) => ({
      id: row.id,
      device_id: row.deviceId,
      device_name: row.deviceName,
      serial_number: row.serialNumber,
      shop_name: row.shopName,
      type: row.type,
      details: row.details,
      occurred_at: toSeconds(row.occurredAt),
    })),
    total: page.total,
    next_cursor: page.next_cursor,
  };
}
