import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.js";
import { vendors } from "../tenancy/tables.js";

/** An area a vendor groups its shops by (spec §3 "Location/area"). */
export const locations = pgTable(
  "locations",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    name: varchar("name", { length: 64 }).notNull(),
    address: varchar("address", { length: 255 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("locations_vendor_name_uq").on(t.vendorId, sql`lower(${t.name})`),
    index("locations_vendor_idx").on(t.vendorId, t.id),
  ],
);
