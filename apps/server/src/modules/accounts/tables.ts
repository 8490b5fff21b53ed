import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.js";
import { roles } from "../roles/tables.js";
import { groups, vendors } from "../tenancy/tables.js";

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
    /**
     * A sub-account limited to some of its vendor's shops (spec §6 "shop owner/investor", "outlet
     * support"): every shop-scoped record it sees or acts on is of these shops. Null: every shop.
     */
    shopIds: integer("shop_ids").array(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("accounts_username_uq").on(sql`lower(${t.username})`),
    uniqueIndex("accounts_browser_id_uq").on(t.browserId),
    index("accounts_vendor_idx").on(t.vendorId),
    index("accounts_group_idx").on(t.groupId),
  ],
);

/** Server-side sessions: only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull().unique(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ip: varchar("ip", { length: 64 }).notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
  },
  (t) => [index("sessions_account_idx").on(t.accountId)],
);

/**
 * Counters of attempts per key ("user:<name>", "ip:<address>", "register:<address>") within a
 * window: each attempt is counted by one upsert that answers the new count, so parallel attempts
 * each see their own number and no more than the limit get through.
 */
export const attemptCounters = pgTable("attempt_counters", {
  key: varchar("key", { length: 160 }).primaryKey(),
  attempts: integer("attempts").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});
