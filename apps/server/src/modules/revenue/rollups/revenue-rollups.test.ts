import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, Tx } from "../../../platform/db/client.js";
import { type FreshDatabase, freshDatabase } from "../../../test/fresh-database.js";
import { rolledBack } from "../../../test/rolled-back.js";
import {
  described,
  type OrderSpec,
  orderValues,
  type RollupWorld,
  rollupWorld,
  sortedRows,
  type VendorName,
} from "../../../test/rollup-world.js";
import { orderRefunds, orders, PAY_STATUS } from "../../orders/tables.js";
import { vendors } from "../../tenancy/tables.js";
import { revenueDaily, revenueMonthly, usageHourly } from "../tables.js";

/**
 * The rules of the revenue rollups (revenue-daily.sql, revenue-monthly.sql, usage-hourly.sql and
 * roll-up.sql beside this file), one case each: the writes given, and what each rollup holds after
 * them — kept by the triggers as the writes happen, and the same after a rebuild from the orders
 * unless the case says otherwise. Unless a case says otherwise an order is Kuala Lumpur's (UTC+8,
 * MYR), made at shop A on washer W1, paid by coin, 30 minutes of the program "Wash"; the expected
 * rows leave out those defaults and every figure that is 0. Bangkok is UTC+7 and counts in baht.
 * Each case runs in a transaction rolled back afterwards.
 */
interface OrderChange {
  paidAt?: string | null;
  device?: string;
  amount?: number;
  startState?: string;
}

type RefundState = "refunding" | "succeeded" | "failed";

type Step =
  /** Orders written by one statement, by name. */
  | { sell: Record<string, OrderSpec> }
  /** One order updated; `paidAt: null` makes it unpaid again. */
  | { change: string; to: OrderChange }
  /** A refund of an order, as it is written (under way) and finished. */
  | { refund: string; of: string; amount: number; state: RefundState; finishedAt?: string }
  /** A refund under way finishes. */
  | { finish: string; state: RefundState; at: string }
  /** A vendor's time zone changed. */
  | { zone: VendorName; to: string };

type Row = Record<string, string | number>;

interface Rollups {
  daily: Row[];
  monthly: Row[];
  hourly: Row[];
}

interface RevenueCase extends Rollups {
  rule: string;
  given: Step[];
  /** What a rebuild from the orders gives, when it is not what the triggers kept. */
  rebuilt?: Rollups;
}

const sale = (name: string, paidAt: string | null, amount: number, more: Partial<OrderSpec> = {}): Step => ({
  sell: { [name]: { paidAt, amount, ...more } },
});

