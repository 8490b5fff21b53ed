import { randomBytes } from "node:crypto";
import { SIMULATED_CARD_COUNT, simulatedCardNumber } from "@washboard/device-sim";
import { type CardType, type CouponKind, type MovementKind, minorUnits, type Purse } from "@washboard/shared";
import type { DemoMemberOrder } from "../orders/public.js";
import type { VendorRow } from "../tenancy/public.js";
import { cardTapOutcome } from "./balance-payments.js";
import { demoMemberNames, laundryHour, localMoment } from "./demo-people.js";

const DAYS = 90;
/** Paid machine uses that earn a loyalty reward, and what the counter gives for them (in whole units). */
const USES_PER_REWARD = 10;
const REWARD = { MYR: 5, THB: 50 } as Record<string, number>;

/** A machine a member can use (washers and dryers standing in a shop). */
export interface DemoMachine {
  id: number;
  vendorId: number | null;
  shopId: number | null;
  type: string;
  serial: string;
}

/** A coupon the vendor offers, as inserted. */
export interface DemoOffer {
  id: number;
  kind: CouponKind;
  discountRate: number | null;
  amount: number | null;
  validDays: number;
}

/** One movement of the ledger, as `applyChanges` writes it; the holder and order are named by index until written. */
export interface PlannedMovement {
  member: number;
  /** The card's index (its member's), for a card's purse. */
  card: number | null;
  purse: Purse;
  kind: MovementKind;
  amount: number;
  balanceAfter: number;
  paid: number;
  reason: string;
  operator: { accountId: number; name: string } | null;
  /** Index into `orders` of the order it paid. */
  order: number | null;
  shopId: number | null;
  /** The idempotency key, with the member's id to fill in (`{member}`) or the order's number (`{order}`). */
  ref: string | null;
  at: Date;
}

export interface PlannedMember {
  phone: string;
  name: string;
  shopId: number | null;
  registeredAt: Date;
  balance: number;
  /** The reward purse: loyalty rewards the counter gave, less what the member spent of them. */
  reward: number;
  card: { uuid: string; cardNumber: string; type: CardType; balance: number; lastUsedAt: Date | null };
  coupon: {
    offer: DemoOffer;
    /** The console account that gave it (the vendor's administrator). */
    givenBy: number;
    uniqueDid: string;
    issuedAt: Date;
    expiresAt: Date;
    spent: { order: number; at: Date; shopId: number | null; deviceId: number; discount: number } | null;
  } | null;
}

/** A vendor's demo members and ninety days of what they did, computed in memory before anything is written. */
export interface MemberHistory {
  members: PlannedMember[];
  orders: DemoMemberOrder[];
  movements: PlannedMovement[];
}

/**
 * What a coupon takes off a price: a rate's share rounded down to the minor unit, or a voucher's
 * amount up to the price — the rule `spendCoupon` applies in its statement.
 */
function couponDiscount(offer: DemoOffer, price: number): number {
  if (offer.kind === "free") return price;
  return offer.kind === "discount"
    ? Math.floor((price * (offer.discountRate ?? 0)) / 100)
    : Math.min(offer.amount ?? 0, price);
}

/**
 * A vendor's demo members, as the product's code paths would have made them over ninety days: each
 * registers in the member app at one of the vendor's machines, gets a card registered and bound at
 * the counter (the numbers the simulated machines' customers tap, so the live demo debits them), tops
 * up through the app and at the counter, pays in the app (a third spend a coupon given along the
 * way), and taps the card at machines. Purses never go below zero and every change is a movement
 * with the balance after it, as the ledger writes them. Deterministic but for coupon numbers.
 */
