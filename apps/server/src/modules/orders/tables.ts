import type { OrderSource, PriceExplanation } from "@washboard/shared";
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.js";
import { devices } from "../devices/tables.js";
import { shops } from "../shops/tables.js";
import { vendors } from "../tenancy/tables.js";

/** Stored codes of spec §4's states (the wire names them: PAY_STATUSES, REFUND_STATUSES …). */
export const PAY_STATUS = { unpaid: 0, paid: 1 } as const;
export const REFUND_STATUS = { none: 0, refunding: 1, refunded: 2 } as const;
export const REFUND_RESULT = { success: 1, failure: 2 } as const;

/**
 * Every order of every source in one table (spec §3 Orders): a cash or card sale a machine
 * reported, a free start, a member payment, a payment through a provider. `payUniqueNo` is what
 * makes an order arrive once: a device event's serial and id, or the number a payment was started
 * with. `refundedAmount` counts refunds that succeeded or are under way, and never exceeds
 * `amount` (a check constraint, so no race can refund more than was paid).
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    source: varchar("source", { length: 16 }).$type<OrderSource>().notNull(),
    /** Spec §6 payment-type code. */
    payType: varchar("pay_type", { length: 8 }).notNull(),
    startType: varchar("start_type", { length: 24 }),
    orderNo: varchar("order_no", { length: 32 }).notNull().unique(),
    payUniqueNo: varchar("pay_unique_no", { length: 160 }).notNull().unique(),
    tradeNo: varchar("trade_no", { length: 64 }),
    transactionId: varchar("transaction_id", { length: 64 }),
    merchantOrderNo: varchar("merchant_order_no", { length: 64 }),
    /** Minor units of `currency`, the vendor's when the order was made. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    payStatus: smallint("pay_status").notNull().default(PAY_STATUS.unpaid),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    refundStatus: smallint("refund_status").notNull().default(REFUND_STATUS.none),
    refundResult: smallint("refund_result"),
    refundType: varchar("refund_type", { length: 12 }),
    refundId: varchar("refund_id", { length: 64 }),
    refundedAmount: bigint("refunded_amount", { mode: "number" }).notNull().default(0),
    refundTime: timestamp("refund_time", { withTimezone: true }),
    /** Why the last refund failed, or why the start a payment bought failed. */
    failureReason: varchar("failure_reason", { length: 255 }),
    shopId: integer("shop_id").references(() => shops.id),
    deviceId: integer("device_id").references(() => devices.id),
    memberId: integer("member_id"),
    cardNumber: varchar("card_number", { length: 32 }),
    program: varchar("program", { length: 64 }),
    /** Minutes of the cycle the order bought (a machine's start event, or the purchase); null: unknown. */
    minutes: smallint("minutes"),
    /** What a paid order starts: { program, minutes, price } of the price template. */
    purchase: jsonb("purchase").$type<{ program: string; minutes: number }>(),
    /**
     * Why the order costs what it does (the pricing engine's explanation: list price, each
     * adjustment with its rule, final price); null for orders no customer priced online.
     */
    pricing: jsonb("pricing").$type<PriceExplanation>(),
    /** The promotion that lowered the price, and by how much (minor units): its counters read these. */
    promotionId: integer("promotion_id"),
    promotionOff: bigint("promotion_off", { mode: "number" }),
    /** The remote start a paid order sent its machine. */
    startCommandId: varchar("start_command_id", { length: 64 }),
    /** Of that start: starting (waiting for the machine), started, failed (and refunded). */
    startState: varchar("start_state", { length: 12 }),
    /**
     * Until when a customer's payment may be paid: the provider is told the same expiry, and the
     * machine is held for the customer until then. Null for orders no customer pays online.
     */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** When an unpaid payment was closed (cancelled, or past `expiresAt`); it is closed at the provider too. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** When the order was made (a machine's event time for its own sales). */
    createdAt: createdAt(),
  },
  (t) => [
    // The order screens: one vendor's source, newest first, by date (keyset on created_at, id). The
    // migration adds INCLUDE (amount, refunded_amount, pay_status, refund_status), which Drizzle cannot
    // declare: a screen's count and totals are then read from the index alone.
    // Ascending: read backwards it gives "newest first" exactly as ORDER BY … DESC asks (NULLS FIRST);
    // a DESC index here would be DESC NULLS LAST, which that order cannot use without a sort.
    index("orders_vendor_source_created_idx").on(t.vendorId, t.source, t.createdAt, t.id),
    index("orders_vendor_created_idx").on(t.vendorId, t.createdAt, t.id),
    index("orders_trade_no_idx").on(t.tradeNo.op("varchar_pattern_ops")),
    index("orders_transaction_id_idx").on(t.transactionId.op("varchar_pattern_ops")),
    index("orders_order_no_pattern_idx").on(t.orderNo.op("varchar_pattern_ops")),
    index("orders_device_idx").on(t.deviceId),
    // A promotion's counters: its paid orders and what it gave away.
    index("orders_promotion_idx").on(t.promotionId).where(sql`${t.promotionId} is not null`),
    // A member's orders, newest first (the member drawer).
    index("orders_member_idx").on(t.memberId, t.createdAt).where(sql`${t.memberId} is not null`),
    uniqueIndex("orders_start_command_uq").on(t.startCommandId),
    // The sweep of paid starts looks only at those still waiting for their machine.
    index("orders_starting_idx").on(t.id).where(sql`${t.startState} = 'starting'`),
    // The sweep that closes lapsed payments looks only at open unpaid ones.
    index("orders_open_payment_idx")
      .on(t.expiresAt)
      .where(sql`${t.payStatus} = 0 and ${t.closedAt} is null and ${t.expiresAt} is not null`),
    check("orders_refunded_within_amount", sql`${t.refundedAmount} between 0 and ${t.amount}`),
  ],
);

