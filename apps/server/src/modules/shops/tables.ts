import type { ShopChangeAction, ShopFieldChanges } from "@washboard/shared";
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.js";
import { alliances } from "../alliances/tables.js";
import { brands } from "../brands/tables.js";
import { locations } from "../locations/tables.js";
import { vendors } from "../tenancy/tables.js";

/**
 * A vendor's shop (spec §3). The MQTT password and the payment id are secrets: stored sealed by
 * the SecretBox (AES-256-GCM), never sent back whole.
 */
export const shops = pgTable(
  "shops",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    locationId: integer("location_id").references(() => locations.id),
    name: varchar("name", { length: 64 }).notNull(),
    address: varchar("address", { length: 255 }).notNull(),
    icon: text("icon").array().notNull().default(sql`'{}'::text[]`),
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    /** 1 washing, 2 pet, 3 composite (spec §9). */
    serviceType: smallint("service_type").notNull(),
    brandId: integer("brand_id").references(() => brands.id),
    allianceId: integer("alliance_id").references(() => alliances.id),
    /** Accepts electronic payment for laundry points, and for member cards. */
    epayLaundryPoints: boolean("epay_laundry_points").notNull().default(false),
    epayMemberCards: boolean("epay_member_cards").notNull().default(false),
    mqttUsername: varchar("mqtt_username", { length: 128 }).notNull().default(""),
    mqttPasswordSealed: text("mqtt_password_sealed"),
    mqttClientId: varchar("mqtt_client_id", { length: 128 }).notNull().default(""),
    mqttHost: varchar("mqtt_host", { length: 255 }).notNull().default(""),
    mqttPort: integer("mqtt_port"),
    productKey: varchar("product_key", { length: 128 }).notNull().default(""),
    paymentIdSealed: text("payment_id_sealed"),
    /** An IANA zone for a shop away from its merchant; null: the merchant's (vendors.time_zone). */
    timeZone: varchar("time_zone", { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("shops_vendor_name_uq").on(t.vendorId, sql`lower(${t.name})`),
    index("shops_vendor_idx").on(t.vendorId, t.id),
    index("shops_location_idx").on(t.locationId),
    index("shops_alliance_idx").on(t.allianceId),
    index("shops_brand_idx").on(t.brandId),
  ],
);

/**
 * The shop database log (spec §7 "shop db logs"): one row per change of a shop record, written in
 * the transaction of the change. `changes` names only the fields that changed, by their API names,
 * each `{ before, after }`; a secret (sealed, or named password, secret or key) is the marker
 * "changed", never a value. No foreign key to the shop or the account: the log outlives both.
 */
export const shopChanges = pgTable(
  "shop_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id, { onDelete: "cascade" }),
    shopId: integer("shop_id").notNull(),
    /** Who changed it; null when no account did (the demo seed). */
    accountId: integer("account_id"),
    action: varchar("action", { length: 8 }).$type<ShopChangeAction>().notNull(),
    changes: jsonb("changes").$type<ShopFieldChanges>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("shop_changes_shop_idx").on(t.shopId, t.id)],
);
