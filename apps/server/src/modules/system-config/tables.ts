import { pgTable, text, varchar } from "drizzle-orm/pg-core";

/** Name/value pairs of the platform (sitename, website, favicon, …). */
export const systemConfig = pgTable("system_config", {
  name: varchar("name", { length: 64 }).primaryKey(),
  value: text("value").notNull(),
});
