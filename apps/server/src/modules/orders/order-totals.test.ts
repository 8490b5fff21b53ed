import { randomBytes } from "node:crypto";
import { API, type OrderSource, paymentTypeOf } from "@washboard/shared";
import { and, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { provisionDevice } from "../devices/provision.js";
import { shops } from "../shops/tables.js";
import { rebuildOrderTotals } from "./order-totals.js";
import { orders, orderTotalsDaily, PAY_STATUS, REFUND_STATUS } from "./tables.js";

/**
 * The order screens' totals come from pre-counted days plus the part-days at the period's ends: for
 * any period, shop, machine and states they equal a count of the orders themselves, after random
 * orders, payments, refunds and moved machines; and the rebuild gives the same rows as the trigger.
 */
const as = { as: "vendor_admin" } as const;
let server: TestServer;
let vendorId: number;
const run = randomBytes(3).toString("hex").toUpperCase();
const places: { shopId: number | null; deviceId: number | null }[] = [];
const DAY = 86_400;
// Twenty days from a UTC midnight; the vendor (Kuala Lumpur) starts its days at 16:00 UTC.
const start = Date.parse("2026-03-01T00:00:00Z") / 1000;

let seed = 11;
const next = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.ready();
  const { kl } = await demoVendors(server.database);
  vendorId = kl.id;
  const { db } = server.database;
  for (const name of ["A", "B"]) {
    const [shop] = await db
      .insert(shops)
      .values({ vendorId, name: `Totals ${name} ${run}`, address: "1 Jalan Jumlah", serviceType: 1 })
      .returning();
    const shopId = shop?.id ?? 0;
    const device = await provisionDevice(db, {
      vendorId,
      shopId,
      serialNumber: `TOT${name}${run}`,
      name: "W",
      machineType: "washer",
    });
    places.push({ shopId, deviceId: device.id }, { shopId, deviceId: null });
  }
  places.push({ shopId: null, deviceId: null });
});
afterAll(async () => {
  await server.close();
});

/** The filter's figures counted from the orders themselves, as a reader would check them. */
async function scanned(source: OrderSource, filter: Filter) {
  const conditions: (SQL | undefined)[] = [eq(orders.vendorId, vendorId), eq(orders.source, source)];
  if (filter.from !== undefined) conditions.push(gte(orders.createdAt, new Date(filter.from * 1000)));
  if (filter.to !== undefined) conditions.push(lt(orders.createdAt, new Date((filter.to + 1) * 1000)));
  if (filter.shop_id !== undefined) conditions.push(eq(orders.shopId, filter.shop_id));
  if (filter.device_id !== undefined) conditions.push(eq(orders.deviceId, filter.device_id));
  if (filter.pay_status) conditions.push(eq(orders.payStatus, PAY_STATUS[filter.pay_status]));
  if (filter.refund_status) conditions.push(eq(orders.refundStatus, REFUND_STATUS[filter.refund_status]));
  const [row] = await server.database.db
    .select({
      count: sql<string>`count(*)`,
      paid: sql<string>`coalesce(sum(${orders.amount}) filter (where ${orders.payStatus} = 1), 0)`,
      refunded: sql<string>`coalesce(sum(${orders.refundedAmount}) filter (where ${orders.refundStatus} = 2), 0)`,
    })
    .from(orders)
    .where(and(...conditions));
  return { count: Number(row?.count), paid_amount: Number(row?.paid), refunded_amount: Number(row?.refunded) };
}

interface Filter {
  from?: number;
  to?: number;
  shop_id?: number;
  device_id?: number;
  pay_status?: "paid" | "unpaid";
  refund_status?: "none" | "refunding" | "refunded";
}

async function listed(source: "mem_card" | "free_start", filter: Filter) {
  const { http, body } = await server.send(API.orders[`list_${source}`], { page_size: 1, ...filter }, as);
  expect(http, JSON.stringify(body)).toBe(200);
  const { count, paid_amount, refunded_amount } = body.result.totals ?? {};
  return { count, paid_amount, refunded_amount };
}

