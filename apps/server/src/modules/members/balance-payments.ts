import { type CardType, FIXED_BALANCE_CARD_TYPES } from "@washboard/shared";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { PermanentFailure } from "../../platform/outbox/outbox.js";
import type { BalanceRefunder, CardPayer } from "../orders/public.js";
import { tenantOfVendor } from "../tenancy/public.js";
import { giveBackCoupon } from "./coupon-service.js";
import { applyChanges, lockHolder, move } from "./ledger.js";
import { giveBackPassUses } from "./member-passes.js";
import { takeBackPoints } from "./promotion-gifts.js";
import { balanceMovements, cards } from "./tables.js";

/**
 * What an active card answers a machine asking `amount`: free and admin cards start it for nothing,
 * others pay from their balance or are refused as short. Also the demo's history (demo-member-history.ts).
 */
export function cardTapOutcome(
  type: CardType,
  balance: number,
  amount: number,
): { paid: true; charged: number } | { paid: false; reason: string } {
  if (FIXED_BALANCE_CARD_TYPES.includes(type)) return { paid: true, charged: 0 };
  if (balance < amount) {
    return { paid: false, reason: `Balance short: the card holds ${balance}, the machine asked ${amount}` };
  }
  return { paid: true, charged: amount };
}

/**
 * A card tapped at a machine pays from its own balance, under the card's lock, in the order's
 * transaction. Free and admin cards start machines for nothing; a card that is unknown, disabled,
 * unbound or short is refused with the reason the operator will read on the order.
 */
export const payByCard: CardPayer = async (tx, tap) => {
  const [card] = await tx
    .select({ id: cards.id })
    .from(cards)
    .where(
      and(tenantOfVendor(tap.vendorId).owns(cards), eq(cards.cardNumber, tap.cardNumber), isNull(cards.removedAt)),
    );
  if (!card) return { paid: false, reason: `Card number error: ${tap.cardNumber} is not a card of this merchant` };
  const locked = await lockHolder(tx, tap.vendorId, { kind: "card", id: card.id });
  if (!locked) return { paid: false, reason: "Card number error" };
  const { memberId } = locked;
  if (!locked.active) return { paid: false, reason: "The card is disabled or unbound", memberId };
  const type = locked.cardType as CardType;
  const outcome = cardTapOutcome(type, locked.purses.card ?? 0, tap.amount);
  if (!outcome.paid) return { ...outcome, memberId };
  if (FIXED_BALANCE_CARD_TYPES.includes(type)) {
    await tx.update(cards).set({ lastUsedAt: tap.at }).where(eq(cards.id, card.id));
    return { paid: true, memberId, charged: 0 };
  }
  await applyChanges(tx, locked, [{ purse: "card", kind: "payment", amount: -tap.amount }], {
    orderNo: tap.orderNo,
    shopId: tap.shopId,
    reason: "Machine payment",
    ref: `order:${tap.orderNo}`,
    at: tap.at,
  });
  return { paid: true, memberId, charged: tap.amount };
};

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
