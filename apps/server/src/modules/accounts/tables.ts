import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
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

export const ACCOUNT_STATUS = { disabled: 0, enabled: 1 } as const;

export const accounts = pgTable(
  "accounts",
  {
    id: serial("id").primaryKey(),
    username: varchar("username", { length: 20 }).notNull(),
    email: varchar("email", { length: 254 }).notNull().default(""),
    nickname: varchar("nickname", { length: 20 }).notNull(),
    level: smallint("level").notNull(),
    passwordHash: text("password_hash").notNull(),
    roleId: integer("role_id").references(() => roles.id),
    status: smallint("status").notNull().default(ACCOUNT_STATUS.enabled),
    groupId: integer("group_id").references(() => groups.id),
    vendorId: integer("vendor_id").references(() => vendors.id),
    avatar: text("avatar").notNull().default(""),
    /** The browser identifier a quick registration was keyed to. */
    browserId: varchar("browser_id", { length: 128 }),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    lastLoginIp: varchar("last_login_ip", { length: 64 }),
    /** The sign-in before the latest one, which the console shows as "previous sign-in". */
    previousLoginAt: timestamp("previous_login_at", { withTimezone: true }),
    previousLoginIp: varchar("previous_login_ip", { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("accounts_username_uq").on(sql`lower(${t.username})`),
    uniqueIndex("accounts_browser_id_uq").on(t.browserId),
    index("accounts_vendor_idx").on(t.vendorId),
    index("accounts_group_idx").on(t.groupId),
  ],
);
