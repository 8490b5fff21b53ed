import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";

/**
 * The rules the database keeps — rollups and the triggers that feed them, cache versions, the
 * append-only ledger — are SQL files beside the module that owns them (`*.sql` under
 * apps/server/src), not migrations: each file holds `CREATE OR REPLACE FUNCTION` and
 * `CREATE OR REPLACE TRIGGER` statements, and every start applies them all after the migrations, in
 * one transaction. So a file is its rule, and changing a rule is changing its file
 * (docs/decisions.md "Rules in SQL files, applied at every start").
 */
export interface RuleFile {
  /** From apps/server/src, with forward slashes: `modules/revenue/rollups/revenue-daily.sql`. */
  path: string;
  sql: string;
}

/** apps/server/src. */
const SOURCE = path.resolve(import.meta.dirname, "../..");

/** Every rule file, in path order. */
export function ruleFiles(): RuleFile[] {
  return fs
    .readdirSync(SOURCE, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".sql"))
    .map((name) => name.split(path.sep).join("/"))
    .sort()
    .map((name) => ({ path: name, sql: fs.readFileSync(path.join(SOURCE, name), "utf8") }));
}

/**
 * Run after the files, in their transaction: drops every trigger and function of the schema that
 * the files did not just write (the transaction's id is the row's xmin in pg_trigger and pg_proc,
 * replaced or new), so the database's rules are exactly the files' — a rule removed from its file,
 * or left by an old migration, is gone after the next start. Triggers first: a function a kept
 * trigger still runs cannot be dropped, and the start fails saying so.
 */
const DROP_WHAT_NO_FILE_WROTE = `
DO $drop$
DECLARE
  stale record;
BEGIN
  FOR stale IN
    SELECT t.tgname AS name, t.tgrelid::regclass AS on_table
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE NOT t.tgisinternal AND c.relnamespace = 'public'::regnamespace AND t.xmin <> pg_current_xact_id()::xid
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %s', stale.name, stale.on_table);
  END LOOP;
  FOR stale IN
    SELECT p.oid::regprocedure AS signature
    FROM pg_proc p
    WHERE p.pronamespace = 'public'::regnamespace AND p.xmin <> pg_current_xact_id()::xid
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('DROP FUNCTION %s', stale.signature);
  END LOOP;
END
$drop$`;

/** Runs scripts of several statements each, all in one transaction. */
type RunInOneTransaction = (scripts: readonly RuleFile[]) => Promise<void>;

/** Applies every rule file, then drops what no file defines: one transaction, so a failing file changes nothing. */
export function applyRules(run: RunInOneTransaction): Promise<void> {
  return run([...ruleFiles(), { path: "(drop what no file wrote)", sql: DROP_WHAT_NO_FILE_WROTE }]);
}

/** Which script failed, with the database's message. */
function failedIn(script: RuleFile, error: unknown): Error {
  return new Error(`database rule ${script.path}: ${error instanceof Error ? error.message : String(error)}`, {
    cause: error,
  });
}

export function onPostgres(pool: pg.Pool): RunInOneTransaction {
  return async (scripts) => {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      for (const script of scripts)
        await client.query(script.sql).catch((error) => Promise.reject(failedIn(script, error)));
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK");
      throw error;
    } finally {
      client.release();
    }
  };
}

export function onPglite(client: PGlite): RunInOneTransaction {
  return (scripts) =>
    client.transaction(async (tx) => {
      for (const script of scripts) await tx.exec(script.sql).catch((error) => Promise.reject(failedIn(script, error)));
    });
}
