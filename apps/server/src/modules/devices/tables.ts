import { boolean, index, integer, pgTable, serial, timestamp, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.js";
import { vendors } from "../tenancy/tables.js";

/**
 * The device register. This issue needs only ownership, presence and the subscription end for the
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
    machineType: varchar("machine_type", { length: 32 }).notNull(),
    online: boolean("online").notNull().default(false),
    subscriptionExpiresAt: timestamp("subscription_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("devices_vendor_idx").on(t.vendorId)],
);
