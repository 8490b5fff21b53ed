import { randomBytes } from "node:crypto";
import { ALL_PERMISSION_LEAVES, API, localDate, type OrderSource, paymentTypeOf } from "@washboard/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listening, openEventStream } from "../../test/event-stream.js";
import { demoVendors, otherTenant, vendorSubAccount } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { provisionDevice } from "../devices/provision.js";
import { newOrderNo } from "../orders/order-numbers.js";
import { orderRefunds, orders, PAY_STATUS } from "../orders/tables.js";
import { shops } from "../shops/tables.js";
import { vendors } from "../tenancy/tables.js";
import { REVENUE_EVENT_MS } from "./live-figures.js";
import { revenueDaily, revenueMonthly } from "./tables.js";

/**
 * Revenue figures on a data set computed by hand: months and days in the vendor's zone (an order a
 * minute before and after midnight on a month's last day; a vendor ahead of the server's zone), a
 * zero-decimal currency, refunds apart, shops adding up to the month, and the rollups equal to a
 * raw scan and to their own rebuild after random orders, refunds and late notifications.
 */
let server: TestServer;
let kl: { id: number; shopA: number; shopB: number; dev1: number; dev2: number; dev3: number };
let bkk: { id: number; shop: number; dev: number };
const as = { as: "vendor_admin" } as const;
const run = randomBytes(3).toString("hex").toUpperCase();

async function shop(vendorId: number, name: string) {
  const [row] = await server.database.db
    .insert(shops)
    .values({ vendorId, name, address: "1 Jalan Hasil", serviceType: 1 })
    .returning();
  if (!row) throw new Error("shop not created");
  return row.id;
}

async function machine(vendorId: number, shopId: number, name: string, machineType = "washer") {
  const { id } = await provisionDevice(server.database.db, {
    vendorId,
    shopId,
    serialNumber: `RV${run}-${name}`,
    name,
    machineType,
  });
  return id;
}

interface OrderSpec {
  vendorId: number;
  currency: string;
  shopId: number | null;
  deviceId: number | null;
  source: OrderSource;
  amount: number;
  /** ISO instant it was paid; null: not paid. */
  paidAt: string | null;
  minutes?: number | null;
  program?: string;
}

async function order(spec: OrderSpec) {
  const at = spec.paidAt ? new Date(spec.paidAt) : new Date();
  const orderNo = newOrderNo(at);
  const [row] = await server.database.db
    .insert(orders)
    .values({
      vendorId: spec.vendorId,
      source: spec.source,
      payType: paymentTypeOf(spec.source),
      orderNo,
      payUniqueNo: `${orderNo}-${randomBytes(4).toString("hex")}`,
      amount: spec.amount,
      currency: spec.currency,
      payStatus: spec.paidAt ? PAY_STATUS.paid : PAY_STATUS.unpaid,
      paidAt: spec.paidAt ? at : null,
      shopId: spec.shopId,
      deviceId: spec.deviceId,
      program: spec.program ?? "Wash",
      minutes: spec.minutes === undefined ? 30 : spec.minutes,
      createdAt: at,
    })
    .returning();
  if (!row) throw new Error("order not created");
  return row;
}

async function refund(
  o: { id: number; vendorId: number },
  amount: number,
  finishedAt: string,
  state: "succeeded" | "failed" = "succeeded",
) {
  const [row] = await server.database.db
    .insert(orderRefunds)
    .values({
      orderId: o.id,
      vendorId: o.vendorId,
      refundNo: `RF${randomBytes(8).toString("hex")}`,
      amount,
      state: "refunding",
      type: "manual",
    })
    .returning();
  if (!row) throw new Error("refund not created");
  // As the refund delivery finishes one: the rollup counts it when it succeeds, on that day.
  await server.database.db
    .update(orderRefunds)
    .set({ state, finishedAt: new Date(finishedAt) })
    .where(eq(orderRefunds.id, row.id));
  return row;
}

