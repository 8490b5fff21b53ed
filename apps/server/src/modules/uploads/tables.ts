import { index, integer, pgTable, serial, unique, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.js";
import { groups, vendors } from "../tenancy/tables.js";

/**
 * Who uploaded which stored file. The file itself is content-addressed (`key` = its SHA-256 and
 * extension) and may be shared by tenants that uploaded the same bytes; each tenant that did has
 * its own row, and a record may only use images its tenant uploaded.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: serial("id").primaryKey(),
    key: varchar("key", { length: 80 }).notNull(),
    groupId: integer("group_id").references(() => groups.id),
    vendorId: integer("vendor_id").references(() => vendors.id),
    contentType: varchar("content_type", { length: 32 }).notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("uploads_owner_key_unique").on(t.key, t.groupId, t.vendorId).nullsNotDistinct(),
    index("uploads_group_idx").on(t.groupId),
    index("uploads_vendor_idx").on(t.vendorId),
  ],
);
