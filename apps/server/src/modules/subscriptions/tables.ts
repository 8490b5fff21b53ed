import type { SubscriptionOrderState } from "@washboard/shared";
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.js";
import { devices } from "../devices/tables.js";
import { vendors } from "../tenancy/tables.js";

/**
 * The platform's price of one machine-year in each currency, in its minor units: set by the platform
 * administrator (CLI `set-subscription-price`); a vendor whose currency has none cannot renew.
 */
export const subscriptionPrices = pgTable(
  "subscription_prices",
  {
    currency: varchar("currency", { length: 3 }).primaryKey(),
    pricePerYear: bigint("price_per_year", { mode: "number" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("subscription_prices_positive", sql`${t.pricePerYear} > 0`)],
);

/**
 * A vendor's renewal order (spec §3 "Subscription order"): machines × years at the price of a
 * machine-year when it was made (kept: a later price change does not move an unpaid order's total).
 * unpaid → paying (a PayPal order exists) → paid, each step a conditional update under the row's lock.
 */
export const subscriptionOrders = pgTable(
  "subscription_orders",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    orderNumber: varchar("order_number", { length: 32 }).notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    unitPrice: bigint("unit_price", { mode: "number" }).notNull(),
    years: smallint("years").notNull(),
    deviceCount: integer("device_count").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    state: varchar("state", { length: 8 }).$type<SubscriptionOrderState>().notNull().default("unpaid"),
    /** PayPal's order id, once the operator was sent to approve. */
    paypalOrderId: varchar("paypal_order_id", { length: 64 }),
    approvalUrl: varchar("approval_url", { length: 512 }),
    /** PayPal's capture id, once paid. */
    captureId: varchar("capture_id", { length: 64 }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("subscription_orders_number").on(t.orderNumber),
    uniqueIndex("subscription_orders_paypal").on(t.paypalOrderId),
    index("subscription_orders_vendor").on(t.vendorId, t.id),
    check("subscription_orders_state", sql`${t.state} in ('unpaid', 'paying', 'paid')`),
  ],
);

/** The machines of an order and, once it is paid, each one's end date before and after (the receipt's lines). */
export const subscriptionOrderDevices = pgTable(
  "subscription_order_devices",
  {
    orderId: integer("order_id")
      .notNull()
      .references(() => subscriptionOrders.id, { onDelete: "cascade" }),
    deviceId: integer("device_id")
      .notNull()
      .references(() => devices.id),
    expiresBefore: timestamp("expires_before", { withTimezone: true }),
    expiresAfter: timestamp("expires_after", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.deviceId] }), index("subscription_order_devices_device").on(t.deviceId)],
);
