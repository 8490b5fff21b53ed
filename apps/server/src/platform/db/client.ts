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
  /** How long its statements take, for whoever observes (the metrics). */
  statements: StatementTimings;
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
export async function openDatabase(options: { url?: string | undefined; dataDir: string }): Promise<Database> {
  if (options.url) {
    // Connections are retired after five minutes, with the statements they prepared (statement-cache.ts).
    const pool = new pg.Pool({ connectionString: options.url, max: 20, maxLifetimeSeconds: 300 });
    const statements = new StatementTimings();
    pool.on("connect", (client) => {
      cacheStatements(client);
      countPgRoundTrips(client);
      timePgStatements(client, statements);
    });
    // An idle connection that dies (server restart, failover, a dropped test database) must not take
    // the process down; the pool replaces it on the next query.
    pool.on("error", (error) => console.error(`PostgreSQL idle connection lost: ${error.message}`));
    const db = drizzlePg({ client: pool }) as unknown as Db;
    const listeners = new PgListeners(options.url);
    return {
      db,
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
        await pool.end();
      },
      statements,
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
    poolUse: () => null,
  };
}
