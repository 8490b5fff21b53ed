import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.js";

/** An organization that runs several merchants. */
export const groups = pgTable("groups", {
  id: serial("id").primaryKey(),
  name: varchar("name", { length: 128 }).notNull(),
  address: text("address").notNull().default(""),
  cAppId: varchar("c_app_id", { length: 128 }).notNull().default(""),
  bAppId: varchar("b_app_id", { length: 128 }).notNull().default(""),
  /** Most brands this group may keep ("brand count exceeds limit, contact admin"). */
  brandLimit: integer("brand_limit").notNull().default(20),
  createdAt: createdAt(),
});

/** A merchant: owns shops, devices, members and money, in its own currency and time zone. */
export const vendors = pgTable(
  "vendors",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id").references(() => groups.id),
    name: varchar("name", { length: 128 }).notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    language: varchar("language", { length: 8 }).notNull(),
    timeZone: varchar("time_zone", { length: 64 }).notNull(),
    hideSymbol: boolean("hide_symbol").notNull().default(false),
    realName: varchar("real_name", { length: 64 }).notNull().default(""),
    idNumber: varchar("id_number", { length: 64 }).notNull().default(""),
    phone: varchar("phone", { length: 32 }).notNull().default(""),
    homePage: varchar("home_page", { length: 255 }).notNull().default(""),
    settlementCycleDays: integer("settlement_cycle_days").notNull().default(7),
    /** Platform fee rates, 0 to 0.99, for payments with and without coins. */
    feeRateCoins: numeric("fee_rate_coins", { precision: 3, scale: 2 }).notNull().default("0.00"),
    feeRateNoCoins: numeric("fee_rate_no_coins", { precision: 3, scale: 2 }).notNull().default("0.00"),
    /** Value of one coin, in the currency's minor unit. */
    coinDenomination: bigint("coin_denomination", { mode: "number" }).notNull().default(0),
    paymentMethods: text("payment_methods").array().notNull().default(sql`'{}'::text[]`),
    /** Balances in the currency's minor unit, kept by settlement; shown read-only. */
    maxBalance: bigint("max_balance", { mode: "number" }).notNull().default(0),
    withdrawableBalance: bigint("withdrawable_balance", { mode: "number" }).notNull().default(0),
    /** Payment providers switched on; each gives the vendor its has_* flag. */
    /** Most shops the vendor's plan allows ("shop permission over maximum"). */
    shopLimit: integer("shop_limit").notNull().default(50),
    enabledProviders: text("enabled_providers").array().notNull().default(sql`'{}'::text[]`),
    /** The trade the console is shaped for (variants.ts): hidden keys, renamed and added routes. */
    variant: varchar("variant", { length: 16 }).notNull().default("laundry"),
    createdAt: createdAt(),
  },
  (t) => [
    check("vendors_variant_ck", sql`${t.variant} in ('laundry', 'car_wash')`),
    index("vendors_group_idx").on(t.groupId),
    // A group does not hold two merchants of the same name (self-registered merchants have no group).
    uniqueIndex("vendors_group_name_uq").on(t.groupId, sql`lower(${t.name})`),
  ],
);
