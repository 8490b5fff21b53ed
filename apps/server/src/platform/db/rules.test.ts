import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FreshDatabase, freshDatabase } from "../../test/fresh-database.js";
import type { Db } from "./client.js";
import { ruleFiles } from "./rules.js";

/**
 * The database's functions and triggers are its rule files', exactly: after a start nothing else
 * is there (not what old migrations defined, not what anyone added by hand), each function's body is
 * its file's, and a later start puts back what was changed. Every trigger and every file is named in
 * docs/architecture.md. On PGlite, and on PostgreSQL with DATABASE_URL.
 */
let fresh: FreshDatabase;
let db: Db;

beforeAll(async () => {
  fresh = await freshDatabase();
  db = fresh.database.db;
  await fresh.database.migrate();
});
afterAll(async () => {
  await fresh.database.close();
  await fresh.drop();
});

const files = ruleFiles();
const fileText = files.map((file) => file.sql).join("\n");
const defined = (pattern: RegExp) => [...fileText.matchAll(pattern)].map((match) => match[1] ?? "").sort();
/** What the files define, read from their text. */
const FILE_FUNCTIONS = defined(/CREATE OR REPLACE FUNCTION (\w+)\(/g);
const FILE_TRIGGERS = defined(/CREATE OR REPLACE TRIGGER (\w+)\s/g);

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const functionsInDatabase = () =>
  rows<{ name: string; body: string }>(
    sql`select proname as name, prosrc as body from pg_proc where pronamespace = 'public'::regnamespace order by 1`,
  );
const triggersInDatabase = async () =>
  (
    await rows<{ name: string }>(
      sql`select t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
          where not t.tgisinternal and c.relnamespace = 'public'::regnamespace order by 1`,
    )
  ).map((row) => row.name);

/** The body between a function's `$$` quotes in its file. */
function bodyInFile(name: string): string | undefined {
  const match = fileText.match(new RegExp(`CREATE OR REPLACE FUNCTION ${name}\\([^$]*\\$\\$([\\s\\S]*?)\\$\\$`));
  return match?.[1];
}

describe("the database's rules", () => {
  it("are the files' functions, each with its file's body, and nothing else", async () => {
    const functions = await functionsInDatabase();
    expect(functions.map((f) => f.name)).toEqual(FILE_FUNCTIONS);
    for (const { name, body } of functions) expect(body, name).toBe(bodyInFile(name));
  });

  it("are the files' triggers and nothing else", async () => {
    expect(await triggersInDatabase()).toEqual(FILE_TRIGGERS);
    expect(FILE_TRIGGERS.length).toBeGreaterThanOrEqual(18);
  });

  it("come back as their files say at the next start: a function changed by hand, a stray trigger and function dropped", async () => {
    await db.execute(
      sql.raw(`
      CREATE OR REPLACE FUNCTION raise_cache_versions_of_vendor_rows() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RETURN NULL; END $$`),
    );
    await db.execute(sql.raw("DROP TRIGGER orders_roll_up_update ON orders"));
    await db.execute(
      sql.raw("CREATE FUNCTION stray_rule() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$"),
    );
    await db.execute(
      sql.raw("CREATE TRIGGER stray_rule AFTER INSERT ON shops FOR EACH ROW EXECUTE FUNCTION stray_rule()"),
    );
    await fresh.database.migrate();
    const functions = await functionsInDatabase();
    expect(functions.map((f) => f.name)).toEqual(FILE_FUNCTIONS);
    for (const { name, body } of functions) expect(body, name).toBe(bodyInFile(name));
    expect(await triggersInDatabase()).toEqual(FILE_TRIGGERS);
  });

  it("are each named in docs/architecture.md, with the file that holds them", () => {
    const architecture = fs.readFileSync(
      path.resolve(import.meta.dirname, "../../../../../docs/architecture.md"),
      "utf8",
    );
    expect(FILE_TRIGGERS.filter((trigger) => !architecture.includes(`\`${trigger}\``))).toEqual([]);
    expect(files.map((file) => file.path).filter((file) => !architecture.includes(file))).toEqual([]);
  });
});
