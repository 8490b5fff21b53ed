import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { preparedFor } from "../db/prepared.js";
import { ReadFence } from "../db/read-fence.js";
import { cacheVersions } from "./tables.js";

/** Versions of cache keys as read at one moment: every key asked for, at 0 when never raised. */
export type Versions = ReadonlyMap<string, number>;

/**
 * Reads the current versions of cache keys for every waiting request with one query, answering a
 * request only by a read that started after it asked (`ReadFence`): whatever was committed before
 * the request arrived, on any instance, is seen.
 */
export class VersionFence extends ReadFence<number> {}

const versionsOf = preparedFor((db) =>
  db
    .select({ key: cacheVersions.key, version: cacheVersions.version })
    .from(cacheVersions)
    .where(sql`${cacheVersions.key} = any(${sql.placeholder("keys")}::text[])`)
    .prepare("cache_versions_of"),
);

/** The fence over the database's cache_versions table. */
export function databaseFence(db: Db): VersionFence {
  return new VersionFence(async (keys) => {
    const rows = await versionsOf(db).execute({ keys });
    const versions = new Map(keys.map((key) => [key, 0]));
    for (const row of rows) versions.set(row.key, Number(row.version));
    return versions;
  });
}

/** The version of one key inside another query, read in that query's snapshot. */
export function versionOfKey(key: ReturnType<typeof sql>) {
  return sql<number>`coalesce((select ${cacheVersions.version} from ${cacheVersions} where ${cacheVersions.key} = ${key}), 0)`.mapWith(
    Number,
  );
}
