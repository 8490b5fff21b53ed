import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { MODULES } from "../modules.js";
import type { Db } from "../platform/db/client.js";
import { uploadStore } from "../platform/storage/file-store.js";
import { type FreshDatabase, freshDatabase } from "../test/fresh-database.js";
import { seedDemoData } from "./demo-seed.js";

/**
 * Issue 25, point 12: the demo's ninety days are bulk-loaded, not written row by row through the
 * services, so what the services guarantee is checked here on the whole seeded demo: every balance is
 * the sum of its movements, each movement's balance after is the running sum, every paid member
 * order is paid by one movement, the rollups equal a rebuild from the orders, and a second seeding
 * writes nothing.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wb-demo-history-"));
let fresh: FreshDatabase;
let db: Db;
let wrote: string[] = [];

const seed = () =>
  seedDemoData(MODULES, db, { tenantOnly: false, files: uploadStore({ dataDir }), secretKey: randomBytes(32) });

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const answer = (await db.execute(query)) as unknown as { rows: T[] };
  return answer.rows;
}

beforeAll(async () => {
  fresh = await freshDatabase();
  await fresh.database.migrate();
  db = fresh.database.db;
  wrote = await seed();
}, 180_000);

afterAll(async () => {
  await fresh.database.close();
  await fresh.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it("seeds every step once: the tenant, shops, machines, ninety days of orders and members", async () => {
  expect(wrote).toEqual(["tenancy", "shops", "devices", "orders", "members"]);
  const [span] = await rows<{ vendors: number; days: number; members: number; movements: number }>(sql`
    select (select count(distinct vendor_id) from orders)::int as vendors,
      (select count(distinct (created_at at time zone 'UTC')::date) from orders)::int as days,
      (select count(*) from members)::int as members,
      (select count(*) from balance_movements)::int as movements`);
  expect(span).toMatchObject({ vendors: 2, members: 300 });
  expect(span?.days).toBeGreaterThanOrEqual(90);
  expect(span?.movements).toBeGreaterThan(1_000);
});

it("keeps the ledger: balances are the sums of their movements, each balance after the running sum", async () => {
  const members = await rows<{ id: number }>(sql`
    select m.id from members m
    where m.balance <> coalesce((select sum(amount) from balance_movements b
      where b.member_id = m.id and b.purse = 'balance'), 0)
      or m.reward <> coalesce((select sum(amount) from balance_movements b
      where b.member_id = m.id and b.purse = 'reward'), 0)`);
  expect(members).toEqual([]);
  const cards = await rows<{ id: number }>(sql`
    select c.id from cards c
    where c.balance <> coalesce((select sum(amount) from balance_movements b where b.card_id = c.id), 0)`);
  expect(cards).toEqual([]);
  const chains = await rows<{ id: number }>(sql`
    select id from (
      select id, balance_after, sum(amount) over (
        partition by member_id, card_id, purse order by id rows unbounded preceding) as running
      from balance_movements) b
    where balance_after <> running or balance_after < 0`);
  expect(chains).toEqual([]);
});

it("pays every paid member order by one movement of its amount, and no unpaid one", async () => {
  const mismatched = await rows<{ order_no: string }>(sql`
    select o.order_no from orders o
    left join balance_movements b on b.vendor_id = o.vendor_id and b.ref = 'order:' || o.order_no
    where o.source in ('mem_card', 'mem_account') and o.member_id is not null
      and ((o.pay_status = 1 and o.amount > 0 and (b.id is null or b.amount <> -o.amount or b.order_no <> o.order_no))
        or (o.pay_status <> 1 and b.id is not null))`);
  expect(mismatched).toEqual([]);
  const [taps] = await rows<{ paid: number; refused: number }>(sql`
    select count(*) filter (where pay_status = 1)::int as paid, count(*) filter (where pay_status = 0)::int as refused
    from orders where source = 'mem_card' and member_id is not null`);
  expect(taps?.paid).toBeGreaterThan(0);
  // A used coupon names the order it paid part of.
  const coupons = await rows<{ id: number }>(sql`
    select c.id from member_coupons c left join orders o on o.order_no = c.order_no
    where c.state = 1 and (o.id is null or o.member_id <> c.member_id)`);
  expect(coupons).toEqual([]);
});

it("keeps the revenue rollups and order totals equal to a rebuild from the orders", async () => {
  const snapshot = () =>
    Promise.all(
      [
        sql`select * from revenue_daily order by vendor_id, day, shop_id, device_id, source, currency`,
        sql`select * from revenue_monthly order by vendor_id, month, shop_id, source, currency`,
        sql`select * from usage_hourly order by vendor_id, day, hour, shop_id, machine_type, program`,
        sql`select * from order_totals_daily
          order by vendor_id, source, day, shop_id, device_id, pay_status, refund_status`,
      ].map((query) => rows<Record<string, unknown>>(query)),
    );
  const seeded = await snapshot();
  expect(seeded[0]?.length).toBeGreaterThan(0);
  await db.execute(sql`select rebuild_revenue_rollups(null)`);
  await db.execute(sql`select rebuild_order_totals(null)`);
  expect(await snapshot()).toEqual(seeded);
});

it("writes nothing on a second seeding", async () => {
  const counts = sql`select (select count(*) from orders)::int as orders, (select count(*) from members)::int as members,
    (select count(*) from balance_movements)::int as movements, (select count(*) from devices)::int as devices`;
  const before = await rows(counts);
  expect(await seed()).toEqual([]);
  expect(await rows(counts)).toEqual(before);
});
