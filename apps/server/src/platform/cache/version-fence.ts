import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { preparedFor } from "../db/prepared.js";
import { cacheVersions } from "./tables.js";

/** Versions of cache keys as read at one moment: every key asked for, at 0 when never raised. */
export type Versions = ReadonlyMap<string, number>;

type ReadVersions = (keys: readonly string[]) => Promise<Versions>;

interface Batch {
  keys: Set<string>;
  settle: { resolve(versions: Versions): void; reject(error: unknown): void };
  done: Promise<Versions>;
}

/**
 * Reads the current versions of cache keys for every waiting request with one query. A request is
 * answered only by a read that started after it asked, so whatever was committed before the request
 * arrived — on any instance — is seen; requests that ask while a read is under way wait for the next
 * one, which then serves all of them. Under load one read serves many requests; idle, a request
 * waits for one round trip.
 */
export class VersionFence {
  private reading = false;
  private next: Batch | null = null;

  constructor(private readonly readVersions: ReadVersions) {}

  /** The database's versions of `keys`, read after this call. */
  read(keys: readonly string[]): Promise<Versions> {
    let batch = this.next;
    if (!batch) {
      batch = newBatch();
      this.next = batch;
      // After the current turn of the event loop, so the requests read in it share the query.
      if (!this.reading) setImmediate(() => this.start());
    }
    for (const key of keys) batch.keys.add(key);
    return batch.done;
  }

  private start(): void {
    const batch = this.next;
    if (this.reading || !batch) return;
    this.next = null;
    this.reading = true;
    this.readVersions([...batch.keys]).then(
      (versions) => this.finish(() => batch.settle.resolve(versions)),
      (error: unknown) => this.finish(() => batch.settle.reject(error)),
    );
  }

  private finish(settle: () => void): void {
    this.reading = false;
    settle();
    // Everyone in the next batch asked while this read was under way: the next read starts now.
    if (this.next) this.start();
  }
}

function newBatch(): Batch {
  let settle!: Batch["settle"];
  const done = new Promise<Versions>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // A batch nobody awaits any more must not report an unhandled rejection.
  done.catch(() => undefined);
  return { keys: new Set(), settle, done };
}

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
