import { minorUnits, type OrderSource, paymentTypeOf, wallClockParts, zonedDayStart } from "@washboard/shared";
import { and, count, eq, getTableColumns, gte, inArray, sql } from "drizzle-orm";
import { arrayParam } from "../../platform/db/array-param.js";
import type { Db, Tx } from "../../platform/db/client.js";
import { placedDevicesOfVendors } from "../devices/public.js";
import { tenantOfVendor, vendorsNamed } from "../tenancy/public.js";
import { saleOf } from "./device-orders.js";
import { type MemberPurchase, memberOrderRow } from "./member-orders.js";
import { newOrderNo } from "./order-numbers.js";
import { orderRefunds, orders, PAY_STATUS, REFUND_RESULT, REFUND_STATUS } from "./tables.js";

type OrderRow = typeof orders.$inferInsert;

const DAYS = 90;
/** Rows per insert statement. */
const CHUNK = 5_000;

/** A small deterministic generator: the demo's orders are the same on every fresh install. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Machines that sell cycles (kiosks and changers sell nothing here). */
const SELLERS = ["washer", "dryer", "combo", "vending_machine"];

/**
 * What each machine type sells, as the demo's price templates price it (seed/demo-shops.ts) — the
 * template's price most often, with an option now and then — in whole units of the currency, and
 * the program as the vendor's templates name it. A vending machine sells snacks and drinks in coins.
 */
const MENU: Record<string, Record<string, { program: string; minutes: number; prices: number[] }>> = {
  MYR: {
    washer: { program: "Wash", minutes: 35, prices: [7, 7, 7, 8, 9] },
    dryer: { program: "Dry", minutes: 30, prices: [5, 5, 5, 7] },
    combo: { program: "Wash & Dry", minutes: 80, prices: [12, 12, 14] },
    vending_machine: { program: "Snack", minutes: 1, prices: [2, 3] },
  },
  THB: {
    washer: { program: "ซัก", minutes: 40, prices: [50, 50, 60, 70, 60] },
    dryer: { program: "อบ", minutes: 30, prices: [40, 40, 50] },
    combo: { program: "ซัก+อบ", minutes: 85, prices: [90] },
    vending_machine: { program: "ขนม", minutes: 1, prices: [20, 30] },
  },
};

/**
 * The first instant of the vendor's calendar day `daysAgo` days before `now` (epoch ms), and
 * whether that day is a Saturday or Sunday there.
 */
function vendorDay(now: number, daysAgo: number, timeZone: string): { start: number; weekend: boolean } {
  const p = wallClockParts(now - daysAgo * 86_400_000, timeZone);
  const weekday = new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day))).getUTCDay();
  return { start: zonedDayStart(`${p.year}-${p.month}-${p.day}`, timeZone) * 1000, weekend: weekday % 6 === 0 };
}

/** An hour of a laundry's day: seven in the morning to eleven at night, busiest in the evening. */
function openHour(next: () => number): number {
  return next() < 0.45 ? 17 + next() * 6 : 7 + next() * 10;
}

/**
 * About ninety days of believable orders for the demo vendors (`npm start`, `cli seed`): each
 * machine's sales at its template's prices through the shop's opening hours, more at weekends and
 * growing over the weeks, the odd free start, and payments through every
 * provider the vendor switched on, a few of them refunded — so the order screens, their totals and
 * exports have something real to show. Run once: a demo vendor that has orders is left alone. Computed
 * in memory and bulk-loaded in one transaction (whole or not at all); the rollups' statement triggers
 * count each batch as they count any insert.
 */
export async function seedDemoOrders(db: Db, vendorNames: readonly string[]): Promise<boolean> {
  return db.transaction((tx) => seedOrderHistory(tx, vendorNames));
}

