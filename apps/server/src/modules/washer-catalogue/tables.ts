import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.js";
import { vendors } from "../tenancy/tables.js";

/*
 * The washer catalogue (spec §3): brands, their models and the control templates a model's board
 * speaks. Rows without a vendor are the platform's starter catalogue, read-only to every vendor;
 * a vendor adds its own rows beside them.
 */

export const controlTemplates = pgTable(
  "control_templates",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id").references(() => vendors.id),
    name: varchar("name", { length: 64 }).notNull(),
    /** The frame header the board expects, as hex text. */
    dataHead: varchar("data_head", { length: 255 }).notNull(),
    /** The frame body template, as hex text with placeholders. */
    dataBody: text("data_body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Unique within the starter catalogue (vendor 0) and within each vendor's own rows.
    uniqueIndex("control_templates_owner_name_uq").on(sql`coalesce(${t.vendorId}, 0)`, sql`lower(${t.name})`),
    index("control_templates_vendor_idx").on(t.vendorId, t.id),
  ],
);

export const washerBrands = pgTable(
  "washer_brands",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id").references(() => vendors.id),
    manufacturer: varchar("manufacturer", { length: 128 }).notNull(),
    brand: varchar("brand", { length: 64 }).notNull(),
    alias: varchar("alias", { length: 64 }).notNull(),
    logoUrl: varchar("logo_url", { length: 512 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("washer_brands_owner_brand_uq").on(sql`coalesce(${t.vendorId}, 0)`, sql`lower(${t.brand})`),
    index("washer_brands_vendor_idx").on(t.vendorId, t.id),
  ],
);

export const washerModels = pgTable(
  "washer_models",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id").references(() => vendors.id),
    brandId: integer("brand_id")
      .notNull()
      .references(() => washerBrands.id),
    name: varchar("name", { length: 64 }).notNull(),
    /** One of the machine types of spec §9. */
    machineType: varchar("machine_type", { length: 32 }).notNull(),
    controlTemplateId: integer("control_template_id").references(() => controlTemplates.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("washer_models_owner_name_uq").on(sql`coalesce(${t.vendorId}, 0)`, t.brandId, sql`lower(${t.name})`),
    index("washer_models_brand_idx").on(t.brandId),
    index("washer_models_vendor_idx").on(t.vendorId, t.id),
  ],
);
