import type { DevicePresenceName } from "@washboard/shared";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.js";
import { priceTemplates } from "../price-templates/tables.js";
import { shops } from "../shops/tables.js";
import { vendors } from "../tenancy/tables.js";

/**
 * The device register: ownership, shop, price template, the subscription end, and the device's
 * broker credential (only the SHA-256 of its 256-bit secret, as for session tokens: a random secret
 * needs no slow hash, and the broker checks every connection against it).
 */
export const devices = pgTable(
  "devices",
  {
    id: serial("id").primaryKey(),
    /** Null: made and credentialed, but no vendor has claimed it yet (claimCodeHash says how). */
    vendorId: integer("vendor_id").references(() => vendors.id),
    serialNumber: varchar("serial_number", { length: 64 }).notNull().unique(),
    name: varchar("name", { length: 128 }).notNull().default(""),
    /** The number on the machine's front panel that customers and staff call it by. */
    machineNumber: varchar("machine_number", { length: 32 }).notNull().default(""),
    shopId: integer("shop_id").references(() => shops.id),
    priceTemplateId: integer("price_template_id").references(() => priceTemplates.id),
    machineType: varchar("machine_type", { length: 32 }).notNull(),
    /**
     * What the server knows of the machine's connection: online, offline, or
     * unknown — after the broker was away, until the machine speaks again. Kept by the gateway.
     */
    presence: varchar("presence", { length: 8 }).$type<DevicePresenceName>().notNull().default("offline"),
    /** Known to be online now: what lists filter and count by. */
    online: boolean("online").notNull().generatedAlwaysAs(sql`presence = 'online'`),
    secretHash: varchar("secret_hash", { length: 64 }),
    /**
     * SHA-256 of the code printed on an unclaimed machine: whoever types it with the serial number
     * takes the machine for their vendor (once; cleared when claimed).
     */
    claimCodeHash: varchar("claim_code_hash", { length: 64 }),
    subscriptionExpiresAt: timestamp("subscription_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("devices_vendor_idx").on(t.vendorId),
    index("devices_shop_idx").on(t.shopId),
    index("devices_price_template_idx").on(t.priceTemplateId),
    // The renewal screen and the warning dialog: a vendor's machines by end date.
    index("devices_vendor_subscription_idx").on(t.vendorId, t.subscriptionExpiresAt),
    check("devices_presence_check", sql`${t.presence} in ('online', 'offline', 'unknown')`),
    // The presence sweep's question: which machines shown as there has nobody heard lately.
    index("devices_present_idx").on(t.id).where(sql`presence <> 'offline'`),
  ],
);

/**
 * What the gateway knows of each device, written in batches off the broker: a row per device, kept
 * apart from the register so the hot writes never lock what operators edit.
 */
export const deviceShadows = pgTable("device_shadows", {
  deviceId: integer("device_id")
    .primaryKey()
    .references(() => devices.id, { onDelete: "cascade" }),
  busy: boolean("busy").notNull().default(false),
  faultCode: varchar("fault_code", { length: 32 }),
  firmware: varchar("firmware", { length: 32 }).notNull().default(""),
  cashboxCurrent: integer("cashbox_current").notNull().default(0),
  cashboxCumulative: integer("cashbox_cumulative").notNull().default(0),
  paramsReported: jsonb("params_reported").$type<Record<string, number>>().notNull().default({}),
  paramsDesired: jsonb("params_desired").$type<Record<string, number>>().notNull().default({}),
  desiredVersion: integer("desired_version").notNull().default(0),
  /** False once a command to it timed out; true again at its next answer (spec §3 responded). */
  responding: boolean("responding").notNull().default(true),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
  /** When its last status message came (heartbeats move only lastSeenAt): see ShadowPatch.statusAt. */
  statusAt: timestamp("status_at", { withTimezone: true }),
});

export const COMMAND_STATES = ["queued", "sent", "succeeded", "failed", "timed_out", "expired"] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
export type CommandVia = "broker" | "bluetooth";

/** Every command sent to a device, with who asked and what became of it. */
export const deviceCommands = pgTable(
  "device_commands",
  {
    id: uuid("id").primaryKey(),
    /** The order commands were made in: the history pages by it. */
    seq: bigserial("seq", { mode: "number" }).notNull().unique(),
    deviceId: integer("device_id")
      .notNull()
      .references(() => devices.id, { onDelete: "cascade" }),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    /** The account that asked (null: the system, e.g. a paid order starting its machine). */
    accountId: integer("account_id"),
    /** Commands issued together (a selection, a whole shop) share a batch. */
    batchId: uuid("batch_id"),
    kind: varchar("kind", { length: 24 }).notNull(),
    args: jsonb("args").$type<Record<string, unknown>>().notNull().default({}),
    state: varchar("state", { length: 12 }).$type<CommandState>().notNull(),
    /**
     * How it reaches the device: over the broker, or signed and carried by a phone over Bluetooth
     * (which has until `expiresAt` to bring the answer back).
     */
    via: varchar("via", { length: 12 }).$type<CommandVia>().notNull().default("broker"),
    /** Why it failed: the device's refusal reason, `offline`, … */
    reason: varchar("reason", { length: 32 }),
    detail: varchar("detail", { length: 200 }),
    result: jsonb("result").$type<Record<string, unknown>>(),
    /** The machine answered after the command had been declared timed out: its answer is the outcome. */
    late: boolean("late").notNull().default(false),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("device_commands_device_idx").on(t.deviceId, t.seq),
    index("device_commands_vendor_idx").on(t.vendorId, t.seq),
    index("device_commands_batch_idx").on(t.batchId),
    // The sweeper's two questions: what waits for a device, what waits for an answer.
    index("device_commands_open_idx").on(t.state, t.deviceId).where(sql`state in ('queued', 'sent')`),
  ],
);

/** The device log (spec "device log details"): every event a device reported, appended. */
export const deviceLog = pgTable(
  "device_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deviceId: integer("device_id")
      .notNull()
      .references(() => devices.id, { onDelete: "cascade" }),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    /**
     * The device's own event id, after its boot id when it sends one (`<boot>.<id>`): a redelivered
     * event is stored once.
     */
    eventId: varchar("event_id", { length: 96 }).notNull(),
    type: varchar("type", { length: 24 }).notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("device_log_event_uq").on(t.deviceId, t.eventId),
    index("device_log_vendor_idx").on(t.vendorId, t.id),
    // The kiosk and coin exchanger reports: a vendor's events of a few types over a period.
    index("device_log_vendor_type_time_idx").on(t.vendorId, t.type, t.occurredAt),
  ],
);