beforeAll(async () => {
  server = await startTestServer();
  const { kl: klVendor, bkk: bkkVendor } = await demoVendors(server.database);
  const shopA = await shop(klVendor.id, "Revenue A");
  const shopB = await shop(klVendor.id, "Revenue B");
  kl = {
    id: klVendor.id,
    shopA,
    shopB,
    dev1: await machine(klVendor.id, shopA, "W1"),
    dev2: await machine(klVendor.id, shopA, "W2"),
    dev3: await machine(klVendor.id, shopB, "D1", "dryer"),
  };
  const bkkShop = await shop(bkkVendor.id, "Revenue Bangkok");
  bkk = { id: bkkVendor.id, shop: bkkShop, dev: await machine(bkkVendor.id, bkkShop, "B1") };

  const base = { vendorId: kl.id, currency: "MYR" };
  // Kuala Lumpur is UTC+8: 23:59 on 31 January is 15:59Z, one minute past midnight 16:01Z.
  const coin = await order({
    ...base,
    shopId: shopA,
    deviceId: kl.dev1,
    source: "coin",
    amount: 500,
    paidAt: "2026-01-31T15:59:00Z",
  });
  const wechat = await order({
    ...base,
    shopId: shopA,
    deviceId: kl.dev2,
    source: "wechatpay",
    amount: 700,
    paidAt: "2026-01-31T16:01:00Z",
  });
  await order({
    ...base,
    shopId: shopB,
    deviceId: kl.dev3,
    source: "mem_card",
    amount: 300,
    paidAt: "2026-02-10T04:00:00Z",
    minutes: null,
    program: "Dry",
  });
  await order({
    ...base,
    shopId: shopA,
    deviceId: kl.dev1,
    source: "free_start",
    amount: 0,
    paidAt: "2026-02-12T01:00:00Z",
  });
  // Not paid: counts nowhere.
  await order({ ...base, shopId: shopA, deviceId: kl.dev2, source: "alipay", amount: 900, paidAt: null });
  // 200 back on 10 February (14:00 local); a refund that failed gives nothing back.
  await refund(wechat, 200, "2026-02-10T06:00:00Z");
  await refund(coin, 100, "2026-02-10T06:30:00Z", "failed");

  // Bangkok (UTC+7, ahead of the server's UTC; baht shown without decimals): 00:30 on 1 March is 17:30Z the day before.
  await order({
    vendorId: bkk.id,
    currency: "THB",
    shopId: bkkShop,
    deviceId: bkk.dev,
    source: "coin",
    amount: 40,
    paidAt: "2026-02-28T17:30:00Z",
  });

  // Another tenant's sale, which no figure of the demo group may include.
  const other = await otherTenant(server.database);
  await order({
    vendorId: other.vendor.id,
    currency: "IDR",
    shopId: null,
    deviceId: null,
    source: "coin",
    amount: 99_000,
    paidAt: "2026-02-10T04:00:00Z",
  });
});

afterAll(() => server?.close());

