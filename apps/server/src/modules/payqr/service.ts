import { randomBytes } from "node:crypto";
import {
  PAYQR_BIND_MODE,
  type PayQrDevice,
  type PayQrItem,
  type payQrBindRequest,
  payQrContent,
  type payQrCreateRequest,
  type payQrListRequest,
  type payQrListResult,
  type payQrUpdateRequest,
} from "@washboard/shared";
import { and, asc, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { isUniqueViolation, recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { nameKeyset } from "../../platform/db/name-sort.js";
import { likeText } from "../../platform/db/text-search.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import { ownVendor } from "../../platform/http/scope.js";
import { devices } from "../devices/tables.js";
import { shops } from "../shops/tables.js";
import { systemConfig } from "../system-config/tables.js";
import { payQrCodes } from "./tables.js";

type Binding = Pick<z.output<typeof payQrBindRequest>, "bind_mode" | "shop_id" | "device_id">;

/** 16 random bytes (128 bits) as base64url: 22 characters nobody can guess or enumerate. */
export const PAYQR_CODE_BYTES = 16;
export function newPayQrCode(): string {
  return randomBytes(PAYQR_CODE_BYTES).toString("base64url");
}

/** The platform's public site (system config "website"), which payment QR contents start with. */
async function website(db: Db): Promise<string> {
  const [row] = await db
    .select({ value: systemConfig.value })
    .from(systemConfig)
    .where(eq(systemConfig.name, "website"));
  return row?.value ?? "";
}

const ITEM_COLUMNS = {
  id: payQrCodes.id,
  code: payQrCodes.code,
  name: payQrCodes.name,
  bindMode: payQrCodes.bindMode,
  shopId: payQrCodes.shopId,
  shopName: shops.name,
  deviceId: payQrCodes.deviceId,
  deviceName: devices.name,
  deviceSerial: devices.serialNumber,
  remark: payQrCodes.remark,
  createdAt: payQrCodes.createdAt,
};

async function itemsOf(
  db: Db,
  where: SQL | undefined,
  limit?: number,
  orderBy: SQL[] = [desc(payQrCodes.id)],
): Promise<PayQrItem[]> {
  const query = db
    .select(ITEM_COLUMNS)
    .from(payQrCodes)
    .innerJoin(shops, eq(shops.id, payQrCodes.shopId))
    .leftJoin(devices, eq(devices.id, payQrCodes.deviceId))
    .where(where)
    .orderBy(...orderBy);
  const [rows, site] = await Promise.all([limit === undefined ? query : query.limit(limit), website(db)]);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    content: payQrContent(site, row.code),
    name: row.name,
    bind_mode: row.bindMode,
    shop_id: row.shopId,
    shop_name: row.shopName,
    device_id: row.deviceId,
    device_name: row.deviceName,
    device_serial_number: row.deviceSerial,
    remark: row.remark,
    created_at: toSeconds(row.createdAt),
  }));
}

async function itemById(db: Db, vendorId: number, id: number): Promise<PayQrItem> {
  const [item] = await itemsOf(db, and(eq(payQrCodes.id, id), eq(payQrCodes.vendorId, vendorId)));
  if (!item) throw new AppError("NOT_FOUND");
  return item;
}

export async function listPayQrCodes(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof payQrListRequest>,
): Promise<z.input<typeof payQrListResult>> {
  const vendorId = ownVendor(scope);
  const conditions: (SQL | undefined)[] = [eq(payQrCodes.vendorId, vendorId)];
  if (input.shop_id !== undefined) conditions.push(eq(payQrCodes.shopId, input.shop_id));
  if (input.bind_mode !== undefined) conditions.push(eq(payQrCodes.bindMode, input.bind_mode));
  if (input.name) conditions.push(ilike(payQrCodes.name, likeText(input.name)));
  const filtered = and(...conditions);
  const order = nameKeyset(input.sort, { id: payQrCodes.id, name: payQrCodes.name });
  const paged = input.cursor ? and(filtered, order.after(input.cursor)) : filtered;
  const rows = await itemsOf(db, paged, input.page_size + 1, order.orderBy);
  const [total] = await db.select({ n: count() }).from(payQrCodes).where(filtered);
  const { page, next } = order.page(rows, input.page_size, (row) => row);
  return { items: page, total: total?.n ?? 0, next_cursor: next };
}

