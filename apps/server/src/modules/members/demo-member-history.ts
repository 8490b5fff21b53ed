import { randomBytes } from "node:crypto";
import { SIMULATED_CARD_COUNT, simulatedCardNumber } from "@washboard/device-sim";
import { type CardType, type MovementKind, minorUnits, type Purse } from "@washboard/shared";
import type { DemoMemberOrder } from "../orders/public.js";
import type { VendorRow } from "../tenancy/public.js";
import { cardTapOutcome } from "./balance-payments.js";

const DAYS = 90;
const FIRST_NAMES = ["Aisyah", "Ben", "Chen", "Dewi", "Eko", "Farah", "Gopal", "Hana", "Imran", "Jia", "Kiet", "Lina"];

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
  kind: "discount" | "voucher";
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
  vendor: Pick<VendorRow, "id" | "currency">,
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
  const price = () => (vendor.currency === "MYR" ? ([5, 6, 7, 9][Math.floor(next() * 4)] ?? 7) : 50) * unit;
  for (let i = 0; i < SIMULATED_CARD_COUNT; i++) {
    const home = sellers[i % sellers.length];
    if (!home) continue;
    const registeredAt = new Date(now - (DAYS + 30) * 86_400_000 + i * 3_600_000 * 8);
    const member: PlannedMember = {
      phone: `${prefix}${String(1_000_000 + i * 37).slice(1)}`,
      name: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${String.fromCharCode(65 + (i % 26))}.`,
      shopId: home.shopId,
      registeredAt,
      balance: 0,
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
      purse: "balance" | "card",
      kind: MovementKind,
      amount: number,
      meta: Partial<Pick<PlannedMovement, "paid" | "reason" | "operator" | "order" | "shopId" | "ref">> & { at: Date },
    ) => {
      const holder = purse === "card" ? card : member;
      holder.balance += amount;
      history.movements.push({
        member: i,
        card: purse === "card" ? i : null,
        purse,
        kind,
        amount,
        balanceAfter: holder.balance,
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
    for (let day = DAYS; day >= 0; day -= 4 + Math.floor(next() * 12)) {
      const at = new Date(now - day * 86_400_000 - Math.floor(next() * 10 * 3_600_000));
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
      const appPrice = price();
      if (roll < 0.2) {
        const amount = (10 + 10 * Math.floor(next() * 5)) * unit * (unit === 1 ? 10 : 1);
        move("balance", "topup", amount, {
          paid: amount,
          reason: "Top-up through sandbox",
          ref: `topup:{member}:demo-${vendor.id}-${i}-${day}`,
          at,
        });
      } else if (roll < 0.35 && member.balance >= appPrice) {
        const machine = sellers[Math.floor(next() * sellers.length)] ?? home;
        const coupon = member.coupon;
        const usable = coupon && !coupon.spent && coupon.expiresAt > at ? coupon : undefined;
        const program = machine.type === "dryer" ? { name: "Dry", minutes: 40 } : { name: "Wash", minutes: 30 };
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
        if (charged > 0) {
          move("balance", "payment", -charged, {
            order,
            shopId,
            reason: `${machine.serial} · ${program.name}`,
            ref: "order:{order}",
            at,
          });
        }
      } else if (card.type === "ordinary" && (card.balance < 20 * unit || roll < 0.35)) {
        const amount = (20 + 10 * Math.floor(next() * 4)) * unit * (unit === 1 ? 10 : 1);
        move("card", "topup", amount, { reason: "Counter top-up", operator: counter, paid: amount, at });
      } else {
        const machine = sellers[Math.floor(next() * sellers.length)] ?? home;
        const asked = price();
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
        if (outcome.paid) card.lastUsedAt = at;
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