/**
 * Messages from machines that were set aside: refused by the protocol's schema, refused as
 * implausible (an amount above the vendor's ceiling, a card credit from a machine that cannot take
 * money for cards), or that the database would not store. Each keeps its reason and the payload as
 * text, for the operator (through the device log) and for whoever looks into the machine.
 */
export const deviceDeadLetters = pgTable(
  "device_dead_letters",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Null: the serial is not in the register. */
    deviceId: integer("device_id").references(() => devices.id, { onDelete: "cascade" }),
    vendorId: integer("vendor_id").references(() => vendors.id, { onDelete: "cascade" }),
    serialNumber: varchar("serial_number", { length: 64 }).notNull(),
    /** The topic kind it came on (status, event, ack, shadow/reported). */
    kind: varchar("kind", { length: 24 }).notNull(),
    /** Why, as a code the console words (`DEVICE_MESSAGE_REFUSALS`), and in the server's words. */
    code: varchar("code", { length: 24 }).notNull(),
    reason: varchar("reason", { length: 300 }).notNull(),
    /** An amount the machine claimed above its ceiling, and the ceiling (minor units of the vendor's currency). */
    amount: bigint("amount", { mode: "number" }),
    ceiling: bigint("ceiling", { mode: "number" }),
    /** The message as text, control characters shown as U+FFFD, at most `DEAD_LETTER_PAYLOAD_MAX` characters. */
    payload: varchar("payload", { length: 4096 }).notNull(),
    /** Its size on the wire, in bytes. */
    payloadBytes: integer("payload_bytes").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("device_dead_letters_vendor_idx").on(t.vendorId, t.id),
    index("device_dead_letters_device_idx").on(t.deviceId, t.id),
  ],
);

/**
 * A vendor's ceilings on what one machine message may be worth (minor units of the vendor's
 * currency); null: the default for the currency (`defaultMoneyLimits`). A sale or card credit above
 * its ceiling is refused and set aside, never booked.
 */
export const deviceMoneyLimits = pgTable("device_money_limits", {
  vendorId: integer("vendor_id")
    .primaryKey()
    .references(() => vendors.id, { onDelete: "cascade" }),
  maxCycleAmount: bigint("max_cycle_amount", { mode: "number" }),
  maxTopUpAmount: bigint("max_top_up_amount", { mode: "number" }),
});

/**
 * A machine held for the customer who is paying for it, so that two customers are never both charged
 * for one start: one row per machine, taken by a conditional upsert (only a lapsed hold is replaced).
 * A hold ends at `expiresAt` — the payment's expiry at the provider too —, when its payment is
 * cancelled or closed, and once the start it paid for has gone one way or the other.
 */
export const machineHolds = pgTable(
  "machine_holds",
  {
    deviceId: integer("device_id")
      .primaryKey()
      .references(() => devices.id, { onDelete: "cascade" }),
    vendorId: integer("vendor_id").notNull(),
    /** The order the customer is paying (our order number). */
    orderNo: varchar("order_no", { length: 32 }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("machine_holds_order_idx").on(t.orderNo)],
);
