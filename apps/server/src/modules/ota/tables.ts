import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, serial, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.js";
import { vendors } from "../tenancy/tables.js";

/**
 * A firmware package (spec §3 "OTA package"): a version of a vendor's machines' firmware and where
 * machines fetch it, with the file's size and SHA-256 when known (sent with the upgrade notice, so a
 * machine checks what it downloaded), and the machine types (and models, none: all) it fits.
 */
export const firmwarePackages = pgTable(
  "firmware_packages",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    version: varchar("version", { length: 32 }).notNull(),
    downloadUrl: varchar("download_url", { length: 1024 }).notNull(),
    /** Bytes; 0 when the operator did not give it. */
    size: bigint("size", { mode: "number" }).notNull().default(0),
    /** Lower-case hex; "" when the operator did not give it. */
    sha256: varchar("sha256", { length: 64 }).notNull().default(""),
    machineTypes: text("machine_types").array().notNull(),
    models: text("models").array().notNull().default(sql`'{}'::text[]`),
    note: varchar("note", { length: 255 }).notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    // One build per version per vendor: a rollout names a version, and so do the machines.
    uniqueIndex("firmware_packages_vendor_version_uq").on(t.vendorId, t.version),
    index("firmware_packages_vendor_idx").on(t.vendorId, t.id),
  ],
);
