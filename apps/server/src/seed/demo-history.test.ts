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
  expect(wrote).toEqual([
    "tenancy",
    "shops",
    "devices",
    "systemConfig",
    "orders",
    "members",
    "subscriptions",
    "notices",
    "operationLog",
  ]);
  const [span] = await rows<{ vendors: number; days: number; members: number; movements: number }>(sql`
    select (select count(distinct vendor_id) from orders)::int as vendors,
      (select count(distinct (created_at at time zone 'UTC')::date) from orders)::int as days,
      (select count(*) from members)::int as members,
      (select count(*) from balance_movements)::int as movements`);
  expect(span).toMatchObject({ vendors: 2, members: 300 });
  expect(span?.days).toBeGreaterThanOrEqual(90);
  expect(span?.movements).toBeGreaterThan(1_000);
});

it("spreads the subscriptions: Kuala Lumpur's run a year ahead, Bangkok's first machines expire soon or just did", async () => {
  const [spread] = await rows<{ quiet: number; expiring: number; expired: number; prices: number }>(sql`
    select
      (select count(*) from devices d join vendors v on v.id = d.vendor_id
        where v.currency = 'MYR' and d.subscription_expires_at < now() + interval '300 days')::int as quiet,
      (select count(*) from devices d join vendors v on v.id = d.vendor_id where v.currency = 'THB'
        and d.subscription_expires_at between now() and now() + interval '30 days')::int as expiring,
      (select count(*) from devices d join vendors v on v.id = d.vendor_id where v.currency = 'THB'
        and d.subscription_expires_at < now())::int as expired,
      (select count(*) from subscription_prices where currency in ('MYR', 'THB'))::int as prices`);
  expect(spread).toEqual({ quiet: 0, expiring: 2, expired: 1, prices: 2 });
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

/**
 * Issue 25, point 9: a demo that looks like a business — Bangkok's machines named in Thai and its
 * members Thai, Kuala Lumpur an owner of five shops and some sixty machines, dryers on a template of
 * their own, members who joined across the ninety days at opening hours, rewards given and spent,
 * and a log of real operations, not only sign-ins.
 */
it("looks like two real businesses: names in each vendor's language, five Kuala Lumpur shops, a template per machine type", async () => {
  const machines = await rows<{ currency: string; type: string; name: string; template: string | null }>(sql`
    select v.currency, d.machine_type as type, d.name, t.model_name as template
    from devices d join vendors v on v.id = d.vendor_id left join price_templates t on t.id = d.price_template_id`);
  const bangkok = machines.filter((m) => m.currency === "THB");
  const kualaLumpur = machines.filter((m) => m.currency === "MYR");
  expect(bangkok.map((m) => m.name)).toContain("เครื่องซักผ้า 1");
  expect(bangkok.map((m) => m.name)).toContain("เครื่องอบผ้า 1");
  expect(bangkok.every((m) => /[\u0E00-\u0E7F]/.test(m.name))).toBe(true);
  expect(kualaLumpur.map((m) => m.name)).toContain("Washer 1");
  expect(kualaLumpur.length).toBeGreaterThanOrEqual(55);
  const [shops] = await rows<{ kl: number }>(sql`
    select count(*)::int as kl from shops s join vendors v on v.id = s.vendor_id where v.currency = 'MYR'`);
  expect(shops?.kl).toBe(5);
  // No dryer on a washer's template: each type runs its own.
  const templateOf = (type: string, currency: string) =>
    new Set(machines.filter((m) => m.type === type && m.currency === currency).map((m) => m.template));
  expect(templateOf("dryer", "THB")).toEqual(new Set(["อบ 30 นาที"]));
  expect(templateOf("dryer", "MYR")).toEqual(new Set(["Dry 30 minutes"]));
  expect(templateOf("combo", "MYR")).toEqual(new Set(["Wash & Dry 10 kg"]));
});

it("has members who joined across the ninety days, at opening hours, named as people are where the vendor is", async () => {
  const members = await rows<{ currency: string; name: string; at: string; hour: number; day: string }>(sql`
    select v.currency, m.name, m.created_at::text as at,
      extract(hour from m.created_at at time zone v.time_zone)::int as hour,
      (m.created_at at time zone v.time_zone)::date::text as day
    from members m join vendors v on v.id = m.vendor_id`);
  const thai = members.filter((m) => m.currency === "THB");
  expect(thai.length).toBeGreaterThan(100);
  expect(thai.every((m) => /^[\u0E00-\u0E7F]+ [\u0E00-\u0E7F]+$/.test(m.name))).toBe(true);
  const malaysian = members.filter((m) => m.currency === "MYR");
  expect(malaysian.some((m) => / bin(ti)? /.test(m.name))).toBe(true);
  expect(malaysian.some((m) => / a\/[lp] /.test(m.name))).toBe(true);
  expect(new Set(members.map((m) => m.name)).size).toBe(members.length);
  // No two at the same moment, on sixty days and more, between seven in the morning and eleven at night.
  expect(new Set(members.map((m) => m.at)).size).toBe(members.length);
  expect(new Set(members.map((m) => `${m.currency} ${m.day}`)).size).toBeGreaterThan(2 * 60);
  expect(members.every((m) => m.hour >= 7 && m.hour < 23)).toBe(true);
});

it("gives rewards at the counter and members spend them, and logs varied operations over the past days", async () => {
  const [reward] = await rows<{ given: number; spent: number }>(sql`
    select count(*) filter (where kind = 'adjustment' and amount > 0 and account_id is not null)::int as given,
      count(*) filter (where kind = 'payment')::int as spent
    from balance_movements where purse = 'reward'`);
  expect(reward?.given).toBeGreaterThan(10);
  expect(reward?.spent).toBeGreaterThan(0);
  const log = await rows<{ action: string; vendors: number; days: number }>(sql`
    select action, count(distinct vendor_id)::int as vendors,
      count(distinct (created_at at time zone 'UTC')::date)::int as days
    from operation_log group by action`);
  const actions = log.map((l) => l.action);
  for (const action of [
    "auth.login",
    "devices.reboot",
    "devices.coinCollection",
    "priceTemplates.modify",
    "shops.modify",
    "members.cardTopUp",
    "members.modifyBalances",
  ]) {
    expect(actions, action).toContain(action);
  }
  const [latest] = await rows<{ actions: number }>(sql`
    select count(distinct action)::int as actions from (
      select action from operation_log order by created_at desc limit 20) as recent`);
  expect(latest?.actions).toBeGreaterThanOrEqual(3);
  // Every row names its record by id, as the calls write them.
  const [unnamed] = await rows<{ n: number }>(
    sql`select count(*)::int as n from operation_log where target !~ ':[0-9a-z_]'`,
  );
  expect(unnamed?.n).toBe(0);
});
