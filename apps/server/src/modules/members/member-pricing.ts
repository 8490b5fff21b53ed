import type { PriceExplanation } from "@washboard/shared";
import type { Tx } from "../../platform/db/client.js";
import { hasPaidOrder } from "../orders/public.js";
import { type PricedCoupon, type PricingRules, priceWith } from "../promotions/public.js";
import type { LockedHolder } from "./ledger.js";
import { passesForPricing, type SpendablePasses, spendablePasses, spendPasses } from "./member-passes.js";
import { earnPoints, referralGifts } from "./promotion-gifts.js";

/**
 * What a member's payment costs and what it earns, the same whichever way the member pays: in the
 * app from their balance or reward (`chargeMember`), or by tapping their card at a machine
 * (`payByCard`). Both call these under the member's row lock, so the member's first paid use, their
 * cards' uses and their gifts are decided one payment after the other.
 */

/** One program of one machine that a member pays for. */
export interface MemberPricedSale {
  vendor: { id: number; timeZone: string };
  shopId: number;
  machineType: string;
  listPrice: number;
  at: Date;
}

/**
 * The pricing engine's price for the member (their first paid use, their wash-dry and discount
 * cards) or, without one, for anyone (a card that no member holds), with the cards it may spend.
 */
export async function memberQuote(
  tx: Tx,
  member: LockedHolder | null,
  rules: PricingRules,
  sale: MemberPricedSale & { coupon?: PricedCoupon },
): Promise<{ pricing: PriceExplanation; passes: SpendablePasses }> {
  const passes: SpendablePasses = member
    ? await spendablePasses(tx, member, { shopId: sale.shopId, machineType: sale.machineType, at: sale.at })
    : {};
  const firstPaidUse = member ? !(await hasPaidOrder(tx, sale.vendor.id, member.holder.id)) : false;
  const pricing = priceWith(rules, {
    vendor: sale.vendor,
    shopId: sale.shopId,
    machineType: sale.machineType,
    listPrice: sale.listPrice,
    at: sale.at,
    ...(member ? { member: { firstPaidUse, ...passesForPricing(passes) } } : {}),
    ...(sale.coupon ? { coupon: sale.coupon } : {}),
  });
  return { pricing, passes };
}

/**
 * What a paid order gives the member, in its transaction under their lock: the cards' uses it spent,
 * then — when money was paid — a referral's gifts at their first payment and the bonus points the
 * money earns (`earnsPoints`: not for a payment from the reward, which is the points themselves).
 */
export async function settleMemberSale(
  tx: Tx,
  member: LockedHolder,
  sale: {
    vendorId: number;
    shopId: number;
    machineType: string;
    orderNo: string;
    pricing: PriceExplanation;
    passes: SpendablePasses;
    earnsPoints: boolean;
  },
): Promise<void> {
  await spendPasses(tx, sale.vendorId, sale.passes, sale.pricing, sale.orderNo);
  const paid = sale.pricing.final_price;
  if (paid <= 0) return;
  const where = { vendorId: sale.vendorId, shopId: sale.shopId, orderNo: sale.orderNo };
  const held = await referralGifts(tx, member, { ...where, memberId: member.holder.id });
  if (sale.earnsPoints) await earnPoints(tx, held, { ...where, machineType: sale.machineType, paid });
}
