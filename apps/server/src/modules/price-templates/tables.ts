import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, serial, smallint, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.js";
import { vendors } from "../tenancy/tables.js";

/**
 * A price template (spec §3 "Price template / model"): a program a machine offers, with its price
 * in the vendor's currency (minor units, spec §9) and a second-level menu of options that each add
 * a price and a time.
 */
export const priceTemplates = pgTable(
  "price_templates",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    modelName: varchar("model_name", { length: 64 }).notNull(),
    icon: text("icon").array().notNull().default(sql`'{}'::text[]`),
    displayPrice: bigint("display_price", { mode: "number" }).notNull(),
    price: bigint("price", { mode: "number" }).notNull(),
    estimatedMinutes: integer("estimated_minutes").notNull(),
    /** Free-form machine parameters (key=value lines) the device receives with the program. */
    extraParams: text("extra_params").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("price_templates_vendor_name_uq").on(t.vendorId, sql`lower(${t.modelName})`),
    index("price_templates_vendor_idx").on(t.vendorId, t.id),
  ],
);

/** One entry of a template's second-level menu. */
export const priceTemplateOptions = pgTable(
  "price_template_options",
  {
    id: serial("id").primaryKey(),
    templateId: integer("template_id")
      .notNull()
      .references(() => priceTemplates.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    name: varchar("name", { length: 64 }).notNull(),
    addedPrice: bigint("added_price", { mode: "number" }).notNull(),
    addedMinutes: integer("added_minutes").notNull(),
  },
  (t) => [index("price_template_options_template_idx").on(t.templateId, t.position)],
);
