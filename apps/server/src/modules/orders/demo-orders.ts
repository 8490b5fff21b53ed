import { type OrderSource, paymentTypeOf } from "@washboard/shared";
import { count, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { placedDevicesOfVendors } from "../devices/public.js";
import { vendorsNamed } from "../tenancy/public.js";
import { newOrderNo } from "./order-numbers.js";
import { orderRefunds, orders, PAY_STATUS, REFUND_RESULT, REFUND_STATUS } from "./tables.js";

const DAYS = 90;
const CHUNK = 1_000;

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
 * About ninety days of believable orders for the demo vendors (`npm start`, `cli seed`): each
 * machine's cash and card sales through the day, the odd free start, and payments through every
 * provider the vendor switched on, a few of them refunded — so the order screens, their totals and
 * exports have something real to show. Run once: a demo vendor that has orders is left alone.
 */
export async function seedDemoOrders(db: Db, vendorNames: readonly string[]): Promise<boolean> {
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
  const rows: (typeof orders.$inferInsert)[] = [];
  for (const vendor of demo) {
    const unit = vendor.currency === "MYR" ? 100 : 1;
    const providers = vendor.enabledProviders.filter((p) => p !== "pos" && p !== "pay_account") as OrderSource[];
    for (const machine of machines.filter((m) => m.vendorId === vendor.id && SELLERS.includes(m.type))) {
      for (let day = DAYS; day >= 0; day--) {
        const sales = 2 + Math.floor(next() * 6);
        for (let n = 0; n < sales; n++) {
          const at = new Date(now - day * 86_400_000 - Math.floor(next() * 14 * 3_600_000));
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
              : (vendor.currency === "MYR"
                  ? ([5, 6, 7, 9][Math.floor(next() * 4)] ?? 7)
                  : ([40, 50, 60][Math.floor(next() * 3)] ?? 50)) * unit;
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
            program: machine.type === "dryer" ? "Dry" : "Wash",
            minutes: source === "mem_card" ? null : machine.type === "dryer" ? 40 : 30,
            startState: online ? "started" : null,
            createdAt: at,
          });
        }
      }
    }
  }
  for (let i = 0; i < rows.length; i += CHUNK) {
    const written = await db
      .insert(orders)
      .values(rows.slice(i, i + CHUNK))
      .returning({
        id: orders.id,
        vendorId: orders.vendorId,
        amount: orders.amount,
        refundId: orders.refundId,
        refundTime: orders.refundTime,
      });
    // Each refunded order's refund as the refund service records one, so revenue shows it apart.
    const refunds = written.flatMap((o) =>
      o.refundId && o.refundTime
        ? [
            {
              orderId: o.id,
              vendorId: o.vendorId,
              refundNo: o.refundId,
              amount: o.amount,
              state: "succeeded",
              type: "manual",
              reason: "Customer asked",
              createdAt: o.refundTime,
              finishedAt: o.refundTime,
            },
          ]
        : [],
    );
    if (refunds.length > 0) await db.insert(orderRefunds).values(refunds);
  }
  return rows.length > 0;
}
