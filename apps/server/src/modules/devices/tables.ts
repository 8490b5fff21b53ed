import { boolean, index, integer, pgTable, serial, timestamp, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.js";
import { priceTemplates } from "../price-templates/tables.js";
import { shops } from "../shops/tables.js";
import { vendors } from "../tenancy/tables.js";

/**
 * The device register. Ownership, shop, price template, presence and the subscription end for the
 * console's status counts; the device issue adds the shadow, cash box and firmware.
 */
export const devices = pgTable(
  "devices",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    serialNumber: varchar("serial_number", { length: 64 }).notNull().unique(),
    name: varchar("name", { length: 128 }).notNull().default(""),
    shopId: integer("shop_id").references(() => shops.id),
    priceTemplateId: integer("price_template_id").references(() => priceTemplates.id),
    machineType: varchar("machine_type", { length: 32 }).notNull(),
    online: boolean("online").notNull().default(false),
    subscriptionExpiresAt: timestamp("subscription_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("devices_vendor_idx").on(t.vendorId),
    index("devices_shop_idx").on(t.shopId),
    index("devices_price_template_idx").on(t.priceTemplateId),
  ],
);
