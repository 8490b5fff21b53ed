import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../platform/db/client.js";

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database created on the
 * PostgreSQL server of DATABASE_URL (and dropped afterwards), so runs never share state.
 */
export interface FreshDatabase {
  database: Database;
  /**
   * Another handle on the same database, as a second API instance would have: a new connection
   * pool on PostgreSQL; on embedded PGlite, which one process holds, the same database (closing the
   * handle leaves it open).
   */
  reopen(): Promise<Database>;
  drop(): Promise<void>;
}

/**
 * The read URL a test gives its "replica": the same database through connections that refuse to
 * write, so a screen that reads there is seen to (Database.readerStatements) and could not write.
 */
function readOnlyUrl(url: URL): string {
  const replica = new URL(url);
  replica.searchParams.set("options", "-c default_transaction_read_only=on");
  return replica.toString();
}

export async function freshDatabase(options: { readReplica?: boolean } = {}): Promise<FreshDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: "memory://" });
    return { database, reopen: async () => ({ ...database, close: async () => {} }), drop: async () => {} };
  }
  const name = `wb_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const readUrl = options.readReplica ? readOnlyUrl(url) : undefined;
  const database = await openDatabase({ url: url.toString(), readUrl, dataDir: "" });
  return {
    database,
    reopen: () => openDatabase({ url: url.toString(), dataDir: "" }),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
