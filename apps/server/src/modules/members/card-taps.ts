import { type CardType, FIXED_BALANCE_CARD_TYPES } from "@washboard/shared";
import { and, eq, isNull } from "drizzle-orm";
import type { CardPayer } from "../orders/public.js";
import { rulesOf } from "../promotions/public.js";
import { tenantOfVendor } from "../tenancy/public.js";
import { cardTapOutcome } from "./balance-payments.js";
import { applyChanges, lockHolder } from "./ledger.js";
import { memberQuote, settleMemberSale } from "./member-pricing.js";
import { cards } from "./tables.js";

/**
 * A card tapped at a machine pays from its own balance, in the order's transaction. Free and admin
 * cards start machines for nothing; a card that is unknown, disabled, unbound or short is refused
 * with the reason the operator will read on the order.
 *
 * Any other card pays the pricing engine's price (docs/pricing.md "At the machine"): the amount the
 * machine asked is the list price — it already holds the machine's time-of-day price, which the
 * machine applies itself from its parameters — and the running promotion, and for a card its member
 * holds, their first use free, wash-dry and discount cards, then apply. The member's payment earns
 * their referral gift and bonus points as one in the app does. The member's row is locked before the
 * card's, as every path holding both does, so the member's cards and gifts are decided one payment at
 * a time whether the member pays in the app or at a machine.
 */
export const payByCard: CardPayer = async (tx, tap) => {
  const [card] = await tx
    .select({ id: cards.id, memberId: cards.memberId })
    .from(cards)
    .where(
      and(tenantOfVendor(tap.vendorId).owns(cards), eq(cards.cardNumber, tap.cardNumber), isNull(cards.removedAt)),
    );
  if (!card) return { paid: false, reason: `Card number error: ${tap.cardNumber} is not a card of this merchant` };
  const member =
    card.memberId === null ? null : await lockHolder(tx, tap.vendorId, { kind: "member", id: card.memberId });
  const locked = await lockHolder(tx, tap.vendorId, { kind: "card", id: card.id });
  if (!locked) return { paid: false, reason: "Card number error" };
  const { memberId } = locked;
  if (!locked.active) return { paid: false, reason: "The card is disabled or unbound", memberId };
  const type = locked.cardType as CardType;
  if (FIXED_BALANCE_CARD_TYPES.includes(type)) {
    await tx.update(cards).set({ lastUsedAt: tap.at }).where(eq(cards.id, card.id));
    return { paid: true, memberId, charged: 0 };
  }
  // The member still holding the card (it may have been unbound since it was read) and active.
  const holder = member?.active && member.holder.id === memberId ? member : null;
  const vendor = { id: tap.vendorId, timeZone: tap.timeZone };
  const quoted =
    tap.shopId === null
      ? null
      : await memberQuote(
          tx,
          holder,
          { ...(await rulesOf(tx, vendor, tap.shopId, tap.at)), windows: [] },
          { vendor, shopId: tap.shopId, machineType: tap.machineType, listPrice: tap.amount, at: tap.at },
        );
  const outcome = cardTapOutcome(type, locked.purses.card ?? 0, quoted?.pricing.final_price ?? tap.amount);
  if (!outcome.paid) return { ...outcome, memberId };
  if (outcome.charged > 0) {
    await applyChanges(tx, locked, [{ purse: "card", kind: "payment", amount: -outcome.charged }], {
      orderNo: tap.orderNo,
      shopId: tap.shopId,
      reason: "Machine payment",
      ref: `order:${tap.orderNo}`,
      at: tap.at,
    });
  } else {
    await tx.update(cards).set({ lastUsedAt: tap.at }).where(eq(cards.id, card.id));
  }
  if (holder && quoted && tap.shopId !== null) {
    await settleMemberSale(tx, holder, {
      vendorId: tap.vendorId,
      shopId: tap.shopId,
      machineType: tap.machineType,
      orderNo: tap.orderNo,
      pricing: quoted.pricing,
      passes: quoted.passes,
      earnsPoints: true,
    });
  }
  return { paid: true, memberId, charged: outcome.charged, ...(quoted ? { pricing: quoted.pricing } : {}) };
};