export function planMemberHistory(
  vendor: Pick<VendorRow, "id" | "currency" | "timeZone">,
  sellers: readonly DemoMachine[],
  offers: readonly DemoOffer[],
  admin: { id: number; username: string },
  next: () => number,
  now = Date.now(),
): MemberHistory {
  const history: MemberHistory = { members: [], orders: [], movements: [] };
  if (sellers.length === 0) return history;
  const unit = minorUnits(1, vendor.currency);
  const counter = { accountId: admin.id, name: admin.username };
  const prefix = vendor.currency === "MYR" ? "6012" : "6681";
  // What a machine asks: its type's demo template price, or with one of the template's options
  // (seed/demo-shops.ts), in the vendor's currency.
  const thaiPrices = { washer: [50, 60, 70, 60], dryer: [40, 50] } as Record<string, number[]>;
  const ringgitPrices = { washer: [7, 8, 9], dryer: [5, 7] } as Record<string, number[]>;
  const price = (machine: DemoMachine) => {
    const prices = (vendor.currency === "THB" ? thaiPrices : ringgitPrices)[machine.type] ?? [
      vendor.currency === "THB" ? 50 : 7,
    ];
    return (prices[Math.floor(next() * prices.length)] ?? 0) * unit;
  };
  // Operators write their reasons in the vendor's language.
  const thai = vendor.currency === "THB";
  const words = {
    counterTopUp: thai ? "เติมเงินที่เคาน์เตอร์" : "Counter top-up",
    loyalty: thai ? `สะสมครบ ${USES_PER_REWARD} ครั้ง` : `Loyalty reward: ${USES_PER_REWARD} washes`,
    goodwill: thai ? "ขออภัย เครื่องอบหยุดกลางรอบ" : "Sorry: the dryer stopped mid-cycle",
  };
  // The programs as the vendor's templates name them.
  const programs = thai
    ? { wash: { name: "ซัก", minutes: 40 }, dry: { name: "อบ", minutes: 30 } }
    : { wash: { name: "Wash", minutes: 35 }, dry: { name: "Dry", minutes: 30 } };
  const rewardAmount = (REWARD[vendor.currency] ?? 5) * unit;
  const names = demoMemberNames(vendor.currency, SIMULATED_CARD_COUNT, next);
  const registered = new Set<number>();
  for (let i = 0; i < SIMULATED_CARD_COUNT; i++) {
    const home = sellers[i % sellers.length];
    if (!home) continue;
    // Members join all along the ninety days (the oldest first, as their ids run), in opening hours,
    // no two at the same second.
    const joinedDaysAgo = Math.max(1, DAYS - Math.floor(((i + next()) * DAYS) / SIMULATED_CARD_COUNT));
    let registeredAt = localMoment(now, joinedDaysAgo, laundryHour(next), vendor.timeZone);
    while (registered.has(registeredAt.getTime())) registeredAt = new Date(registeredAt.getTime() + 1_000);
    registered.add(registeredAt.getTime());
    const member: PlannedMember = {
      phone: `${prefix}${String(1_000_000 + i * 37).slice(1)}`,
      name: names[i] ?? `${i + 1}`,
      shopId: home.shopId,
      registeredAt,
      balance: 0,
      reward: 0,
      card: {
        uuid: `D${vendor.id.toString(16).padStart(2, "0")}${i.toString(16).padStart(5, "0")}`.toUpperCase(),
        cardNumber: simulatedCardNumber(i),
        type: i % 40 === 0 ? "free" : "ordinary",
        balance: 0,
        lastUsedAt: null,
      },
      coupon: null,
    };
    history.members.push(member);
    const { card } = member;
    const move = (
      purse: Purse,
      kind: MovementKind,
      amount: number,
      meta: Partial<Pick<PlannedMovement, "paid" | "reason" | "operator" | "order" | "shopId" | "ref">> & { at: Date },
    ) => {
      let after: number;
      if (purse === "reward") after = member.reward += amount;
      else if (purse === "card") after = card.balance += amount;
      else after = member.balance += amount;
      history.movements.push({
        member: i,
        card: purse === "card" ? i : null,
        purse,
        kind,
        amount,
        balanceAfter: after,
        paid: meta.paid ?? 0,
        reason: meta.reason ?? "",
        operator: meta.operator ?? null,
        order: meta.order ?? null,
        shopId: meta.shopId ?? null,
        ref: meta.ref ?? null,
        at: meta.at,
      });
    };
    // A third of the members are given a coupon along the way; most spend it in the app.
    const offer = i % 3 === 0 ? offers[(i / 3) % offers.length] : undefined;
    // Every few paid uses the counter gives a loyalty reward (an operator's adjustment of the reward,
    // as modify_user_accts writes it); members spend rewards in the app like balance.
    let paidUses = 0;
    const used = (at: Date, shopId: number | null) => {
      if (++paidUses % USES_PER_REWARD !== 0) return;
      move("reward", "adjustment", rewardAmount, { reason: words.loyalty, operator: counter, shopId, at });
    };
    // Now and then a member is given a reward to make up for a machine that let them down.
    let owedGoodwill = i % 17 === 5;
    for (let day = joinedDaysAgo; day >= 0; day -= 2 + Math.floor(next() * 9)) {
      const at = localMoment(now, day, laundryHour(next), vendor.timeZone);
      if (at.getTime() <= registeredAt.getTime() || at.getTime() >= now) continue;
      if (owedGoodwill && day <= joinedDaysAgo - 3) {
        owedGoodwill = false;
        move("reward", "adjustment", rewardAmount, {
          reason: words.goodwill,
          operator: counter,
          shopId: home.shopId,
          at,
        });
      }
      const machine = sellers[Math.floor(next() * sellers.length)] ?? home;
      if (offer && !member.coupon && day <= DAYS - 20) {
        member.coupon = {
          offer,
          givenBy: admin.id,
          uniqueDid: `D${randomBytes(10).toString("hex").toUpperCase()}`,
          issuedAt: at,
          expiresAt: new Date(at.getTime() + offer.validDays * 86_400_000),
          spent: null,
        };
      }
      const roll = next();
      const appPrice = price(machine);
      if (roll < 0.2) {
        const amount = (10 + 10 * Math.floor(next() * 5)) * unit * (unit === 1 ? 10 : 1);
        move("balance", "topup", amount, {
          paid: amount,
          reason: "Top-up through sandbox",
          ref: `topup:{member}:demo-${vendor.id}-${i}-${day}`,
          at,
        });
      } else if (roll < 0.35 && (member.balance >= appPrice || member.reward >= appPrice)) {
        const coupon = member.coupon;
        const usable = coupon && !coupon.spent && coupon.expiresAt > at ? coupon : undefined;
        const program = machine.type === "dryer" ? programs.dry : programs.wash;
        const shopId = machine.shopId ?? home.shopId ?? 0;
        const discount = usable ? couponDiscount(usable.offer, appPrice) : 0;
        const charged = appPrice - discount;
        const order = history.orders.length;
        history.orders.push({
          kind: "app",
          vendorId: vendor.id,
          currency: vendor.currency,
          memberId: i,
          shopId,
          deviceId: machine.id,
          amount: charged,
          program: program.name,
          minutes: program.minutes,
          at,
        });
        if (usable) usable.spent = { order, at, shopId, deviceId: machine.id, discount };
        // A member holding enough reward pays with it, as the app offers (purse "reward").
        const purse = member.reward >= charged ? "reward" : "balance";
        used(at, shopId);
        if (charged > 0) {
          move(purse, "payment", -charged, {
            order,
            shopId,
            reason: `${machine.serial} · ${program.name}`,
            ref: "order:{order}",
            at,
          });
        }
      } else if (card.type === "ordinary" && (card.balance < 20 * unit || roll < 0.35)) {
        const amount = (20 + 10 * Math.floor(next() * 4)) * unit * (unit === 1 ? 10 : 1);
        move("card", "topup", amount, { reason: words.counterTopUp, operator: counter, paid: amount, at });
      } else {
        const asked = price(machine);
        const order = history.orders.length;
        // As the card payer answers a tap: free cards start for nothing, a short balance is refused.
        const outcome = cardTapOutcome(card.type, card.balance, asked);
        history.orders.push({
          kind: "card_tap",
          vendorId: vendor.id,
          currency: vendor.currency,
          shopId: machine.shopId,
          deviceId: machine.id,
          serial: machine.serial,
          eventId: `demo-card-${i}-${day}`,
          cardNumber: card.cardNumber,
          amount: asked,
          memberId: i,
          outcome,
          at,
        });
        if (outcome.paid) {
          card.lastUsedAt = at;
          used(at, machine.shopId);
        }
        if (outcome.paid && outcome.charged > 0) {
          move("card", "payment", -outcome.charged, {
            order,
            shopId: machine.shopId,
            reason: "Machine payment",
            ref: "order:{order}",
            at,
          });
        }
      }
    }
  }
  // The ledger in the order things happened: each holder's rows follow one another as its balances moved.
  history.movements.sort((a, b) => a.at.getTime() - b.at.getTime());
  return history;
}
