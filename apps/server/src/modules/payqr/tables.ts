import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, smallint, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.js";
import { devices } from "../devices/tables.js";
import { shops } from "../shops/tables.js";
import { vendors } from "../tenancy/tables.js";

/**
 * A payment QR code (spec §7 "Payqr v3"): a printed code a customer scans to pay. `code` is the
 * random, unguessable part of what the QR carries; the bind mode says whether a payment through it
 * goes to a shop or to one device of that shop.
 */
export const payQrCodes = pgTable(
  "pay_qr_codes",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    code: varchar("code", { length: 32 }).notNull().unique(),
    name: varchar("name", { length: 64 }).notNull(),
    /** 1 bound to a shop, 2 bound to a device. */
    bindMode: smallint("bind_mode").notNull().default(1),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    deviceId: integer("device_id").references(() => devices.id),
    remark: varchar("remark", { length: 255 }).notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("pay_qr_codes_vendor_name_uq").on(t.vendorId, sql`lower(${t.name})`),
    index("pay_qr_codes_vendor_idx").on(t.vendorId, t.id),
    index("pay_qr_codes_shop_idx").on(t.shopId),
    index("pay_qr_codes_device_idx").on(t.deviceId),
  ],
);