const CASES: RevenueCase[] = [
  {
    rule: "a paid order counts on the day, month and hour it was paid in its vendor's zone: 23:59 on 31 January in Kuala Lumpur",
    given: [sale("o", "2026-01-31T15:59:00Z", 500)],
    daily: [{ day: "2026-01-31", orders: 1, gross: 500, minutes: 30 }],
    monthly: [{ month: "2026-01", orders: 1, gross: 500 }],
    hourly: [{ day: "2026-01-31", hour: 23, uses: 1, minutes: 30 }],
  },
  {
    rule: "a minute after Kuala Lumpur's midnight is the next day and month there, though still 31 January in UTC",
    given: [sale("o", "2026-01-31T16:01:00Z", 700, { source: "wechatpay" })],
    daily: [{ day: "2026-02-01", source: "wechatpay", orders: 1, gross: 700, minutes: 30 }],
    monthly: [{ month: "2026-02", source: "wechatpay", orders: 1, gross: 700 }],
    hourly: [{ day: "2026-02-01", hour: 0, uses: 1, minutes: 30 }],
  },
  {
    rule: "a Bangkok order at 00:30 on 1 March there counts in March, in baht",
    given: [sale("o", "2026-02-28T17:30:00Z", 40, { vendor: "BKK", shop: "C", device: "B1" })],
    daily: [{ day: "2026-03-01", shop: "C", device: "B1", currency: "THB", orders: 1, gross: 40, minutes: 30 }],
    monthly: [{ month: "2026-03", shop: "C", currency: "THB", orders: 1, gross: 40 }],
    hourly: [{ day: "2026-03-01", hour: 0, shop: "C", uses: 1, minutes: 30 }],
  },
  {
    rule: "an unpaid order counts nowhere",
    given: [sale("o", null, 900, { source: "alipay" })],
    daily: [],
    monthly: [],
    hourly: [],
  },
  {
    rule: "an order paid late counts on the day it was paid, not the day it was made",
    given: [
      sale("o", null, 600, { createdAt: "2026-01-10T02:00:00Z" }),
      { change: "o", to: { paidAt: "2026-01-12T03:00:00Z" } },
    ],
    daily: [{ day: "2026-01-12", orders: 1, gross: 600, minutes: 30 }],
    monthly: [{ month: "2026-01", orders: 1, gross: 600 }],
    hourly: [{ day: "2026-01-12", hour: 11, uses: 1, minutes: 30 }],
  },
  {
    rule: "orders of one machine, day and source written by one statement add up",
    given: [
      {
        sell: {
          first: { paidAt: "2026-01-05T01:00:00Z", amount: 500 },
          second: { paidAt: "2026-01-05T01:30:00Z", amount: 300, minutes: 45 },
        },
      },
    ],
    daily: [{ day: "2026-01-05", orders: 2, gross: 800, minutes: 75 }],
    monthly: [{ month: "2026-01", orders: 2, gross: 800 }],
    hourly: [{ day: "2026-01-05", hour: 9, uses: 2, minutes: 75 }],
  },
  {
    rule: "an order without a shop or a machine counts under none, and is no machine's use",
    given: [sale("o", "2026-01-05T01:00:00Z", 500, { shop: null, device: null })],
    daily: [{ day: "2026-01-05", shop: "none", device: "none", orders: 1, gross: 500, minutes: 30 }],
    monthly: [{ month: "2026-01", shop: "none", orders: 1, gross: 500 }],
    hourly: [],
  },
  {
    rule: "a card tap whose minutes are unknown is a use of no minutes",
    given: [sale("o", "2026-01-05T01:00:00Z", 300, { source: "mem_card", minutes: null })],
    daily: [{ day: "2026-01-05", source: "mem_card", orders: 1, gross: 300 }],
    monthly: [{ month: "2026-01", source: "mem_card", orders: 1, gross: 300 }],
    hourly: [{ day: "2026-01-05", hour: 9, uses: 1 }],
  },
  {
    rule: "a free start is an order of no amount, and a use",
    given: [sale("o", "2026-01-05T01:00:00Z", 0, { source: "free_start" })],
    daily: [{ day: "2026-01-05", source: "free_start", orders: 1, minutes: 30 }],
    monthly: [{ month: "2026-01", source: "free_start", orders: 1 }],
    hourly: [{ day: "2026-01-05", hour: 9, uses: 1, minutes: 30 }],
  },
  {
    rule: "a use counts under its machine's type and its program, '' when it has none",
    given: [
      sale("dry", "2026-01-05T01:00:00Z", 400, { shop: "B", device: "D1", program: "Dry", minutes: 40 }),
      sale("wash", "2026-01-05T02:00:00Z", 500, { program: null }),
    ],
    daily: [
      { day: "2026-01-05", shop: "B", device: "D1", orders: 1, gross: 400, minutes: 40 },
      { day: "2026-01-05", orders: 1, gross: 500, minutes: 30 },
    ],
    monthly: [
      { month: "2026-01", shop: "B", orders: 1, gross: 400 },
      { month: "2026-01", orders: 1, gross: 500 },
    ],
    hourly: [
      { day: "2026-01-05", hour: 9, shop: "B", machineType: "dryer", program: "Dry", uses: 1, minutes: 40 },
      { day: "2026-01-05", hour: 10, program: "", uses: 1, minutes: 30 },
    ],
  },
  {
    rule: "a refund that succeeded counts on the day it finished, apart from the takings, and is no use",
    given: [
      sale("o", "2026-01-31T16:01:00Z", 700, { source: "wechatpay" }),
      { refund: "r", of: "o", amount: 200, state: "succeeded", finishedAt: "2026-02-10T06:00:00Z" },
    ],
    daily: [
      { day: "2026-02-01", source: "wechatpay", orders: 1, gross: 700, minutes: 30 },
      { day: "2026-02-10", source: "wechatpay", refunds: 1, refunded: 200 },
    ],
    monthly: [{ month: "2026-02", source: "wechatpay", orders: 1, gross: 700, refunds: 1, refunded: 200 }],
    hourly: [{ day: "2026-02-01", hour: 0, uses: 1, minutes: 30 }],
  },
  {
    rule: "a refund counts in the month it finished, not the order's",
    given: [
      sale("o", "2026-01-20T04:00:00Z", 700),
      { refund: "r", of: "o", amount: 700, state: "succeeded", finishedAt: "2026-02-02T04:00:00Z" },
    ],
    daily: [
      { day: "2026-01-20", orders: 1, gross: 700, minutes: 30 },
      { day: "2026-02-02", refunds: 1, refunded: 700 },
    ],
    monthly: [
      { month: "2026-01", orders: 1, gross: 700 },
      { month: "2026-02", refunds: 1, refunded: 700 },
    ],
    hourly: [{ day: "2026-01-20", hour: 12, uses: 1, minutes: 30 }],
  },
  {
    rule: "a refund that failed, or is still under way, gives nothing back",
    given: [
      sale("o", "2026-01-05T01:00:00Z", 500),
      { refund: "failed", of: "o", amount: 100, state: "failed", finishedAt: "2026-01-06T01:00:00Z" },
      { refund: "pending", of: "o", amount: 50, state: "refunding" },
    ],
    daily: [{ day: "2026-01-05", orders: 1, gross: 500, minutes: 30 }],
    monthly: [{ month: "2026-01", orders: 1, gross: 500 }],
    hourly: [{ day: "2026-01-05", hour: 9, uses: 1, minutes: 30 }],
  },
  {
    rule: "a refund under way counts once it succeeds, on the day it does",
    given: [
      sale("o", "2026-01-05T01:00:00Z", 500),
      { refund: "r", of: "o", amount: 100, state: "refunding" },
      { finish: "r", state: "succeeded", at: "2026-01-07T01:00:00Z" },
    ],
    daily: [
      { day: "2026-01-05", orders: 1, gross: 500, minutes: 30 },
      { day: "2026-01-07", refunds: 1, refunded: 100 },
    ],
    monthly: [{ month: "2026-01", orders: 1, gross: 500, refunds: 1, refunded: 100 }],
    hourly: [{ day: "2026-01-05", hour: 9, uses: 1, minutes: 30 }],
  },
  {
    rule: "an update that changes nothing a rollup counts (the machine started) leaves the rollups alone",
    given: [sale("o", "2026-01-05T01:00:00Z", 500), { change: "o", to: { startState: "started" } }],
    daily: [{ day: "2026-01-05", orders: 1, gross: 500, minutes: 30 }],
    monthly: [{ month: "2026-01", orders: 1, gross: 500 }],
    hourly: [{ day: "2026-01-05", hour: 9, uses: 1, minutes: 30 }],
  },
  {
    rule: "an order moved to another machine takes its figures there",
    given: [sale("o", "2026-01-05T01:00:00Z", 500), { change: "o", to: { device: "W2" } }],
    daily: [{ day: "2026-01-05", device: "W2", orders: 1, gross: 500, minutes: 30 }],
    monthly: [{ month: "2026-01", orders: 1, gross: 500 }],
    hourly: [{ day: "2026-01-05", hour: 9, uses: 1, minutes: 30 }],
  },
  {
    rule: "an order whose payment time is corrected moves to the corrected day and month",
    given: [sale("o", "2026-01-31T04:00:00Z", 500), { change: "o", to: { paidAt: "2026-02-01T04:00:00Z" } }],
    daily: [{ day: "2026-02-01", orders: 1, gross: 500, minutes: 30 }],
    monthly: [{ month: "2026-02", orders: 1, gross: 500 }],
    hourly: [{ day: "2026-02-01", hour: 12, uses: 1, minutes: 30 }],
  },
  {
    rule: "an order whose amount is corrected counts the corrected amount",
    given: [sale("o", "2026-01-05T01:00:00Z", 500), { change: "o", to: { amount: 450 } }],
    daily: [{ day: "2026-01-05", orders: 1, gross: 450, minutes: 30 }],
    monthly: [{ month: "2026-01", orders: 1, gross: 450 }],
    hourly: [{ day: "2026-01-05", hour: 9, uses: 1, minutes: 30 }],
  },
  {
    rule: "an order no longer paid counts nowhere",
    given: [sale("o", "2026-01-05T01:00:00Z", 500), { change: "o", to: { paidAt: null } }],
    daily: [],
    monthly: [],
    hourly: [],
  },
  {
    rule: "a vendor's new time zone moves the days already counted only when the rollups are rebuilt",
    given: [sale("o", "2026-01-31T16:30:00Z", 500), { zone: "KL", to: "UTC" }],
    daily: [{ day: "2026-02-01", orders: 1, gross: 500, minutes: 30 }],
    monthly: [{ month: "2026-02", orders: 1, gross: 500 }],
    hourly: [{ day: "2026-02-01", hour: 0, uses: 1, minutes: 30 }],
    rebuilt: {
      daily: [{ day: "2026-01-31", orders: 1, gross: 500, minutes: 30 }],
      monthly: [{ month: "2026-01", orders: 1, gross: 500 }],
      hourly: [{ day: "2026-01-31", hour: 16, uses: 1, minutes: 30 }],
    },
  },
];