async function seedOrderHistory(db: Tx, vendorNames: readonly string[]): Promise<boolean> {
  const demo = await vendorsNamed(db, vendorNames);
  if (demo.length === 0) return false;
  const [existing] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      inArray(
        orders.vendorId,
        demo.map((v) => v.id),
      ),
    );
  if ((existing?.n ?? 0) > 0) return false;
  const machines = await placedDevicesOfVendors(
    db,
    demo.map((v) => v.id),
  );
  const next = random(20_261_124);
  const now = Date.now();
  const rows: OrderRow[] = [];
  for (const vendor of demo) {
    const providers = vendor.enabledProviders.filter((p) => p !== "pos" && p !== "pay_account") as OrderSource[];
    const menu = MENU[vendor.currency] ?? MENU.MYR ?? {};
    const days = Array.from({ length: DAYS + 1 }, (_, daysAgo) => vendorDay(now, daysAgo, vendor.timeZone));
    for (const machine of machines.filter((m) => m.vendorId === vendor.id && SELLERS.includes(m.type))) {
      const item = menu[machine.type] ?? menu.washer;
      if (!item) continue;
      for (let day = DAYS; day >= 0; day--) {
        const { start, weekend } = days[day] ?? { start: now, weekend: false };
        // Weekends are busier, and the business grew over the ninety days: the charts have a shape.
        const busy = (weekend ? 1.4 : 1) * (0.75 + (0.4 * (DAYS - day)) / DAYS);
        const sales = Math.round((1.5 + next() * 4.5) * busy);
        for (let n = 0; n < sales; n++) {
          const at = new Date(start + Math.floor(openHour(next) * 3_600_000));
          if (at.getTime() > now) continue;
          const roll = next();
          const source: OrderSource =
            // Card taps come from the members' seed, which debits the demo members' cards.
            roll < 0.7
              ? "coin"
              : roll < 0.73
                ? "free_start"
                : (providers[Math.floor(next() * providers.length)] ?? "coin");
          const price =
            source === "free_start"
              ? 0
              : minorUnits(item.prices[Math.floor(next() * item.prices.length)] ?? 0, vendor.currency);
          const orderNo = newOrderNo(at);
          const online = !["coin", "mem_card", "free_start"].includes(source);
          const refunded = online && next() < 0.03;
          rows.push({
            vendorId: vendor.id,
            source,
            payType: paymentTypeOf(source),
            startType: online
              ? "online_payment"
              : source === "coin"
                ? "coins"
                : source === "mem_card"
                  ? "card"
                  : "free_start",
            orderNo,
            payUniqueNo: online ? orderNo : `${machine.serial}:demo-${rows.length}`,
            merchantOrderNo: online ? orderNo : null,
            tradeNo: online ? `T${orderNo.slice(1)}` : null,
            transactionId: online ? `X${orderNo.slice(1)}` : null,
            amount: price,
            currency: vendor.currency,
            payStatus: PAY_STATUS.paid,
            paidAt: at,
            refundStatus: refunded ? REFUND_STATUS.refunded : REFUND_STATUS.none,
            refundResult: refunded ? REFUND_RESULT.success : null,
            refundType: refunded ? "manual" : null,
            refundedAmount: refunded ? price : 0,
            refundId: refunded ? `RF${orderNo.slice(1)}` : null,
            refundTime: refunded ? new Date(at.getTime() + 20 * 60_000) : null,
            shopId: machine.shopId,
            deviceId: machine.id,
            cardNumber: source === "mem_card" ? `8800${String(1000 + Math.floor(next() * 400))}` : null,
            program: item.program,
            minutes: source === "mem_card" ? null : item.minutes,
            startState: online ? "started" : null,
            createdAt: at,
          });
        }
      }
    }
  }
  await insertOrderRows(db, rows);
  // Each refunded order's refund as the refund service records one, so revenue shows it apart.
  const refunded = rows.filter((o) => o.refundId && o.refundTime);
  if (refunded.length > 0) {
    const ids = await db
      .select({ id: orders.id, orderNo: orders.orderNo })
      .from(orders)
      .where(
        inArray(
          orders.orderNo,
          refunded.map((o) => o.orderNo),
        ),
      );
    const idOf = new Map(ids.map((row) => [row.orderNo, row.id]));
    await db.insert(orderRefunds).values(
      refunded.map((o) => ({
        orderId: idOf.get(o.orderNo) ?? 0,
        vendorId: o.vendorId,
        refundNo: o.refundId ?? "",
        amount: o.amount,
        state: "succeeded",
        type: "manual",
        reason: "Customer asked",
        createdAt: o.refundTime ?? o.createdAt,
        finishedAt: o.refundTime,
      })),
    );
  }
  return rows.length > 0;
}

/** An order a demo member made: a card tapped at a machine, or a program paid from the balance in the app. */
export type DemoMemberOrder =
  | {
      kind: "card_tap";
      vendorId: number;
      currency: string;
      shopId: number | null;
      deviceId: number;
      /** The machine's serial and its event's id: the pay unique number, as the gateway writes it. */
      serial: string;
      eventId: string;
      cardNumber: string;
      /** What the machine asked. */
      amount: number;
      memberId: number | null;
      /** What the card payer answered (the members module's): paid (what it charged) or refused (why). */
      outcome: { paid: true; charged: number } | { paid: false; reason: string };
      at: Date;
    }
  | ({ kind: "app"; at: Date } & MemberPurchase);

