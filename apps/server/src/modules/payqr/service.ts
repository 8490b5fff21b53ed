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
import { and, desc, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { isUniqueViolation, recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { nameKeyset } from "../../platform/db/keysets.js";
import { countOf, listPage, type Total } from "../../platform/db/list-page.js";
import { scalars } from "../../platform/db/related.js";
import { likeText } from "../../platform/db/text-search.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import { deviceNameOf, deviceSerialOf, devicesOfShopExpr, isShopDevice } from "../devices/public.js";
import { findVendorShop, isVendorShopExpr, shopNameOf } from "../shops/public.js";
import { systemConfigValueOf } from "../system-config/public.js";
import { type VendorTenant, vendorTenant } from "../tenancy/public.js";
import { payQrCodes } from "./tables.js";

type Binding = Pick<z.output<typeof payQrBindRequest>, "bind_mode" | "shop_id" | "device_id">;

/** 16 random bytes (128 bits) as base64url: 22 characters nobody can guess or enumerate. */
export const PAYQR_CODE_BYTES = 16;
export function newPayQrCode(): string {
  return randomBytes(PAYQR_CODE_BYTES).toString("base64url");
}

const ITEM_COLUMNS = {
  id: payQrCodes.id,
  code: payQrCodes.code,
  name: payQrCodes.name,
  bindMode: payQrCodes.bindMode,
  shopId: payQrCodes.shopId,
  shopName: shopNameOf(payQrCodes.shopId),
  deviceId: payQrCodes.deviceId,
  deviceName: deviceNameOf(payQrCodes.deviceId),
  deviceSerial: deviceSerialOf(payQrCodes.deviceId),
  remark: payQrCodes.remark,
  createdAt: payQrCodes.createdAt,
};

/**
 * Codes matching `where`, newest first, each with the platform's public site (system config
 * "website") its content starts with, and a list's `total`.
 */
async function itemsOf(
  db: Db,
  where: SQL | undefined,
  limit?: number,
  orderBy: SQL[] = [desc(payQrCodes.id)],
  total: Total = sql<number>`0`,
): Promise<{ item: PayQrItem; total: number }[]> {
  const query = db
    .select({ ...ITEM_COLUMNS, site: systemConfigValueOf("website"), total })
    .from(payQrCodes)
    .where(where)
    .orderBy(...orderBy);
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((row) => ({
    total: row.total,
    item: {
      id: row.id,
      code: row.code,
      content: payQrContent(row.site, row.code),
      name: row.name,
      bind_mode: row.bindMode,
      shop_id: row.shopId,
      // A code's shop is required (the foreign key keeps it): its name is always there.
      shop_name: row.shopName ?? "",
      device_id: row.deviceId,
      device_name: row.deviceName,
      device_serial_number: row.deviceSerial,
      remark: row.remark,
      created_at: toSeconds(row.createdAt),
    },
  }));
}

async function itemById(db: Db, tenant: VendorTenant, id: number): Promise<PayQrItem> {
  const [found] = await itemsOf(db, and(eq(payQrCodes.id, id), tenant.owns(payQrCodes)));
  if (!found) throw new AppError("NOT_FOUND");
  return found.item;
}

export async function listPayQrCodes(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof payQrListRequest>,
): Promise<z.input<typeof payQrListResult>> {
  const conditions: (SQL | undefined)[] = [vendorTenant(scope).owns(payQrCodes)];
  if (input.shop_id !== undefined) conditions.push(eq(payQrCodes.shopId, input.shop_id));
  if (input.bind_mode !== undefined) conditions.push(eq(payQrCodes.bindMode, input.bind_mode));
  if (input.name) conditions.push(ilike(payQrCodes.name, likeText(input.name)));
  const page = await listPage({
    where: and(...conditions),
    keyset: nameKeyset(
      input.sort,
      { id: payQrCodes.id, name: payQrCodes.name },
      (row: { item: PayQrItem }) => row.item,
    ),
    input,
    rows: (where, orderBy, limit, total) => itemsOf(db, where, limit, orderBy, total),
    count: countOf(payQrCodes),
  });
  return { items: page.rows.map((row) => row.item), total: page.total, next_cursor: page.next_cursor };
}

/** Devices of one of the vendor's shops, for the bind dialog; another vendor's shop is not found. */
export async function bindDevices(db: Db, scope: TenantScope, shopId: number): Promise<{ devices: PayQrDevice[] }> {
  const tenant = vendorTenant(scope);
  const found = await scalars(db, {
    isVendorShop: isVendorShopExpr(tenant, shopId),
    devices: devicesOfShopExpr(tenant, shopId),
  });
  if (!found.isVendorShop) throw new AppError("NOT_FOUND");
  return { devices: found.devices };
}

/**
 * The columns of a binding, once its shop is the vendor's and, in device mode, its device is a
 * device of that shop. Shop mode keeps no device.
 */
async function bindingColumns(db: Db, tenant: VendorTenant, input: Binding) {
  const shop = await findVendorShop(db, tenant, input.shop_id);
  if (!shop) throw new AppError("VALIDATION_FAILED", { field: "shop_id", messageKey: "payqr.errors.shopUnknown" });
  if (input.bind_mode === PAYQR_BIND_MODE.shop || input.device_id === null) {
    return { bindMode: input.bind_mode, shopId: shop.id, deviceId: null };
  }
  if (!(await isShopDevice(db, tenant, shop.id, input.device_id))) {
    throw new AppError("VALIDATION_FAILED", { field: "device_id", messageKey: "payqr.errors.deviceNotOfShop" });
  }
  return { bindMode: input.bind_mode, shopId: shop.id, deviceId: input.device_id };
}

/** The unique constraint on the token: the one duplicate that means "draw another code", not "name taken". */
const CODE_CONSTRAINT = "pay_qr_codes_code_unique";

/** Creates a code with a fresh random token; a (practically impossible) token collision draws again. */
export async function createPayQr(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof payQrCreateRequest>,
): Promise<PayQrItem> {
  const tenant = vendorTenant(scope);
  const { vendorId } = tenant;
  const binding = await bindingColumns(db, tenant, input);
  for (let attempt = 1; ; attempt++) {
    try {
      const [row] = await db
        .insert(payQrCodes)
        .values({ vendorId, code: newPayQrCode(), name: input.name, remark: input.remark, ...binding })
        .returning({ id: payQrCodes.id });
      if (!row) throw new AppError("INTERNAL_ERROR");
      return await itemById(db, tenant, row.id);
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
  const tenant = vendorTenant(scope);
  const [row] = await recordExistsOnDuplicate(
    () =>
      db
        .update(payQrCodes)
        .set({ name: input.name, remark: input.remark })
        .where(and(eq(payQrCodes.id, input.id), tenant.owns(payQrCodes)))
        .returning({ id: payQrCodes.id }),
    "name",
  );
  if (!row) throw new AppError("NOT_FOUND");
  return itemById(db, tenant, row.id);
}

export async function bindPayQr(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof payQrBindRequest>,
): Promise<PayQrItem> {
  const tenant = vendorTenant(scope);
  const mine = and(eq(payQrCodes.id, input.id), tenant.owns(payQrCodes));
  // Another vendor's code is not found before its binding is looked at.
  const [current] = await db.select({ id: payQrCodes.id }).from(payQrCodes).where(mine);
  if (!current) throw new AppError("NOT_FOUND");
  const binding = await bindingColumns(db, tenant, input);
  const [row] = await db.update(payQrCodes).set(binding).where(mine).returning({ id: payQrCodes.id });
  if (!row) throw new AppError("NOT_FOUND");
  return itemById(db, tenant, row.id);
}

export async function removePayQr(db: Db, scope: TenantScope, id: number): Promise<{ id: number }> {
  const [row] = await db
    .delete(payQrCodes)
    .where(and(eq(payQrCodes.id, id), vendorTenant(scope).owns(payQrCodes)))
    .returning({ id: payQrCodes.id });
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}
