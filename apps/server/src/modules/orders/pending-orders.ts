import { type OrderProviderId, type PriceExplanation, paymentTypeOf } from "@washboard/shared";
import type { Db, Tx } from "../../platform/db/client.js";
import { AppError } from "../../platform/http/app-error.js";
import { newOrderNo } from "./order-numbers.js";
import { orders } from "./tables.js";

export interface PendingOrder {
  vendorId: number;
  currency: string;
  provider: OrderProviderId;
  shopId: number;
  deviceId: number;
  /** Minor units: the program's price (with its options). */
  amount: number;
  program: string;
  minutes: number;
  /** After this it can no longer be paid: the provider's expiry and the end of the machine's hold. */
  expiresAt: Date;
  /** Why `amount` is what it is (the pricing engine's explanation); its final price is `amount`. */
  pricing: PriceExplanation;
}

/**
 * An order a customer is about to pay through a provider: unpaid, for one machine's program. Its
 * order number is what the payment starts with at the provider (the merchant order number), and
 * the pay unique number the customer's receipt shows.
 */
export async function createPendingOrder(db: Db | Tx, pending: PendingOrder) {
  const orderNo = newOrderNo();
  const [row] = await db
    .insert(orders)
    .values({
      vendorId: pending.vendorId,
      source: pending.provider,
      payType: paymentTypeOf(pending.provider),
      startType: "online_payment",
      orderNo,
      payUniqueNo: orderNo,
      merchantOrderNo: orderNo,
      amount: pending.amount,
      currency: pending.currency,
      shopId: pending.shopId,
      deviceId: pending.deviceId,
      program: pending.program,
      minutes: pending.minutes,
      purchase: { program: pending.program, minutes: pending.minutes },
      expiresAt: pending.expiresAt,
      pricing: pending.pricing,
      ...promotionOf(pending.pricing),
    })
    .returning();
  if (!row) throw new AppError("INTERNAL_ERROR");
  return row;
}

/** The promotion an explanation names (at most one applies), for the promotion's counters. */
export function promotionOf(pricing: PriceExplanation): { promotionId: number | null; promotionOff: number | null } {
  const step = pricing.adjustments.find((a) => a.kind === "promotion");
  return step ? { promotionId: step.rule_id, promotionOff: -step.amount } : { promotionId: null, promotionOff: null };
}
