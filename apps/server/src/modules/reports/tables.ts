import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.js";
import { accounts } from "../accounts/tables.js";
import { vendors } from "../tenancy/tables.js";

/**
 * An address subscribed to one of the vendor's /form/* reports, weekly or monthly. The scheduler
 * takes due rows with FOR UPDATE SKIP LOCKED, queues the mail in the outbox keyed by subscription
 * and period, and moves `next_run_at` on, in one transaction: a period is mailed once.
 */
export const reportSubscriptions = pgTable(
  "report_subscriptions",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    /** The console account that subscribed the address (its name is shown; the mail does not depend on it, and outlives it). */
    accountId: integer("account_id").references(() => accounts.id, { onDelete: "set null" }),
    /** The report's key (FORM_REPORTS): its route's last segment. */
    report: varchar("report", { length: 40 }).notNull(),
    email: varchar("email", { length: 254 }).notNull(),
    frequency: varchar("frequency", { length: 8 }).notNull(),
    /** The language the mail is written in. */
    language: varchar("language", { length: 8 }).notNull(),
    nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
    /** "YYYY-MM-DD..YYYY-MM-DD" of the last scheduled mail. */
    lastPeriod: varchar("last_period", { length: 32 }),
    /** The outbox key of the last mail (scheduled or sent now): where its delivery stands. */
    lastMailKey: varchar("last_mail_key", { length: 128 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("report_subscriptions_address_uq").on(t.vendorId, t.report, sql`lower(${t.email})`, t.frequency),
    index("report_subscriptions_due_idx").on(t.nextRunAt),
  ],
);
