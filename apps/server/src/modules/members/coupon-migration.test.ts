import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../platform/db/client.js";
import { type FreshDatabase, freshDatabase } from "../../test/fresh-database.js";

/**
 * The coupon definitions migration (0041_coupon_definitions) on coupons written before it (the demo's two per vendor): each gets the code "C<id>"
 * (unique, so the new index on the vendor's codes is made), is switched on, and keeps what it was.
 */
const MIGRATIONS = path.resolve(import.meta.dirname, "../../../drizzle");
/** Found by its name, whatever number it was given among migrations written alongside it. */
const MIGRATION = /^\d{4}_coupon_definitions$/;

/** Applies the migrations before it only, from a copy of the folder with a shortened journal. */
async function migrateBefore(database: Database): Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "wb-migrations-"));
  fs.cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => MIGRATION.test(e.tag));
  expect(at, "the coupon definitions migration in the journal").toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  try {
    if (database.driver === "pglite") await migratePglite(database.db as never, { migrationsFolder: folder });
    else await migratePg(database.db as never, { migrationsFolder: folder });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

let fresh: FreshDatabase;
type Row = { id: number; code: string; kind: string; name: string; enabled: boolean; amount: string | null };

beforeAll(async () => {
  fresh = await freshDatabase();
  const { db } = fresh.database;
  await migrateBefore(fresh.database);
  await db.execute(sql`insert into vendors (name, currency, language, time_zone)
    values ('Before codes', 'MYR', 'en', 'Asia/Kuala_Lumpur'), ('Also before', 'THB', 'th-th', 'Asia/Bangkok')`);
  // The same names at two vendors, as the demo wrote them.
  await db.execute(sql`insert into coupons (vendor_id, kind, name, discount_rate, amount, valid_days)
    select v.id, c.kind, c.name, c.rate, c.amount, c.days from vendors v,
      (values ('discount', 'Weekday 20% off', 20, null::bigint, 30), ('voucher', 'Welcome voucher', null, 200::bigint, 60))
        as c(kind, name, rate, amount, days)`);
  await fresh.database.migrate();
});
afterAll(async () => {
  await fresh.database.close();
  await fresh.drop();
});

describe("the coupon definitions migration: coupons written before codes", () => {
  it("get C<id> as their code, are switched on and keep their worth", async () => {
    const result = (await fresh.database.db.execute(
      sql`select id, code, kind, name, enabled, amount::text from coupons order by id`,
    )) as unknown as { rows: Row[] };
    expect(result.rows).toHaveLength(4);
    for (const row of result.rows) {
      expect(row.code).toBe(`C${row.id}`);
      expect(row.enabled).toBe(true);
    }
    expect(result.rows.map((r) => [r.kind, r.name, r.amount])).toEqual([
      ["discount", "Weekday 20% off", null],
      ["voucher", "Welcome voucher", "200"],
      ["discount", "Weekday 20% off", null],
      ["voucher", "Welcome voucher", "200"],
    ]);
  });

  it("a coupon written without a code afterwards gets a random one; the same code twice in a vendor is refused", async () => {
    const { db } = fresh.database;
    const made = (await db.execute(sql`insert into coupons (vendor_id, kind, name, valid_days)
      select min(id), 'free', 'Later', 5 from vendors returning code`)) as unknown as { rows: { code: string }[] };
    expect(made.rows[0]?.code).toMatch(/^[0-9A-F]{10}$/);
    await expect(
      db.execute(sql`insert into coupons (vendor_id, code, kind, name, valid_days)
        select min(id), 'c1', 'free', 'Clash', 5 from vendors`),
    ).rejects.toThrow();
  });
});