/** Devices of one of the vendor's shops, for the bind dialog; another vendor's shop is not found. */
export async function bindDevices(db: Db, scope: TenantScope, shopId: number): Promise<{ devices: PayQrDevice[] }> {
  const vendorId = ownVendor(scope);
  const [shop] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.vendorId, vendorId)));
  if (!shop) throw new AppError("NOT_FOUND");
  const rows = await db
    .select({ id: devices.id, name: devices.name, serial_number: devices.serialNumber })
    .from(devices)
    .where(and(eq(devices.shopId, shopId), eq(devices.vendorId, vendorId)))
    .orderBy(asc(devices.name), asc(devices.id));
  return { devices: rows };
}

/**
 * The columns of a binding, once its shop is the vendor's and, in device mode, its device is a
 * device of that shop. Shop mode keeps no device.
 */
async function bindingColumns(db: Db, vendorId: number, input: Binding) {
  const [shop] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.id, input.shop_id), eq(shops.vendorId, vendorId)));
  if (!shop) throw new AppError("VALIDATION_FAILED", { field: "shop_id", messageKey: "payqr.errors.shopUnknown" });
  if (input.bind_mode === PAYQR_BIND_MODE.shop || input.device_id === null) {
    return { bindMode: input.bind_mode, shopId: shop.id, deviceId: null };
  }
  const [device] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.id, input.device_id), eq(devices.vendorId, vendorId), eq(devices.shopId, shop.id)));
  if (!device) {
    throw new AppError("VALIDATION_FAILED", { field: "device_id", messageKey: "payqr.errors.deviceNotOfShop" });
  }
  return { bindMode: input.bind_mode, shopId: shop.id, deviceId: device.id };
}

/** The unique constraint on the token: the one duplicate that means "draw another code", not "name taken". */
const CODE_CONSTRAINT = "pay_qr_codes_code_unique";

/** Creates a code with a fresh random token; a (practically impossible) token collision draws again. */
export async function createPayQr(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof payQrCreateRequest>,
): Promise<PayQrItem> {
  const vendorId = ownVendor(scope);
  const binding = await bindingColumns(db, vendorId, input);
  for (let attempt = 1; ; attempt++) {
    try {
      const [row] = await db
        .insert(payQrCodes)
        .values({ vendorId, code: newPayQrCode(), name: input.name, remark: input.remark, ...binding })
        .returning({ id: payQrCodes.id });
      if (!row) throw new AppError("INTERNAL_ERROR");
      return await itemById(db, vendorId, row.id);
    } catch (error) {
      const constraint = isUniqueViolation(error);
      if (constraint === CODE_CONSTRAINT && attempt < 3) continue;
      if (constraint) throw new AppError("RECORD_EXISTS", { field: "name" });
      throw error;
    }
  }
}

export async function updatePayQr(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof payQrUpdateRequest>,
): Promise<PayQrItem> {
  const vendorId = ownVendor(scope);
  const [row] = await recordExistsOnDuplicate(
    () =>
      db
        .update(payQrCodes)
        .set({ name: input.name, remark: input.remark })
        .where(and(eq(payQrCodes.id, input.id), eq(payQrCodes.vendorId, vendorId)))
        .returning({ id: payQrCodes.id }),
    "name",
  );
  if (!row) throw new AppError("NOT_FOUND");
  return itemById(db, vendorId, row.id);
}

export async function bindPayQr(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof payQrBindRequest>,
): Promise<PayQrItem> {
  const vendorId = ownVendor(scope);
  const mine = and(eq(payQrCodes.id, input.id), eq(payQrCodes.vendorId, vendorId));
  // Another vendor's code is not found before its binding is looked at.
  const [current] = await db.select({ id: payQrCodes.id }).from(payQrCodes).where(mine);
  if (!current) throw new AppError("NOT_FOUND");
  const binding = await bindingColumns(db, vendorId, input);
  const [row] = await db.update(payQrCodes).set(binding).where(mine).returning({ id: payQrCodes.id });
  if (!row) throw new AppError("NOT_FOUND");
  return itemById(db, vendorId, row.id);
}

export async function removePayQr(db: Db, scope: TenantScope, id: number): Promise<{ id: number }> {
  const [row] = await db
    .delete(payQrCodes)
    .where(and(eq(payQrCodes.id, id), eq(payQrCodes.vendorId, ownVendor(scope))))
    .returning({ id: payQrCodes.id });
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}
