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
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const MIGRATIONS = path.resolve(import.meta.dirname, "../../../drizzle");

/**
 * `url` set: a PostgreSQL server. Otherwise PGlite in `dataDir` (or in memory when dataDir is
 * "memory://", which the tests use).
 */
export async function openDatabase(options: { url?: string | undefined; dataDir: string }): Promise<Database> {
  if (options.url) {
    // Connections are retired after five minutes, with the statements they prepared (statement-cache.ts).
    const pool = new pg.Pool({ connectionString: options.url, max: 20, maxLifetimeSeconds: 300 });
    pool.on("connect", (client) => {
      cacheStatements(client);
      countPgRoundTrips(client);
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
        await migratePg(drizzlePg({ client: pool }), { migrationsFolder: MIGRATIONS });
        await applyRules(onPostgres(pool));
      },
      listen: (channel, onPayload) => listeners.listen(channel, onPayload),
      close: async () => {
        await listeners.close();
        await pool.end();
      },
    };
  }
  const memory = options.dataDir === "memory://";
  if (!memory) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = memory ? new PGlite() : new PGlite(path.join(options.dataDir, "pglite"));
  await client.waitReady;
  countPgliteRoundTrips(client);
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
  };
}