describe("revenue by month and payment source (income_total)", () => {
  it("counts each order in its vendor-local month and shows refunds apart", async () => {
    const { http, body } = await server.send(API.revenue.earningsMonth, { from: "2026-01", to: "2026-02" }, as);
    expect(http, JSON.stringify(body)).toBe(200);
    const rows = body.result.items.map(({ month, source, orders: n, gross, refunds, refunded, net, currency }) => ({
      month,
      source,
      n,
      gross,
      refunds,
      refunded,
      net,
      currency,
    }));
    expect(rows).toEqual([
      { month: "2026-01", source: "coin", n: 1, gross: 500, refunds: 0, refunded: 0, net: 500, currency: "MYR" },
      { month: "2026-02", source: "free_start", n: 1, gross: 0, refunds: 0, refunded: 0, net: 0, currency: "MYR" },
      { month: "2026-02", source: "mem_card", n: 1, gross: 300, refunds: 0, refunded: 0, net: 300, currency: "MYR" },
      { month: "2026-02", source: "wechatpay", n: 1, gross: 700, refunds: 1, refunded: 200, net: 500, currency: "MYR" },
    ]);
  });

  it("puts a Bangkok order at 00:30 local on 1 March in March, in whole baht", async () => {
    const { body } = await server.send(
      API.revenue.earningsMonth,
      { from: "2026-02", to: "2026-03" },
      { as: "vendor2_admin" },
    );
    expect(body.result.items).toEqual([
      expect.objectContaining({ month: "2026-03", source: "coin", orders: 1, gross: 40, net: 40, currency: "THB" }),
    ]);
  });

  it("gives a group account every vendor of its group, each in its own currency, and no one else's", async () => {
    const { body } = await server.send(
      API.revenue.earningsMonth,
      { from: "2026-01", to: "2026-03" },
      { as: "group_admin" },
    );
    const byVendor = new Map<number, Set<string>>();
    for (const row of body.result.items)
      byVendor.set(row.vendor_id, (byVendor.get(row.vendor_id) ?? new Set()).add(row.currency));
    expect([...byVendor.keys()].sort()).toEqual([kl.id, bkk.id].sort());
    expect(byVendor.get(kl.id)).toEqual(new Set(["MYR"]));
    expect(byVendor.get(bkk.id)).toEqual(new Set(["THB"]));
    expect(body.result.items.some((r) => r.currency === "IDR")).toBe(false);
    // With a vendor chosen in the top bar, only that vendor's.
    const chosen = await server.send(
      API.revenue.earningsMonth,
      { from: "2026-01", to: "2026-03" },
      { as: "group_admin", vendorId: bkk.id },
    );
    expect(new Set(chosen.body.result.items.map((r) => r.vendor_id))).toEqual(new Set([bkk.id]));
  });

  it("refuses a range that ends before it starts or spans more than five years", async () => {
    const backwards = await server.sendRaw(API.revenue.earningsMonth, { from: "2026-03", to: "2026-01" }, as);
    expect(backwards.http).toBe(400);
    expect(backwards.body.field).toBe("to");
    const long = await server.sendRaw(API.revenue.earningsMonth, { from: "2020-01", to: "2026-01" }, as);
    expect(long.http).toBe(400);
    const bad = await server.sendRaw(API.revenue.shopEarnings, { from: "2026-02-30", to: "2026-03-01" }, as);
    expect(bad.http).toBe(400);
    expect(bad.body.field).toBe("from");
  });

  it("refuses a sub-administrator without the revenue key", async () => {
    await vendorSubAccount(server.database, { vendorId: kl.id, username: "rev_nokey", permissions: ["shop_query"] });
    const refused = await server.send(
      API.revenue.earningsMonth,
      { from: "2026-01", to: "2026-02" },
      { as: "rev_nokey" },
    );
    expect(refused.http).toBe(403);
    await vendorSubAccount(server.database, { vendorId: kl.id, username: "rev_key", permissions: ["reve_total"] });
    const allowed = await server.send(API.revenue.earningsMonth, { from: "2026-01", to: "2026-02" }, { as: "rev_key" });
    expect(allowed.http).toBe(200);
    expect(allowed.body.result.items).toHaveLength(4);
  });
});

describe("shops by day (income_shop) and machines by month (income_device)", () => {
  it("adds each shop's days up to the month's total", async () => {
    const { body } = await server.send(API.revenue.shopEarnings, { from: "2026-02-01", to: "2026-02-28" }, as);
    const rows = body.result.items.map((r) => [r.day, r.shop_name, r.orders, r.gross, r.refunded]);
    expect(rows).toEqual([
      ["2026-02-01", "Revenue A", 1, 700, 0],
      ["2026-02-10", "Revenue A", 0, 0, 200],
      ["2026-02-10", "Revenue B", 1, 300, 0],
      ["2026-02-12", "Revenue A", 1, 0, 0],
    ]);
    const month = await server.send(API.revenue.earningsMonth, { from: "2026-02", to: "2026-02" }, as);
    const sum = (items: { net: number }[]) => items.reduce((n, r) => n + r.net, 0);
    expect(sum(body.result.items)).toBe(sum(month.body.result.items));
    expect(sum(body.result.items)).toBe(700 + 300 - 200);
    const one = await server.send(
      API.revenue.shopEarnings,
      { from: "2026-02-01", to: "2026-02-28", shop_id: kl.shopB },
      as,
    );
    expect(one.body.result.items.map((r) => r.shop_name)).toEqual(["Revenue B"]);
  });

  it("lists every machine with its uses, net per use and idle share", async () => {
    const { body } = await server.send(API.revenue.deviceRevenue, { month: "2026-02" }, as);
    const byName = new Map(body.result.items.map((r) => [r.device_name, r]));
    expect(byName.get("W2")).toMatchObject({
      orders: 1,
      gross: 700,
      refunded: 200,
      net: 500,
      average_per_use: 500,
      minutes: 30,
    });
    expect(byName.get("W1")).toMatchObject({ orders: 1, gross: 0, net: 0, minutes: 30 });
    expect(byName.get("D1")).toMatchObject({ orders: 1, gross: 300, minutes: 0 });
    // 30 of February's 40,320 minutes running.
    expect(byName.get("W2")?.idle_share).toBeCloseTo(1 - 30 / (28 * 1440), 6);
    // A group account without a chosen vendor has no machines of its own here.
    const group = await server.send(API.revenue.deviceRevenue, { month: "2026-02" }, { as: "group_admin" });
    expect(group.http).not.toBe(200);
  });
});

