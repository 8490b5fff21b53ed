import {
  POPUP_ANIMATIONS,
  POPUP_SKINS,
  type PopupAnimation,
  type PopupSkin,
  type PromotionSettings,
} from "@washboard/shared";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.js";
import { devices } from "../devices/tables.js";
import { vendors } from "../tenancy/tables.js";

/**
 * A promotion (spec §3): its kind's settings as the contract's `promotionSettings` (checked on the
 * way in), a period, a scope (empty arrays: every shop, every machine type) and an on/off switch.
 * The kind is a column of its own: lists filter by it and the caller's keys decide which it sees.
 */
export const promotions = pgTable(
  "promotions",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    kind: varchar("kind", { length: 16 }).notNull(),
    name: varchar("name", { length: 64 }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    shopIds: integer("shop_ids").array().notNull().default(sql`'{}'::int[]`),
    machineTypes: text("machine_types").array().notNull().default(sql`'{}'::text[]`),
    settings: jsonb("settings").$type<PromotionSettings>().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index("promotions_vendor_kind_idx").on(t.vendorId, t.kind, t.id),
    check("promotions_period", sql`${t.endsAt} > ${t.startsAt}`),
    check("promotions_kind_matches", sql`${t.settings}->>'kind' = ${t.kind}`),
  ],
);

/**
 * A time-of-day price: on some weekdays (0 Sunday … 6 Saturday), from `from_minute` to `to_minute`
 * of the vendor's local day (a `to` not after `from` crosses midnight), a percentage off the list
 * price or a fixed price. Exactly one of the two is set.
 */
export const priceWindows = pgTable(
  "price_windows",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    name: varchar("name", { length: 64 }).notNull(),
    days: smallint("days").array().notNull(),
    fromMinute: smallint("from_minute").notNull(),
    toMinute: smallint("to_minute").notNull(),
    percentOff: smallint("percent_off"),
    price: bigint("price", { mode: "number" }),
    shopIds: integer("shop_ids").array().notNull().default(sql`'{}'::int[]`),
    machineTypes: text("machine_types").array().notNull().default(sql`'{}'::text[]`),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index("price_windows_vendor_idx").on(t.vendorId, t.id),
    check("price_windows_one_change", sql`(${t.percentOff} is null) <> (${t.price} is null)`),
    check("price_windows_minutes", sql`${t.fromMinute} between 0 and 1439 and ${t.toMinute} between 0 and 1439`),
  ],
);

/**
 * The time-of-day prices last pushed to each machine (set-parameters): the windows they carried,
 * the parameters as sent (to push only what changed) and the command, whose state says whether
 * the machine applied them.
 */
export const machineTimePrices = pgTable(
  "machine_time_prices",
  {
    deviceId: integer("device_id")
      .primaryKey()
      .references(() => devices.id, { onDelete: "cascade" }),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    windowIds: integer("window_ids").array().notNull(),
    params: jsonb("params").$type<Record<string, number>>().notNull(),
    commandId: uuid("command_id"),
    pushedAt: timestamp("pushed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("machine_time_prices_vendor_idx").on(t.vendorId)],
);

/** `column in ('a', 'b', …)`: the stored words a check constraint allows. */
const oneOf = (column: AnyPgColumn, words: readonly string[]) =>
  sql`${column} in (${sql.join(
    words.map((word) => sql.raw(`'${word}'`)),
    sql`, `,
  )})`;

/**
 * An announcement (spec §6 op_goodnews, §9 popups): a popup the pay page of the shops in scope
 * (empty: every shop) shows while it runs and is switched on. Its text is plain, line breaks kept.
 */
export const announcements = pgTable(
  "announcements",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    title: varchar("title", { length: 64 }).notNull(),
    body: varchar("body", { length: 500 }).notNull(),
    /** Empty: the popup's own "Got it". */
    buttonText: varchar("button_text", { length: 24 }).notNull().default(""),
    skin: varchar("skin", { length: 16 }).$type<PopupSkin>().notNull(),
    animation: varchar("animation", { length: 16 }).$type<PopupAnimation>().notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    shopIds: integer("shop_ids").array().notNull().default(sql`'{}'::int[]`),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index("announcements_vendor_idx").on(t.vendorId, t.id),
    check("announcements_period", sql`${t.endsAt} > ${t.startsAt}`),
    check("announcements_skin", oneOf(t.skin, POPUP_SKINS)),
    check("announcements_animation", oneOf(t.animation, POPUP_ANIMATIONS)),
  ],
);
