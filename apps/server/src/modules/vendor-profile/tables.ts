import { integer, jsonb, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { vendors } from "../tenancy/tables.js";

/**
 * One vendor's settings of one payment provider: credential fields (secret ones sealed with the
 * server's SecretBox, never stored in plain text) and the pay discount. Whether the provider is
 * switched on lives in vendors.enabled_providers, which gives the vendor its has_* flag.
 */
export const vendorPaymentSettings = pgTable(
  "vendor_payment_settings",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id, { onDelete: "cascade" }),
    provider: varchar("provider", { length: 32 }).notNull(),
    /** Field name to value; secret fields hold "v1:…" sealed text. */
    fields: jsonb("fields").$type<Record<string, string>>().notNull().default({}),
    /** Discount rate in percent (1-99) for payments through this provider, or none. */
    discount: smallint("discount"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("vendor_payment_settings_vendor_provider_uq").on(t.vendorId, t.provider)],
);
