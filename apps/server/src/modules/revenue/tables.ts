import type { OrderSource } from "@washboard/shared";
import { bigint, date, index, integer, pgTable, primaryKey, smallint, varchar } from "drizzle-orm/pg-core";

/**
 * Daily revenue per vendor, vendor-local day, shop, machine, payment source and currency: what every
 * revenue screen reads instead of orders. Kept by triggers on `orders` and `order_refunds` in the
 * writing transaction (rollups/revenue-daily.sql and roll-up.sql), so no write path can forget it;
 * `rebuild_revenue_rollups()` recomputes it from scratch (`npm run cli -- rebuild-rollups`). Shop and
 * machine 0 mean "none".
 * A paid order counts on the day it was paid, a refund on the day it succeeded — apart, never netted.
 */
export const revenueDaily = pgTable(
  "revenue_daily",
  {
    vendorId: integer("vendor_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    shopId: integer("shop_id").notNull(),
    deviceId: integer("device_id").notNull(),
    source: varchar("source", { length: 16 }).$type<OrderSource>().notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    orders: integer("orders").notNull().default(0),
    gross: bigint("gross", { mode: "number" }).notNull().default(0),
    refunds: integer("refunds").notNull().default(0),
    refunded: bigint("refunded", { mode: "number" }).notNull().default(0),
    /** Minutes of the cycles the day's orders bought. */
    minutes: integer("minutes").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.day, t.shopId, t.deviceId, t.source, t.currency] }),
    // Per-shop and per-machine screens read one shop's or machine's days.
    index("revenue_daily_shop_idx").on(t.vendorId, t.shopId, t.day),
    index("revenue_daily_device_idx").on(t.vendorId, t.deviceId, t.day),
  ],
);

/**
 * Monthly revenue per vendor, month (its first day), shop, payment source and currency: the long views
 * (earnings by month, five years) read a few hundred rows a year instead of a machine's every day.
 * Kept by the same triggers as `revenue_daily`, with the same figures.
 */
export const revenueMonthly = pgTable(
  "revenue_monthly",
  {
    vendorId: integer("vendor_id").notNull(),
    month: date("month", { mode: "string" }).notNull(),
    shopId: integer("shop_id").notNull(),
    source: varchar("source", { length: 16 }).$type<OrderSource>().notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    orders: integer("orders").notNull().default(0),
    gross: bigint("gross", { mode: "number" }).notNull().default(0),
    refunds: integer("refunds").notNull().default(0),
    refunded: bigint("refunded", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.month, t.shopId, t.source, t.currency] })],
);

/**
 * Machine uses per vendor, vendor-local day and hour, shop, machine type and program: consumption
 * statistics and the utilization heatmap. Kept by the same trigger as `revenue_daily`.
 */
export const usageHourly = pgTable(
  "usage_hourly",
  {
    vendorId: integer("vendor_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    hour: smallint("hour").notNull(),
    shopId: integer("shop_id").notNull(),
    machineType: varchar("machine_type", { length: 32 }).notNull(),
    program: varchar("program", { length: 64 }).notNull(),
    uses: integer("uses").notNull().default(0),
    minutes: integer("minutes").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.day, t.hour, t.shopId, t.machineType, t.program] }),
    index("usage_hourly_shop_idx").on(t.vendorId, t.shopId, t.day),
  ],
);
