import { bigserial, index, integer, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.js";

/** One row per mutating call: who did what to which record, from where, and how it ended. */
export const operationLog = pgTable(
  "operation_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    accountId: integer("account_id"),
    actor: varchar("actor", { length: 64 }).notNull(),
    groupId: integer("group_id"),
    vendorId: integer("vendor_id"),
    action: varchar("action", { length: 96 }).notNull(),
    target: text("target").notNull().default(""),
    outcome: varchar("outcome", { length: 8 }).$type<"success" | "failure">().notNull(),
    errorCode: varchar("error_code", { length: 48 }),
    ip: varchar("ip", { length: 64 }).notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("operation_log_vendor_idx").on(t.vendorId, t.createdAt),
    index("operation_log_group_idx").on(t.groupId, t.createdAt),
    index("operation_log_action_ip_idx").on(t.action, t.ip, t.createdAt),
  ],
);