/**
 * Each refund of an order: our refund number is the provider's idempotency key and the outbox
 * message's key, so a refund reaches the provider once however often it is asked for.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    refundNo: varchar("refund_no", { length: 32 }).notNull().unique(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** refunding, succeeded, failed. */
    state: varchar("state", { length: 12 }).notNull().default("refunding"),
    /** manual, automatic. */
    type: varchar("type", { length: 12 }).notNull(),
    reason: varchar("reason", { length: 255 }).notNull().default(""),
    failureReason: varchar("failure_reason", { length: 255 }),
    providerRefundId: varchar("provider_refund_id", { length: 64 }),
    accountId: integer("account_id"),
    /**
     * The key the asking client sent (one per refund dialog opened): the same key again is the same
     * refund, answered again; a new key is a new refund. Null for automatic refunds.
     */
    requestKey: uuid("request_key"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("order_refunds_order_idx").on(t.orderId, t.id),
    uniqueIndex("order_refunds_request_key_uq").on(t.vendorId, t.requestKey),
  ],
);

/**
 * The order screens' totals, pre-counted: orders, amounts and refunded amounts per vendor, source,
 * UTC day of creation, shop, machine and states (shop and machine 0: none). Kept by a trigger on
 * `orders` in the writing transaction (rollups/order-totals-daily.sql), so the first page of a long filter sums a
 * few rows per day instead of every order; `rebuild_order_totals()` recomputes it. A machine's own
 * row is what a payment updates, so concurrent payments wait only for others on the same machine.
 */
export const orderTotalsDaily = pgTable(
  "order_totals_daily",
  {
    vendorId: integer("vendor_id").notNull(),
    source: varchar("source", { length: 16 }).$type<OrderSource>().notNull(),
    day: date("day", { mode: "string" }).notNull(),
    shopId: integer("shop_id").notNull(),
    deviceId: integer("device_id").notNull(),
    payStatus: smallint("pay_status").notNull(),
    refundStatus: smallint("refund_status").notNull(),
    orders: integer("orders").notNull().default(0),
    amount: bigint("amount", { mode: "number" }).notNull().default(0),
    refundedAmount: bigint("refunded_amount", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      columns: [t.vendorId, t.source, t.day, t.shopId, t.deviceId, t.payStatus, t.refundStatus],
    }),
  ],
);
