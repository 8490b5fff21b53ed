import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { PgListeners } from "./pg-listeners.js";
import { countPgliteRoundTrips, countPgRoundTrips } from "./round-trips.js";
import { applyRules, onPglite, onPostgres } from "./rules.js";
import { cacheStatements } from "./statement-cache.js";
import { StatementTimings, timePgliteStatements, timePgStatements } from "./statement-timing.js";

/**
 * One handle type for both drivers: PGlite when embedded, node-postgres otherwise. Queries are built
 * from each module's tables with the query builder; no relational schema is attached.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** The columns and expressions a select names (`db.select(fields)`). */
export type SelectedFields = Parameters<Db["select"]>[0] & object;
/** The handle inside `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  /**
   * For reads that may lag the last commit by a moment: a read replica when DATABASE_READ_URL is
   * set, otherwise `db` itself. Only screens that show figures of the past (revenue, reports,
   * exports) read through it; whatever decides a write, or is shown right after one, reads `db`.
   */
  reader: Db;
  driver: "pglite" | "postgres";
  /** Applies the migrations not yet applied, then the database's rules (rules.ts), as every start does. */
  migrate(): Promise<void>;
  /**
   * Receives NOTIFY payloads of a channel (a `pg_notify` is delivered when its transaction commits,
   * in commit order). Answers the function that stops listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    /** Listening again after the connection dropped: payloads sent meanwhile were lost (PostgreSQL only). */
    onResumed?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** How long its statements take, for whoever observes (the metrics): the replica's included. */
  statements: StatementTimings;
  /** The statements sent to the read replica alone; null without one. */
  readerStatements: StatementTimings | null;
  /** The connection pool's use now (PostgreSQL); null on PGlite, which is one connection in the process. */
  poolUse(): PoolUse | null;
}

/** node-postgres's pool at one moment. */
export interface PoolUse {
  /** Connections open, idle or in use. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: the pool is exhausted. */
  waiting: number;
}

const MIGRATIONS = path.resolve(import.meta.dirname, "../../../drizzle");
/** The embedded database's folder under DATA_DIR (a backup copies and restores it). */
export function embeddedDatabaseFolder(dataDir: string): string {
  return path.join(dataDir, "pglite");
}

/** The advisory lock migrators take on PostgreSQL (any fixed number of ours). */
const MIGRATION_LOCK = 7_311_402_118;

/**
 * `url` set: a PostgreSQL server. Otherwise PGlite in `dataDir` (or in memory when dataDir is
 * "memory://", which the tests use).
 */
export async function openDatabase(options: {
  url?: string | undefined;
  /** A read replica of `url`'s database, for `reader` (PostgreSQL only). */
  readUrl?: string | undefined;
  dataDir: string;
}): Promise<Database> {
  if (options.readUrl && !options.url) throw new Error("DATABASE_READ_URL needs DATABASE_URL: a replica of what?");
  if (options.url) {
    const statements = new StatementTimings();
    const pool = openPool(options.url, 20, [statements]);
    const db = drizzlePg({ client: pool }) as unknown as Db;
    const readerStatements = options.readUrl ? new StatementTimings() : null;
    const readerPool =
      options.readUrl && readerStatements ? openPool(options.readUrl, 10, [statements, readerStatements]) : null;
    const listeners = new PgListeners(options.url);
    return {
      db,
      reader: readerPool ? (drizzlePg({ client: readerPool }) as unknown as Db) : db,
      driver: "postgres",
      migrate: async () => {
        // Instances starting together (a cluster, a rolling upgrade) migrate one after the other:
        // the next finds the migrations applied and does nothing.
        const lock = await pool.connect();
        try {
          await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
          await migratePg(drizzlePg({ client: pool }), { migrationsFolder: MIGRATIONS });
          await applyRules(onPostgres(pool));
        } finally {
          await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
          lock.release();
        }
      },
      listen: (channel, onPayload, onResumed) =>
        listeners.listen(channel, { payload: onPayload, ...(onResumed ? { resumed: onResumed } : {}) }),
      close: async () => {
        await listeners.close();
        await Promise.all([pool.end(), readerPool?.end()]);
      },
      statements,
      readerStatements,
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const memory = options.dataDir === "memory://";
  if (!memory) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = memory ? new PGlite() : new PGlite(embeddedDatabaseFolder(options.dataDir));
  await client.waitReady;
  countPgliteRoundTrips(client);
  const statements = new StatementTimings();
  timePgliteStatements(client, statements);
  const driverDb = drizzlePglite({ client });
  return {
    db: driverDb as unknown as Db,
    reader: driverDb as unknown as Db,
    driver: "pglite",
    migrate: async () => {
      await migratePglite(driverDb, { migrationsFolder: MIGRATIONS });
      await applyRules(onPglite(client));
    },
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    close: () => client.close(),
    statements,
    readerStatements: null,
    poolUse: () => null,
  };
}

/** A node-postgres pool whose connections cache their statements and are timed by `timings`. */
function openPool(url: string, max: number, timings: readonly StatementTimings[]): pg.Pool {
  // Connections are retired after five minutes, with the statements they prepared (statement-cache.ts).
  const pool = new pg.Pool({ connectionString: url, max, maxLifetimeSeconds: 300 });
  pool.on("connect", (client) => {
    cacheStatements(client);
    countPgRoundTrips(client);
    for (const each of timings) timePgStatements(client, each);
  });
  // An idle connection that dies (server restart, failover, a dropped test database) must not take
  // the process down; the pool replaces it on the next query.
  pool.on("error", (error) => console.error(`PostgreSQL idle connection lost: ${error.message}`));
  return pool;
}
