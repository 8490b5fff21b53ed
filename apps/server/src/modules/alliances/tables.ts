import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, smallint, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.js";
import { ecards } from "../ecards/tables.js";
import { vendors } from "../tenancy/tables.js";

/**
 * A shop alliance of a vendor (spec §3): its member shops point at it (shops.alliance_id), so a
 * shop belongs to one alliance at most. The virtual card template is one of the group's e-cards.
 */
export const alliances = pgTable(
  "alliances",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    name: varchar("name", { length: 64 }).notNull(),
    /** 1 laundry alliance, 2 cross-industry alliance (spec §9). */
    type: smallint("type").notNull(),
    ecardId: integer("ecard_id").references(() => ecards.id),
    remark: varchar("remark", { length: 255 }).notNull().default(""),
    /** 1 enabled, 0 disabled. */
    status: smallint("status").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("alliances_vendor_name_uq").on(t.vendorId, sql`lower(${t.name})`),
    index("alliances_vendor_idx").on(t.vendorId, t.id),
  ],
);
