import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { freshDatabase } from "../../test/fresh-database.js";

/**
 * Instances of a cluster start together on one empty PostgreSQL database: each migrates at start,
 * and none fails because another was applying the same migrations at the same moment.
 */
it.runIf(Boolean(process.env.DATABASE_URL))(
  "lets several instances migrate one database at the same time",
  { timeout: 120_000 },
  async () => {
    const fresh = await freshDatabase();
    const others = await Promise.all([fresh.reopen(), fresh.reopen()]);
    try {
      const results = await Promise.allSettled([fresh.database, ...others].map((database) => database.migrate()));
      expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
      const applied = (await fresh.database.db.execute(
        sql`select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { n: number; distinct_hashes: number }[] };
      expect(applied.rows[0]?.n).toBe(applied.rows[0]?.distinct_hashes);
      expect(applied.rows[0]?.n).toBeGreaterThan(20);
    } finally {
      await Promise.all(others.map((database) => database.close()));
      await fresh.database.close();
      await fresh.drop();
    }
  },
);
