import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Tx } from "../../../platform/db/client.js";
import { type FreshDatabase, freshDatabase } from "../../../test/fresh-database.js";
import { rolledBack } from "../../../test/rolled-back.js";
import {
  described,
  type OrderSpec,
  orderValues,
  type RollupWorld,
  rollupWorld,
  sortedRows,
} from "../../../test/rollup-world.js";
import { orders, orderTotalsDaily, PAY_STATUS, REFUND_STATUS } from "../tables.js";

/**
 * The rule of the order screens' totals (order-totals-daily.sql beside this file), one case each:
 * the writes given, and the pre-counted rows after them — kept by the trigger as the writes happen,
 * and the same after a rebuild from the orders. Unless a case says otherwise an order is Kuala
 * Lumpur's (UTC+8), made at shop A on washer W1 and paid by coin; the expected rows leave out those
 * defaults and every figure that is 0, and always say the pay and refund state. Each case runs in a
 * transaction rolled back afterwards.
 */
type Step =
  /** Orders written by one statement, by name. */
  | { sell: Record<string, OrderSpec> }
  /** One order updated. */
  | {
      change: string;
      to: {
        paid?: boolean;
        device?: string;
        refund?: keyof typeof REFUND_STATUS;
        refunded?: number;
        startState?: string;
      };
    }
  /** One order removed. */
  | { remove: string };

type Row = Record<string, string | number>;

const sale = (name: string, createdAt: string, amount: number, more: Partial<OrderSpec> = {}): Step => ({
  sell: { [name]: { paidAt: createdAt, createdAt, amount, ...more } },
});

const CASES: [rule: string, given: Step[], totals: Row[]][] = [
  [
    "an order counts on the UTC day it was made, not its vendor's: 02:00 on 2 March in Kuala Lumpur is 1 March",
    [sale("o", "2026-03-01T18:00:00Z", 500)],
    [{ day: "2026-03-01", pay: "paid", refund: "none", orders: 1, amount: 500 }],
  ],
  [
    "an unpaid order counts too, as unpaid",
    [sale("o", "2026-03-01T04:00:00Z", 500, { paidAt: null, source: "alipay" })],
    [{ day: "2026-03-01", source: "alipay", pay: "unpaid", refund: "none", orders: 1, amount: 500 }],
  ],
  [
    "orders of one day, machine and states written by one statement add up",
    [
      {
        sell: {
          a: { paidAt: "2026-03-01T04:00:00Z", amount: 500 },
          b: { paidAt: "2026-03-01T09:00:00Z", amount: 300 },
        },
      },
    ],
    [{ day: "2026-03-01", pay: "paid", refund: "none", orders: 2, amount: 800 }],
  ],
  [
    "an order without a shop or a machine counts under none",
    [sale("o", "2026-03-01T04:00:00Z", 500, { shop: null, device: null })],
    [{ day: "2026-03-01", shop: "none", device: "none", pay: "paid", refund: "none", orders: 1, amount: 500 }],
  ],
  [
    "a payment moves the order from the unpaid count to the paid one, on the day it was made",
    [sale("o", "2026-03-01T04:00:00Z", 500, { paidAt: null }), { change: "o", to: { paid: true } }],
    [{ day: "2026-03-01", pay: "paid", refund: "none", orders: 1, amount: 500 }],
  ],
  [
    "a refund moves the order to its refund state, with the amount refunded",
    [sale("o", "2026-03-01T04:00:00Z", 500), { change: "o", to: { refund: "refunded", refunded: 200 } }],
    [{ day: "2026-03-01", pay: "paid", refund: "refunded", orders: 1, amount: 500, refunded: 200 }],
  ],
  [
    "a refund under way counts under refunding",
    [sale("o", "2026-03-01T04:00:00Z", 500), { change: "o", to: { refund: "refunding", refunded: 500 } }],
    [{ day: "2026-03-01", pay: "paid", refund: "refunding", orders: 1, amount: 500, refunded: 500 }],
  ],
  [
    "an order moved to another machine takes its count there",
    [sale("o", "2026-03-01T04:00:00Z", 500), { change: "o", to: { device: "W2" } }],
    [{ day: "2026-03-01", device: "W2", pay: "paid", refund: "none", orders: 1, amount: 500 }],
  ],
  [
    "an update that changes nothing counted (the machine started) leaves the totals alone",
    [sale("o", "2026-03-01T04:00:00Z", 500), { change: "o", to: { startState: "started" } }],
    [{ day: "2026-03-01", pay: "paid", refund: "none", orders: 1, amount: 500 }],
  ],
  [
    "a removed order is taken away",
    [sale("kept", "2026-03-01T04:00:00Z", 500), sale("removed", "2026-03-01T05:00:00Z", 300), { remove: "removed" }],
    [{ day: "2026-03-01", pay: "paid", refund: "none", orders: 1, amount: 500 }],
  ],
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

async function write(tx: Tx, given: Step[]): Promise<void> {
  const orderIds = new Map<string, number>();
  for (const step of given) {
    if ("sell" in step) {
      const made = await tx
        .insert(orders)
        .values(Object.values(step.sell).map((spec) => orderValues(world, spec)))
        .returning({ id: orders.id });
      for (const [n, name] of Object.keys(step.sell).entries()) orderIds.set(name, made[n]?.id ?? 0);
    } else if ("change" in step) {
      const { paid, device, refund, refunded, startState } = step.to;
      await tx
        .update(orders)
        .set({
          ...(paid === undefined ? {} : { payStatus: paid ? PAY_STATUS.paid : PAY_STATUS.unpaid, paidAt: new Date() }),
          ...(device === undefined ? {} : { deviceId: world.deviceId(device) }),
          ...(refund === undefined ? {} : { refundStatus: REFUND_STATUS[refund] }),
          ...(refunded === undefined ? {} : { refundedAmount: refunded }),
          ...(startState === undefined ? {} : { startState }),
        })
        .where(eq(orders.id, orderIds.get(step.change) ?? 0));
    } else {
      await tx.delete(orders).where(eq(orders.id, orderIds.get(step.remove) ?? 0));
    }
  }
}

const DEFAULTS: Row = { shop: "A", device: "W1", source: "coin" };
const PAY_NAMES = Object.fromEntries(Object.entries(PAY_STATUS).map(([name, code]) => [code, name]));
const REFUND_NAMES = Object.fromEntries(Object.entries(REFUND_STATUS).map(([name, code]) => [code, name]));

async function totals(tx: Tx): Promise<Row[]> {
  const rows = await tx.select().from(orderTotalsDaily);
  return sortedRows(
    rows.map((r) =>
      described(
        {
          day: r.day,
          shop: world.shopName(r.shopId),
          device: world.deviceName(r.deviceId),
          source: r.source,
          pay: PAY_NAMES[r.payStatus] ?? r.payStatus,
          refund: REFUND_NAMES[r.refundStatus] ?? r.refundStatus,
        },
        { orders: r.orders, amount: r.amount, refunded: r.refundedAmount },
        DEFAULTS,
      ),
    ),
  );
}

describe("the order screens' totals", () => {
  it.each(CASES)("%s", async (_rule, given, expected) => {
    const { kept, rebuilt } = await rolledBack(fresh.database.db, async (tx) => {
      await write(tx, given);
      const kept = await totals(tx);
      // One row a batch, so the rebuild crosses a batch boundary at every row.
      await tx.execute(sql`select rebuild_order_totals(null, 1)`);
      return { kept, rebuilt: await totals(tx) };
    });
    expect(kept).toEqual(sortedRows(expected));
    expect(rebuilt).toEqual(kept);
  });
});
