import { integer, pgTable, serial, smallint, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.js";

/**
 * Every provider event acted on, once: the unique (provider, event id) makes a replayed or
 * concurrently repeated notification find the first one's row, and it is answered what the first
 * was answered, without acting again.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: serial("id").primaryKey(),
    provider: varchar("provider", { length: 32 }).notNull(),
    eventId: varchar("event_id", { length: 128 }).notNull(),
    vendorId: integer("vendor_id"),
    answerStatus: smallint("answer_status").notNull().default(200),
    answerType: varchar("answer_type", { length: 64 }).notNull().default("application/json"),
    answerBody: text("answer_body").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("webhook_events_provider_event_uq").on(t.provider, t.eventId)],
);
