import { bigint, pgTable, varchar } from "drizzle-orm/pg-core";

/**
 * One counter per cache key ("v:<vendor>", "g:<group>", "a:<account>", "r:<role>"), raised by the
 * tables' triggers in the writing transaction (cache-versions.sql). A cached value remembers the
 * versions of its keys; it is served only while they are unchanged (docs/decisions.md "Fenced caches").
 */
export const cacheVersions = pgTable("cache_versions", {
  key: varchar("key", { length: 64 }).primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});
