import type { NoticeAudience } from "@washboard/shared";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.js";
import { accounts } from "../accounts/tables.js";
import { groups, vendors } from "../tenancy/tables.js";

/**
 * A notice of the platform to operators (spec §2 "a notice list"), published by its administrator
 * (CLI `publish-notice`) to everyone (no group, no vendor), to one group (its accounts and its
 * vendors'), or to one vendor. A group or vendor removed takes its notices with it.
 */
export const notices = pgTable(
  "notices",
  {
    id: serial("id").primaryKey(),
    title: varchar("title", { length: 120 }).notNull(),
    body: text("body").notNull(),
    audience: varchar("audience", { length: 8 }).$type<NoticeAudience>().notNull(),
    groupId: integer("group_id").references(() => groups.id, { onDelete: "cascade" }),
    vendorId: integer("vendor_id").references(() => vendors.id, { onDelete: "cascade" }),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index("notices_published").on(t.publishedAt, t.id),
    index("notices_group").on(t.groupId),
    index("notices_vendor").on(t.vendorId),
    check(
      "notices_audience",
      sql`(${t.audience} = 'all' and ${t.groupId} is null and ${t.vendorId} is null)
        or (${t.audience} = 'group' and ${t.groupId} is not null and ${t.vendorId} is null)
        or (${t.audience} = 'vendor' and ${t.vendorId} is not null and ${t.groupId} is null)`,
    ),
  ],
);

/** Who has read which notice: a row per account that opened it (or marked all read), never shared. */
export const noticeReads = pgTable(
  "notice_reads",
  {
    noticeId: integer("notice_id")
      .notNull()
      .references(() => notices.id, { onDelete: "cascade" }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.noticeId] }), index("notice_reads_notice").on(t.noticeId)],
);