let fresh: FreshDatabase;
let world: RollupWorld;

beforeAll(async () => {
  fresh = await freshDatabase();
  await fresh.database.migrate();
  world = await rollupWorld(fresh.database);
});
afterAll(async () => {
  await fresh.database.close();
  await fresh.drop();
});

/** Does the case's writes; answers nothing, the rollups tell. */
async function write(tx: Tx, given: Step[]): Promise<void> {
  const orderIds = new Map<string, number>();
  const refundIds = new Map<string, number>();
  for (const step of given) {
    if ("sell" in step) {
      const rows = Object.values(step.sell).map((spec) => orderValues(world, spec));
      const made = await tx.insert(orders).values(rows).returning({ id: orders.id });
      for (const [n, name] of Object.keys(step.sell).entries()) orderIds.set(name, made[n]?.id ?? 0);
    } else if ("change" in step) {
      const { paidAt, device, amount, startState } = step.to;
      await tx
        .update(orders)
        .set({
          ...(paidAt === undefined
            ? {}
            : { paidAt: paidAt ? new Date(paidAt) : null, payStatus: paidAt ? PAY_STATUS.paid : PAY_STATUS.unpaid }),
          ...(device === undefined ? {} : { deviceId: world.deviceId(device) }),
          ...(amount === undefined ? {} : { amount }),
          ...(startState === undefined ? {} : { startState }),
        })
        .where(eq(orders.id, orderIds.get(step.change) ?? 0));
    } else if ("refund" in step) {
      const [refund] = await tx
        .insert(orderRefunds)
        .values({
          orderId: orderIds.get(step.of) ?? 0,
          vendorId: world.vendorIds.KL,
          refundNo: `RF${randomBytes(8).toString("hex")}`,
          amount: step.amount,
          state: step.state,
          type: "manual",
          finishedAt: step.finishedAt ? new Date(step.finishedAt) : null,
        })
        .returning({ id: orderRefunds.id });
      refundIds.set(step.refund, refund?.id ?? 0);
    } else if ("finish" in step) {
      await tx
        .update(orderRefunds)
        .set({ state: step.state, finishedAt: new Date(step.at) })
        .where(eq(orderRefunds.id, refundIds.get(step.finish) ?? 0));
    } else {
      await tx.update(vendors).set({ timeZone: step.to }).where(eq(vendors.id, world.vendorIds[step.zone]));
    }
  }
}

