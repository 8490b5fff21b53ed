import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "./client.js";

const JOURNAL = path.resolve(import.meta.dirname, "../../../drizzle/meta/_journal.json");

/** When this code's newest migration was made (drizzle's journal: what the migrator compares). */
function newestMigrationMillis(): number {
  const journal = JSON.parse(fs.readFileSync(JOURNAL, "utf8")) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * Whether the database has every migration this code knows. During a rolling upgrade the first new
 * instance migrates; an instance whose database lacks its migrations must not take traffic.
 */
export function migrationsCurrent(db: Db): () => Promise<boolean> {
  const newest = newestMigrationMillis();
  return async () => {
    // Both drivers answer { rows } (related.ts reads them the same way); created_at is a bigint.
    const result = (await db.execute(sql`select max(created_at) as applied from drizzle.__drizzle_migrations`)) as {
      rows: { applied: string | number | null }[];
    };
    return Number(result.rows[0]?.applied ?? 0) >= newest;
  };
}
