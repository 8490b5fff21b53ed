import { bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.js";

export const OUTBOX_STATES = ["pending", "delivering", "delivered", "failed"] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/**
 * Calls to the outside world (a provider refund, an e-mail), written in the same transaction as the
 * change that needs them, then delivered by the worker at least once. The key is unique: the same
 * call asked twice is one message, and it is the idempotency key the receiver is given.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: varchar("kind", { length: 64 }).notNull(),
    key: varchar("key", { length: 128 }).notNull().unique(),
    vendorId: integer("vendor_id"),
    payload: jsonb("payload").notNull(),
    state: varchar("state", { length: 16 }).$type<OutboxState>().notNull().default("pending"),
    attempts: smallint("attempts").notNull().default(0),
    /** When a pending message may be tried (again). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A delivering message whose worker died is taken again after this. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    result: jsonb("result"),
    createdAt: createdAt(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [index("outbox_messages_due_idx").on(t.state, t.nextAttemptAt)],
);