describe("live figures", () => {
  /**
   * A vendor of the Demo Group made now, with a machine and a level-4 account holding every key (its
   * console's token): nothing an earlier test wrote is still on its way to its consoles.
   */
  async function newVendor(name: string) {
    const { groupId } = await demoVendors(server.database);
    const [vendor] = await server.database.db
      .insert(vendors)
      .values({ groupId, name: `${name} ${run}`, currency: "MYR", language: "en", timeZone: "Asia/Kuala_Lumpur" })
      .returning();
    if (!vendor) throw new Error("vendor not created");
    const shopId = await shop(vendor.id, `${name} shop`);
    const deviceId = await machine(vendor.id, shopId, name);
    const username = `live_${name.toLowerCase()}${run}`;
    await vendorSubAccount(server.database, { vendorId: vendor.id, username, permissions: ALL_PERMISSION_LEAVES });
    return { id: vendor.id, shopId, deviceId, token: await server.login(username) };
  }

  it("tell a vendor's consoles once for a burst of payments, and no other vendor's", async () => {
    const paying = await newVendor("Burst");
    const other = await newVendor("Quiet");
    const base = await listening(server.app);
    const payingStream = await openEventStream(base, API.live.events.path, { token: paying.token });
    const otherStream = await openEventStream(base, API.live.events.path, { token: other.token });
    try {
      const seen = (stream: typeof payingStream) => stream.events.filter((e) => e.event === "revenue.changed").length;
      const pending = await Promise.all(
        [1, 2, 3].map(() =>
          order({
            vendorId: paying.id,
            currency: "MYR",
            shopId: paying.shopId,
            deviceId: paying.deviceId,
            source: "stripe",
            amount: 100,
            paidAt: null,
          }),
        ),
      );
      for (const o of pending) {
        await server.database.db
          .update(orders)
          .set({ payStatus: PAY_STATUS.paid, paidAt: new Date() })
          .where(eq(orders.id, o.id));
      }
      await expect.poll(() => seen(payingStream), { timeout: 5_000 }).toBe(1);
      // An update that changes no figure (the machine started) says nothing.
      await server.database.db
        .update(orders)
        .set({ startState: "started" })
        .where(eq(orders.id, pending[0]?.id ?? 0));
      // What is under test is that nothing more comes: the burst is one event (one a throttle window,
      // per vendor), the update none, and the other vendor's consoles hear nothing of either.
      await new Promise((resolve) => setTimeout(resolve, REVENUE_EVENT_MS + 500));
      expect(seen(payingStream)).toBe(1);
      expect(seen(otherStream)).toBe(0);
    } finally {
      payingStream.close();
      otherStream.close();
    }
  });
});