/**
 * Writes the demo members' orders in bulk, each row as its service writes it — a tap as
 * `writeCardSale` leaves it once the card payer answered, an app payment as `createMemberOrder`
 * writes a seeded one (`memberOrderRow`) — and answers their order numbers, in the list's order, for
 * the ledger movements and coupons that name them. In the caller's transaction.
 */
export async function writeDemoMemberOrders(tx: Db | Tx, list: readonly DemoMemberOrder[]): Promise<string[]> {
  const rows = list.map((order): OrderRow => {
    const orderNo = newOrderNo(order.at);
    const common = {
      vendorId: order.vendorId,
      currency: order.currency,
      orderNo,
      shopId: order.shopId,
      deviceId: order.deviceId,
      memberId: order.memberId,
      createdAt: order.at,
      payUniqueNo: orderNo,
      startType: null as string | null,
      program: null as string | null,
      minutes: null as number | null,
      purchase: null,
      startState: null as string | null,
      cardNumber: null as string | null,
      failureReason: null as string | null,
    };
    if (order.kind === "app") return { ...common, ...memberOrderRow(order, orderNo, { at: order.at }) };
    const sale = saleOf({
      v: 1,
      type: "card_used",
      id: order.eventId,
      ts: Math.floor(order.at.getTime() / 1000),
      card_number: order.cardNumber,
      amount: order.amount,
    });
    if (!sale) throw new Error("a card tap is a sale");
    const { outcome } = order;
    return {
      ...common,
      source: sale.source,
      payType: paymentTypeOf(sale.source),
      startType: sale.startType,
      payUniqueNo: `${order.serial}:${order.eventId}`,
      cardNumber: sale.cardNumber,
      program: sale.program,
      minutes: sale.minutes,
      amount: outcome.paid ? outcome.charged : sale.amount,
      payStatus: outcome.paid ? PAY_STATUS.paid : PAY_STATUS.unpaid,
      paidAt: outcome.paid ? order.at : null,
      failureReason: outcome.paid ? null : outcome.reason.slice(0, 255),
    };
  });
  await insertOrderRows(tx, rows);
  return rows.map((row) => row.orderNo);
}

/**
 * Inserts orders one statement per batch, each column one array parameter (`unnest`), as the machine
 * sales' batch writer does: tens of thousands of rows, built without a parameter per value. Every
 * row names the same columns; each value goes to the database as the column's own mapping sends it.
 */
async function insertOrderRows(tx: Db | Tx, rows: readonly OrderRow[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.entries(getTableColumns(orders)).filter(([key]) => key in first) as [
    keyof OrderRow,
    (typeof orders._.columns)[keyof typeof orders._.columns],
  ][];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const batch = rows.slice(i, i + CHUNK);
    const arrays = columns.map(([key, column]) => {
      const values = batch.map((row) => {
        const value = row[key];
        return value === null || value === undefined ? null : column.mapToDriverValue(value);
      });
      return sql`${arrayParam(values)}::${sql.raw(column.getSQLType())}[]`;
    });
    const names = sql.join(
      columns.map(([, column]) => sql.identifier(column.name)),
      sql`, `,
    );
    await tx.execute(sql`insert into ${orders} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})`);
  }
}

/**
 * The demo vendor's refunds since `since` that an operator asked for in the console — the sandbox's,
 * the one provider of the demo's with a refund call — as the operation log names them: the call's
 * label and the order (the demo's operation log, operation-log/demo-operations.ts).
 */
export async function demoConsoleRefunds(
  db: Db,
  vendorId: number,
  since: Date,
): Promise<{ action: "orders.refundSandbox"; target: string; at: Date }[]> {
  const rows = await db
    .select({ orderId: orderRefunds.orderId, at: orderRefunds.createdAt })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(
      and(
        tenantOfVendor(vendorId).owns(orderRefunds),
        eq(orders.source, "sandbox"),
        gte(orderRefunds.createdAt, since),
      ),
    );
  return rows.map((row) => ({ action: "orders.refundSandbox", target: `order:${row.orderId}`, at: row.at }));
}
