import { type CardType, FIXED_BALANCE_CARD_TYPES } from "@washboard/shared";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { PermanentFailure } from "../../platform/outbox/outbox.js";
import type { BalanceRefunder } from "../orders/public.js";
import { tenantOfVendor } from "../tenancy/public.js";
import { giveBackCoupon } from "./coupon-service.js";
import { move } from "./ledger.js";
import { giveBackPassUses } from "./member-passes.js";
import { takeBackPoints } from "./promotion-gifts.js";
import { balanceMovements } from "./tables.js";

/**
 * What an active card answers a machine's price `amount`: free and admin cards start it for nothing,
 * others pay from their balance or are refused as short. Also the demo's history (demo-member-history.ts).
 */
export function cardTapOutcome(
  type: CardType,
  balance: number,
  amount: number,
): { paid: true; charged: number } | { paid: false; reason: string } {
  if (FIXED_BALANCE_CARD_TYPES.includes(type)) return { paid: true, charged: 0 };
  if (balance < amount) {
    return { paid: false, reason: `Balance short: the card holds ${balance}, the price is ${amount}` };
  }
  return { paid: true, charged: amount };
}

/**
 * A refund of an order paid from a balance goes back to the purse that paid it (the member's
 * balance or reward, or the card), once per refund number.
 */
export const refundToBalance: BalanceRefunder = async (db: Db, refund) => {
  const [payment] = await db
    .select({ memberId: balanceMovements.memberId, cardId: balanceMovements.cardId, purse: balanceMovements.purse })
    .from(balanceMovements)
    .where(
      and(tenantOfVendor(refund.vendorId).owns(balanceMovements), eq(balanceMovements.ref, `order:${refund.orderNo}`)),
    );
  await giveBackCoupon(db, refund.vendorId, refund.orderNo);
  await giveBackPassUses(db, refund.vendorId, refund.orderNo);
  // A coupon or a wash-dry card that covered the whole price left nothing to give back but itself.
  if (!payment && refund.amount === 0) return refund.refundNo;
  if (!payment) throw new PermanentFailure(`order ${refund.orderNo} was not paid from a balance`);
  const holder =
    payment.cardId !== null
      ? ({ kind: "card", id: payment.cardId } as const)
      : ({ kind: "member", id: payment.memberId ?? 0 } as const);
  await move(db, refund.vendorId, holder, [{ purse: payment.purse, kind: "refund", amount: refund.amount }], {
    orderNo: refund.orderNo,
    shopId: refund.shopId,
    reason: refund.reason,
    ref: `refund:${refund.refundNo}`,
  });
  await takeBackPoints(db, refund);
  return refund.refundNo;
};