const DEFAULTS: Row = {
  shop: "A",
  device: "W1",
  source: "coin",
  currency: "MYR",
  machineType: "washer",
  program: "Wash",
};

async function rollups(db: Db | Tx): Promise<Rollups> {
  const shop = world.shopName;
  const device = world.deviceName;
  const rollupRow = (key: Row, figures: Record<string, number>) => described(key, figures, DEFAULTS);
  return {
    daily: sortedRows(
      (await db.select().from(revenueDaily)).map((r) =>
        rollupRow(
          { day: r.day, shop: shop(r.shopId), device: device(r.deviceId), source: r.source, currency: r.currency },
          { orders: r.orders, gross: r.gross, refunds: r.refunds, refunded: r.refunded, minutes: r.minutes },
        ),
      ),
    ),
    monthly: sortedRows(
      (await db.select().from(revenueMonthly)).map((r) =>
        rollupRow(
          { month: r.month.slice(0, 7), shop: shop(r.shopId), source: r.source, currency: r.currency },
          { orders: r.orders, gross: r.gross, refunds: r.refunds, refunded: r.refunded },
        ),
      ),
    ),
    hourly: sortedRows(
      (await db.select().from(usageHourly)).map((r) =>
        rollupRow(
          { day: r.day, hour: r.hour, shop: shop(r.shopId), machineType: r.machineType, program: r.program },
          { uses: r.uses, minutes: r.minutes },
        ),
      ),
    ),
  };
}

const expected = ({ daily, monthly, hourly }: Rollups): Rollups => ({
  daily: sortedRows(daily),
  monthly: sortedRows(monthly),
  hourly: sortedRows(hourly),
});

describe("the revenue rollups", () => {
  it.each(CASES)("$rule", async (rollupCase) => {
    const { kept, rebuilt } = await rolledBack(fresh.database.db, async (tx) => {
      await write(tx, rollupCase.given);
      const kept = await rollups(tx);
      // One row a batch, so the rebuild crosses a batch boundary at every row.
      await tx.execute(sql`select rebuild_revenue_rollups(null, 1)`);
      return { kept, rebuilt: await rollups(tx) };
    });
    expect(kept).toEqual(expected(rollupCase));
    expect(rebuilt).toEqual(expected(rollupCase.rebuilt ?? rollupCase));
  });
});
