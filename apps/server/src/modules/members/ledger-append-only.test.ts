import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../seed/demo.js";
import { type FreshDatabase, freshDatabase } from "../../test/fresh-database.js";
import { rolledBack } from "../../test/rolled-back.js";

/**
 * The ledger's rule (ledger-append-only.sql beside this file), one case each: the write, and whether
 * the database takes it. The world: a member of Kuala Lumpur's with one top-up of 500 in the ledger.
 * Each case runs in a transaction rolled back afterwards.
 */
const CASES: [rule: string, write: string, taken: boolean][] = [
  [
    "a new movement is written",
    `insert into balance_movements (vendor_id, member_id, purse, kind, amount, balance_after, ref)
      select vendor_id, member_id, 'balance', 'payment', -200, 300, 'ledger-test-2' from balance_movements`,
    true,
  ],
  ["a movement is never changed", "update balance_movements set amount = 5000", false],
  ["a movement is never removed", "delete from balance_movements", false],
];

let fresh: FreshDatabase;

beforeAll(async () => {
  fresh = await freshDatabase();
  const { db } = fresh.database;
  await fresh.database.migrate();
  await seedDemo(db);
  await db.execute(sql`insert into members (vendor_id, phone)
    select id, '6012999999' from vendors where name = 'Demo Laundry Kuala Lumpur'`);
  await db.execute(sql`insert into balance_movements (vendor_id, member_id, purse, kind, amount, balance_after, ref)
    select vendor_id, id, 'balance', 'topup', 500, 500, 'ledger-test-1' from members where phone = '6012999999'`);
});
afterAll(async () => {
  await fresh.database.close();
  await fresh.drop();
});

describe("the ledger", () => {
  it.each(CASES)("%s", async (_rule, write, taken) => {
    const refusal = await rolledBack(fresh.database.db, async (tx) => {
      try {
        await tx.execute(sql.raw(write));
        return null;
      } catch (error) {
        return String((error as { cause?: unknown }).cause ?? error);
      }
    });
    if (taken) expect(refusal).toBeNull();
    else expect(refusal).toContain("balance_movements is append-only");
  });
});
