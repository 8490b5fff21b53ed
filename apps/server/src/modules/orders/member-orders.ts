import { type PriceExplanation, paymentTypeOf } from "@washboard/shared";
import type { Tx } from "../../platform/db/client.js";
import { AppError } from "../../platform/http/app-error.js";
import { enqueue } from "../../platform/outbox/outbox.js";
import { newOrderNo } from "./order-numbers.js";
import { PAID_START } from "./payments.js";
import { promotionOf } from "./pending-orders.js";
import { orders, PAY_STATUS } from "./tables.js";

export interface MemberPurchase {
  vendorId: number;
  currency: string;
  memberId: number;
  shopId: number;
  deviceId: number;
  amount: number;
  program: string;
  minutes: number;
  /** Why it costs `amount` (the pricing engine's explanation); the demo's history has none. */
  pricing?: PriceExplanation;
}

/**
 * The order row of a member's purchase from their balance: paid now, or — for the demo's history —
 * paid at `seeded.at` with its machine already run.
 */
export function memberOrderRow(purchase: MemberPurchase, orderNo: string, seeded?: { at: Date }) {
  const paidAt = seeded?.at ?? new Date();
  return {
    vendorId: purchase.vendorId,
    source: "mem_account",
    payType: paymentTypeOf("mem_account"),
    startType: "online_payment",
    orderNo,
    payUniqueNo: orderNo,
    amount: purchase.amount,
    currency: purchase.currency,
    payStatus: PAY_STATUS.paid,
    paidAt,
    ...(seeded ? { createdAt: paidAt, startState: "started" as const } : {}),
    shopId: purchase.shopId,
    deviceId: purchase.deviceId,
    memberId: purchase.memberId,
    program: purchase.program,
    minutes: purchase.minutes,
    purchase: { program: purchase.program, minutes: purchase.minutes },
    ...(purchase.pricing ? { pricing: purchase.pricing, ...promotionOf(purchase.pricing) } : {}),
  } satisfies typeof orders.$inferInsert;
}

/**
 * An order a member paid from their balance: paid at once, in the transaction that debits the
 * balance (the caller's), with the machine's start queued in that same transaction — so the money
 * moves if and only if the start is asked for, and a start that fails is refunded to the balance.
 */
export async function createMemberOrder(
  tx: Tx,
  purchase: MemberPurchase,
  /** The demo's history: an order paid (and its machine run) at that time, nothing left to start. */
  seeded?: { at: Date },
) {
  const orderNo = newOrderNo(seeded?.at);
  const [row] = await tx
    .insert(orders)
    .values(memberOrderRow(purchase, orderNo, seeded))
    .returning({ id: orders.id, orderNo: orders.orderNo });
  if (!row) throw new AppError("INTERNAL_ERROR");
  if (seeded) return row;
  await enqueue(tx, {
    kind: PAID_START,
    key: `start:${row.orderNo}`,
    vendorId: purchase.vendorId,
    payload: { orderId: row.id },
  });
  return row;
}
