import { index, integer, numeric, pgTable, serial, smallint, text, unique, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.js";
import { groups } from "../tenancy/tables.js";

/** A brand of a group (spec §3). Logo and icon are stored image keys, one each at most. */
export const brands = pgTable(
  "brands",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id),
    name: varchar("name", { length: 64 }).notNull(),
    longitude: numeric("longitude", { precision: 10, scale: 7 }).notNull(),
    latitude: numeric("latitude", { precision: 10, scale: 7 }).notNull(),
    serviceTime: varchar("service_time", { length: 64 }).notNull(),
    country: varchar("country", { length: 64 }).notNull(),
    province: varchar("province", { length: 64 }).notNull(),
    city: varchar("city", { length: 64 }).notNull(),
    address: varchar("address", { length: 255 }).notNull(),
    manager: varchar("manager", { length: 64 }).notNull().default(""),
    region: varchar("region", { length: 64 }).notNull().default(""),
    contactPhone: varchar("contact_phone", { length: 32 }).notNull(),
    icon: text("icon").array().notNull().default([]),
    logo: text("logo").array().notNull().default([]),
    /** 1 enabled, 0 disabled. */
    status: smallint("status").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [unique("brands_group_name_unique").on(t.groupId, t.name), index("brands_group_idx").on(t.groupId, t.id)],
);