async function totalsRows() {
  const rows = await server.database.db.select().from(orderTotalsDaily).where(eq(orderTotalsDaily.vendorId, vendorId));
  return rows
    .filter((r) => r.orders !== 0 || r.amount !== 0 || r.refundedAmount !== 0)
    .map((r) => JSON.stringify(r))
    .sort();
}

describe("the order screens' totals", () => {
  it("equal a count of the orders for any period, shop, machine and state, and their rebuild equals the trigger's", async () => {
    const { db } = server.database;
    const sources = ["mem_card", "free_start"] as const;
    const made: { id: number; amount: number }[] = [];
    // Orders made one by one and in batches, as machines and the seed write them.
    for (let batch = 0; batch < 12; batch++) {
      const rows = Array.from({ length: 1 + Math.floor(next() * 15) }, () => {
        const place = pick(places);
        const source: OrderSource = pick(sources);
        const orderNo = `T${run}${randomBytes(6).toString("hex")}`;
        const paid = next() < 0.8;
        return {
          vendorId,
          source,
          payType: paymentTypeOf(source),
          orderNo,
          payUniqueNo: orderNo,
          amount: 100 + Math.floor(next() * 900),
          currency: "MYR",
          payStatus: paid ? PAY_STATUS.paid : PAY_STATUS.unpaid,
          paidAt: paid ? new Date() : null,
          shopId: place.shopId,
          deviceId: place.deviceId,
          createdAt: new Date((start + Math.floor(next() * 20 * DAY)) * 1000),
        };
      });
      made.push(...(await db.insert(orders).values(rows).returning({ id: orders.id, amount: orders.amount })));
    }
    // Later: payments arrive, refunds start and finish, a machine's orders move to the other shop.
    for (const order of made) {
      const roll = next();
      if (roll < 0.1) {
        await db.update(orders).set({ payStatus: PAY_STATUS.paid }).where(eq(orders.id, order.id));
      } else if (roll < 0.25) {
        await db
          .update(orders)
          .set({ refundStatus: REFUND_STATUS.refunded, refundedAmount: Math.floor(order.amount / 2) })
          .where(eq(orders.id, order.id));
      } else if (roll < 0.3) {
        await db
          .update(orders)
          .set({ refundStatus: REFUND_STATUS.refunding, refundedAmount: order.amount })
          .where(eq(orders.id, order.id));
      } else if (roll < 0.35) {
        await db.update(orders).set({ startState: "started", failureReason: "none" }).where(eq(orders.id, order.id));
      }
    }
    await db
      .update(orders)
      .set({ shopId: places[2]?.shopId ?? null })
      .where(eq(orders.deviceId, places[0]?.deviceId ?? 0));

    const bound = () => start - DAY + Math.floor(next() * 22 * DAY);
    // A vendor-local day's start, as the console sends it (16:00 UTC), or any second.
    const localDayStart = () => start - 8 * 3_600 + Math.floor(next() * 22) * DAY;
    for (let i = 0; i < 60; i++) {
      const from = next() < 0.5 ? localDayStart() : bound();
      const to = next() < 0.5 ? from + Math.floor(next() * 10) * DAY + DAY - 1 : bound();
      const place = pick(places);
      const filter: Filter = {
        ...(next() < 0.85 ? { from } : {}),
        ...(next() < 0.85 ? { to: Math.max(to, from) } : {}),
        ...(next() < 0.3 && place.shopId ? { shop_id: place.shopId } : {}),
        ...(next() < 0.2 && place.deviceId ? { device_id: place.deviceId } : {}),
        ...(next() < 0.2 ? { pay_status: pick(["paid", "unpaid"] as const) } : {}),
        ...(next() < 0.2 ? { refund_status: pick(["none", "refunding", "refunded"] as const) } : {}),
      };
      const source = pick(sources);
      expect(await listed(source, filter), JSON.stringify({ source, filter })).toEqual(await scanned(source, filter));
    }
    // The whole period, and none at all.
    expect(await listed("mem_card", {})).toEqual(await scanned("mem_card", {}));

    const incremental = await totalsRows();
    expect(incremental.length).toBeGreaterThan(20);
    await rebuildOrderTotals(db, vendorId);
    expect(await totalsRows()).toEqual(incremental);
  });
});
