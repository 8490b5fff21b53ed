import { integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { groups } from "../tenancy/tables.js";

/** A group's mail (SMTP) configuration; the password is sealed with the server's secret key. */
export const groupEmailConfigs = pgTable("group_email_configs", {
  groupId: integer("group_id")
    .primaryKey()
    .references(() => groups.id),
  sendMethod: varchar("send_method", { length: 16 }).notNull(),
  smtpServer: varchar("smtp_server", { length: 255 }).notNull(),
  authMethod: varchar("auth_method", { length: 16 }).notNull(),
  port: integer("port").notNull(),
  username: varchar("username", { length: 255 }).notNull().default(""),
  /** Sealed by SecretBox ("v1:…"), or empty when there is no password. */
  passwordSealed: text("password_sealed").notNull().default(""),
  senderName: varchar("sender_name", { length: 128 }).notNull().default(""),
  title: varchar("title", { length: 255 }).notNull().default(""),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