describe("consumption and the data center", () => {
  it("counts uses by machine type, program, shop and local hour", async () => {
    const { body } = await server.send(API.revenue.consumption, { from: "2026-02-01", to: "2026-02-28" }, as);
    expect(body.result.by_type).toEqual([
      { machine_type: "washer", uses: 2, minutes: 60 },
      { machine_type: "dryer", uses: 1, minutes: 0 },
    ]);
    expect(body.result.by_program).toEqual([
      { program: "Wash", uses: 2, minutes: 60 },
      { program: "Dry", uses: 1, minutes: 0 },
    ]);
    const hours = body.result.by_hour.filter((h) => h.uses > 0).map((h) => h.hour);
    // 00:01, 09:00 and 12:00 in Kuala Lumpur.
    expect(hours).toEqual([0, 9, 12]);
    expect(body.result.by_hour).toHaveLength(24);
  });
});

/** Every rollup row of a vendor that counts something, as comparable text. */
async function rollupOf(vendorId: number): Promise<string[]> {
  const rows = await server.database.db.select().from(revenueDaily).where(eq(revenueDaily.vendorId, vendorId));
  return rows
    .filter((r) => r.orders !== 0 || r.gross !== 0 || r.refunds !== 0 || r.refunded !== 0 || r.minutes !== 0)
    .map(
      (r) =>
        `${r.day}|${r.shopId}|${r.deviceId}|${r.source}|${r.currency}|${r.orders}|${r.gross}|${r.refunds}|${r.refunded}|${r.minutes}`,
    )
    .sort();
}

/** A vendor's monthly rollup rows that count something, as comparable text. */
async function monthlyOf(vendorId: number): Promise<string[]> {
  const rows = await server.database.db.select().from(revenueMonthly).where(eq(revenueMonthly.vendorId, vendorId));
  return rows
    .filter((r) => r.orders !== 0 || r.gross !== 0 || r.refunds !== 0 || r.refunded !== 0)
    .map(
      (r) =>
        `${r.month.slice(0, 7)}|${r.shopId}|${r.source}|${r.currency}|${r.orders}|${r.gross}|${r.refunds}|${r.refunded}`,
    )
    .sort();
}

/** The daily scan's rows added up by month, shop, source and currency. */
function byMonth(daily: string[]): string[] {
  const cells = new Map<string, number[]>();
  for (const line of daily) {
    const [day = "", shop, , source, currency, ...figures] = line.split("|");
    const key = `${day.slice(0, 7)}|${shop}|${source}|${currency}`;
    const cell = cells.get(key) ?? [0, 0, 0, 0];
    cells.set(
      key,
      cell.map((v, i) => v + Number(figures[i] ?? 0)),
    );
  }
  return [...cells.entries()]
    .filter(([, v]) => v.some((n) => n !== 0))
    .map(([key, v]) => `${key}|${v.join("|")}`)
    .sort();
}

/** The same figures scanned from the orders and refunds themselves, days found in JavaScript. */
async function rawScanOf(vendorId: number, timeZone: string): Promise<string[]> {
  const db = server.database.db;
  const all = await db.select().from(orders).where(eq(orders.vendorId, vendorId));
  const refunds = await db.select().from(orderRefunds).where(eq(orderRefunds.vendorId, vendorId));
  const cells = new Map<string, number[]>();
  const add = (key: string, values: number[]) => {
    const cell = cells.get(key) ?? [0, 0, 0, 0, 0];
    cells.set(
      key,
      cell.map((v, i) => v + (values[i] ?? 0)),
    );
  };
  const keyOf = (o: (typeof all)[number], at: Date) =>
    `${localDate(Math.floor(at.getTime() / 1000), timeZone)}|${o.shopId ?? 0}|${o.deviceId ?? 0}|${o.source}|${o.currency}`;
  for (const o of all) {
    if (o.payStatus === PAY_STATUS.paid && o.paidAt) add(keyOf(o, o.paidAt), [1, o.amount, 0, 0, o.minutes ?? 0]);
  }
  for (const f of refunds) {
    const o = all.find((x) => x.id === f.orderId);
    if (o && f.state === "succeeded" && f.finishedAt) add(keyOf(o, f.finishedAt), [0, 0, 1, f.amount, 0]);
  }
  return [...cells.entries()]
    .filter(([, v]) => v.some((n) => n !== 0))
    .map(([key, v]) => `${key}|${v.join("|")}`)
    .sort();
}

