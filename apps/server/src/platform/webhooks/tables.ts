import { integer, pgTable, serial, smallint, text, unique, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.js";

/**
 * Every provider event acted on, once: the unique (provider, vendor, event id) makes a replayed or
 * concurrently repeated notification find the first one's row, and it is answered what the first
 * was answered, without acting again. The vendor is part of the key: event ids are unique per
 * merchant account at a provider, not across every merchant (two vendors' accounts may both send
 * an event "1"), and a genuine payment must never be dropped as another vendor's replay.
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
  (t) => [unique("webhook_events_provider_vendor_event_uq").on(t.provider, t.vendorId, t.eventId).nullsNotDistinct()],
);
