import { sql } from "drizzle-orm";
import { integer, pgTable, serial, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.js";
import { groups, vendors } from "../tenancy/tables.js";

/** A named set of permission keys, owned by a vendor (or a group) and given to sub-accounts. */
export const roles = pgTable(
  "roles",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id").references(() => vendors.id),
    groupId: integer("group_id").references(() => groups.id),
    name: varchar("name", { length: 64 }).notNull(),
    description: text("description").notNull().default(""),
    permissions: text("permissions").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("roles_vendor_name_uq").on(t.vendorId, t.name),
    uniqueIndex("roles_group_name_uq").on(t.groupId, t.name),
  ],
);
