import { discountedPrice, localMomentInZone, lowestWindow, type TimeWindow } from "@washboard/shared";

/**
 * The pricing engine (issue 29): for one machine, one program, one moment and optionally a member
 * and a coupon, the list price, every adjustment that applies in order, and the price paid — with
 * the reason for each step, which an order stores. Pure: the rules come loaded (pricing rules of
 * the vendor, the member's card, the coupon); the caller reads them under whatever lock it needs.
 *
 * Stacking rules (docs/pricing.md says the same for operators):
 * 1. Time-of-day price: of the vendor's windows matching the shop, the machine type, the local day
 *    and time, the one giving the lowest price sets the base — below the list price (a quiet-hours
 *    discount) or above it (a fixed evening price). A window is a price, not a promotion.
 * 2. Promotion: one at most. First use free (a member's first paid use) makes it 0; otherwise the
 *    active time-limited offer with the largest discount applies to the base.
 * 3. Wash-dry card: a wash (or dry) the member paid for with the card makes it 0 — used only when
 *    something is left to pay, so a first free use spends none of the card.
 * 4. Member discount card: its rate applies to what is left.
 * 5. Coupon: free makes it 0; a rate takes its share; a deduction takes its amount, never more
 *    than what is left.
 * 6. Provider's pay discount: last, on what is left, never bringing a price to pay below one minor
 *    unit (a provider cannot take a payment of 0); a free use pays nothing and gets none.
 * Every percentage's share is rounded down to the currency's stored unit (a whole yen or baht, a
 * cent of a ringgit) except the pay discount, which rounds to nearest as the pay page always has;
 * a price is never below zero. Every time window is read in the vendor's time zone.
 */

/** Which machines a rule applies to; an absent list means all. */
export interface RuleScope {
  shopIds?: readonly number[];
  machineTypes?: readonly string[];
}

/**
 * A time-of-day price: the shared window rule's window (days, minutes of the local day, a
 * percentage off or a fixed price) with its id, name and scope.
 */
export interface PriceWindow extends RuleScope, TimeWindow {
  id: number;
  name: string;
}

export interface Promotion extends RuleScope {
  id: number;
  name: string;
  kind: "timelimit" | "firstfree";
  /** Time-limited offer: 1–99 (spec §5). */
  percentOff?: number;
  startsAt: Date;
  endsAt: Date;
}

export interface Coupon {
  id: number;
  code: string;
  kind: "free" | "rate" | "deduction";
  /** rate: 1–99 off; deduction: an amount in minor units. */
  value: number;
}

export interface PricingInput {
  listPrice: number;
  at: Date;
  timeZone: string;
  shopId: number;
  machineType: string;
  windows: readonly PriceWindow[];
  promotions: readonly Promotion[];
  member?: {
    firstPaidUse: boolean;
    /** A wash-dry card with a use left for this machine. */
    washDryCard?: { id: number; name: string };
    discountCard?: { id: number; name: string; percentOff: number };
  };
  coupon?: Coupon;
  payDiscount?: { provider: string; percentOff: number };
}

export type AdjustmentKind =
  | "time_of_day"
  | "promotion"
  | "wash_dry_card"
  | "discount_card"
  | "coupon"
  | "pay_discount";

/** One step of the explanation: what applied, by how much (negative: off), and the price after it. */
export interface Adjustment {
  kind: AdjustmentKind;
  /** The rule's id (a coupon's, a card's…); 0 for the provider's discount. */
  ruleId: number;
  /** The rule's name as the vendor gave it, a coupon's code, or the provider. */
  name: string;
  amount: number;
  priceAfter: number;
}

export interface Quote {
  listPrice: number;
  adjustments: Adjustment[];
  finalPrice: number;
}

const applies = (scope: RuleScope, input: PricingInput) =>
  (!scope.shopIds || scope.shopIds.includes(input.shopId)) &&
  (!scope.machineTypes || scope.machineTypes.includes(input.machineType));

/** The share of `price` a percentage takes, rounded down to the stored unit. */
const shareOf = (price: number, percent: number) => Math.floor((price * percent) / 100);

export function quote(input: PricingInput): Quote {
  const adjustments: Adjustment[] = [];
  let price = Math.max(0, input.listPrice);
  // Only a time-of-day price may raise the price (an evening surcharge); every later step only lowers it.
  const step = (kind: AdjustmentKind, ruleId: number, name: string, next: number) => {
    const after = Math.max(0, kind === "time_of_day" ? next : Math.min(price, next));
    if (after === price) return;
    adjustments.push({ kind, ruleId, name, amount: after - price, priceAfter: after });
    price = after;
  };

  const window = bestWindow(input);
  if (window) step("time_of_day", window.rule.id, window.rule.name, window.price);

  const promotion = bestPromotion(input, price);
  if (promotion) step("promotion", promotion.rule.id, promotion.rule.name, promotion.price);

  const washDry = input.member?.washDryCard;
  if (washDry) step("wash_dry_card", washDry.id, washDry.name, 0);

  const card = input.member?.discountCard;
  if (card) step("discount_card", card.id, card.name, price - shareOf(price, card.percentOff));

  const coupon = input.coupon;
  if (coupon) step("coupon", coupon.id, coupon.code, price - couponOff(coupon, price));

  const pay = input.payDiscount;
  if (pay && price > 0) {
    step("pay_discount", 0, pay.provider, discountedPrice(price, pay.percentOff));
  }
  return { listPrice: Math.max(0, input.listPrice), adjustments, finalPrice: price };
}

function couponOff(coupon: Coupon, price: number): number {
  if (coupon.kind === "free") return price;
  if (coupon.kind === "rate") return shareOf(price, coupon.value);
  return Math.min(price, Math.max(0, coupon.value));
}

function bestWindow(input: PricingInput): { rule: PriceWindow; price: number } | undefined {
  const windows = input.windows.filter((rule) => applies(rule, input));
  const best = lowestWindow(windows, input.listPrice, localMomentInZone(input.at, input.timeZone));
  return best && { rule: best.window, price: best.price };
}

function bestPromotion(input: PricingInput, base: number): { rule: Promotion; price: number } | undefined {
  const active = input.promotions.filter(
    (p) => applies(p, input) && p.startsAt.getTime() <= input.at.getTime() && input.at.getTime() < p.endsAt.getTime(),
  );
  const free = input.member?.firstPaidUse ? active.find((p) => p.kind === "firstfree") : undefined;
  if (free) return { rule: free, price: 0 };
  let best: { rule: Promotion; price: number } | undefined;
  for (const rule of active) {
    if (rule.kind !== "timelimit" || !rule.percentOff) continue;
    const price = base - shareOf(base, rule.percentOff);
    if (!best || price < best.price) best = { rule, price };
  }
  return best;
}