describe("the rollups", () => {
  it("equal a raw scan, and their rebuild, after random orders, refunds and late notifications", async () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const sources: OrderSource[] = ["coin", "mem_card", "wechatpay", "alipay", "free_start"];
    const day0 = Date.parse("2026-05-01T00:00:00Z");
    const made = [];
    for (let i = 0; i < 120; i++) {
      const paid = next() < 0.8;
      const at = new Date(day0 + Math.floor(next() * 40 * 86_400_000)).toISOString();
      made.push(
        await order({
          vendorId: bkk.id,
          currency: "THB",
          shopId: bkk.shop,
          deviceId: next() < 0.9 ? bkk.dev : null,
          source: sources[Math.floor(next() * sources.length)] ?? "coin",
          amount: 10 + Math.floor(next() * 90),
          paidAt: paid ? at : null,
          minutes: next() < 0.8 ? 20 + Math.floor(next() * 40) : null,
        }),
      );
    }
    const db = server.database.db;
    // Late notifications: unpaid orders paid now, with the provider's earlier payment time.
    for (const o of made.filter((m) => m.payStatus === PAY_STATUS.unpaid).slice(0, 10)) {
      await db
        .update(orders)
        .set({ payStatus: PAY_STATUS.paid, paidAt: new Date(o.createdAt.getTime() - 3 * 3_600_000) })
        .where(eq(orders.id, o.id));
    }
    // Refunds: some succeed (on a later day), some fail, some stay under way.
    for (const o of made.filter((m) => m.payStatus === PAY_STATUS.paid).slice(0, 30)) {
      const roll = next();
      const finished = new Date(o.createdAt.getTime() + Math.floor(next() * 2 * 86_400_000)).toISOString();
      if (roll < 0.5) await refund(o, Math.max(1, Math.floor(o.amount / 2)), finished);
      else if (roll < 0.8) await refund(o, 5, finished, "failed");
      else
        await db.insert(orderRefunds).values({
          orderId: o.id,
          vendorId: o.vendorId,
          refundNo: `RF${randomBytes(8).toString("hex")}`,
          amount: 3,
          type: "manual",
        });
    }
    // Updates that change nothing a rollup counts leave it alone; a moved machine's order moves.
    await db.update(orders).set({ startState: "started" }).where(eq(orders.vendorId, bkk.id));
    const incremental = await rollupOf(bkk.id);
    const raw = await rawScanOf(bkk.id, "Asia/Bangkok");
    expect(incremental).toEqual(raw);
    const monthly = await monthlyOf(bkk.id);
    expect(monthly).toEqual(byMonth(raw));
    expect(incremental.length).toBeGreaterThan(20);
    await db.execute(sql`select rebuild_revenue_rollups(${bkk.id})`);
    expect(await rollupOf(bkk.id)).toEqual(incremental);
    expect(await monthlyOf(bkk.id)).toEqual(monthly);
    // The other vendors' rollups are untouched by one vendor's rebuild.
    expect(await rollupOf(kl.id)).toEqual(await rawScanOf(kl.id, "Asia/Kuala_Lumpur"));
  });

  it("count every one of 50 payments made at once on one machine", async () => {
    const day = "2026-07-01T03:00:00Z";
    const pending = await Promise.all(
      Array.from({ length: 50 }, () =>
        order({
          vendorId: kl.id,
          currency: "MYR",
          shopId: kl.shopB,
          deviceId: kl.dev3,
          source: "stripe",
          amount: 100,
          paidAt: null,
        }),
      ),
    );
    await Promise.all(
      pending.map((o) =>
        server.database.db
          .update(orders)
          .set({ payStatus: PAY_STATUS.paid, paidAt: new Date(day) })
          .where(eq(orders.id, o.id)),
      ),
    );
    const { body } = await server.send(API.revenue.shopEarnings, { from: "2026-07-01", to: "2026-07-01" }, as);
    expect(body.result.items).toEqual([expect.objectContaining({ shop_name: "Revenue B", orders: 50, gross: 5000 })]);
  });
});
