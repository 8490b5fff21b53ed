import { and, eq, inArray, notExists, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../platform/db/client.js";
import type { AppDeps } from "../../platform/module.js";
import { enqueue, type OutboxHandler, PermanentFailure } from "../../platform/outbox/outbox.js";
import {
  coversShop,
  type GiftCounter,
  largestGift,
  runningMemberPromotions,
  topUpBonusOf,
} from "../promotions/public.js";
import { tenantOfVendor } from "../tenancy/public.js";
import { alreadyRecorded, applyChanges, type Change, type LockedHolder, lockHolder, move } from "./ledger.js";
import { balanceMovements, MEMBER_STATUS, memberPasses, memberPassUses, members } from "./tables.js";

/**
 * What promotions give members (spec §3), into the reward purse, each gift one ledger movement that
 * names its promotion and whose ref makes it once:
 * - a top-up bonus, in the top-up's own movement (`topUpBonus`);
 * - refer a friend: the friend's first payment of money gives the friend and the member whose phone
 *   the friend named as referrer a gift each, once per friend (`referralGifts`);
 * - a welfare plan: every active member of its shops receives its gift once while it runs
 *   (`giveWelfareGifts`, swept by a timer);
 * - bonus points: a payment from the balance earns reward — the reward purse is the member's points,
 *   kept in money — at the promotion's rate, taken back by a refund of the payment (`earnPoints`,
 *   `takeBackPoints`). Points are spent by paying from the reward purse.
 */

const gift = (promotion: { id: number; name: string }, words: string, amount: number): Change => ({
  purse: "reward",
  kind: "bonus",
  amount,
  promotion: { id: promotion.id, reason: `${words}: ${promotion.name}` },
});

/** The member's own shop: where they registered (null: the vendor's app, every shop's promotions apply). */
async function shopOfMember(db: Db | Tx, vendorId: number, memberId: number): Promise<number | null> {
  const [row] = await db
    .select({ shopId: members.shopId })
    .from(members)
    .where(and(eq(members.id, memberId), tenantOfVendor(vendorId).owns(members)));
  return row?.shopId ?? null;
}

/** The bonus change a top-up of `amount` earns now, if a running top-up bonus covers the member's shop. */
export async function topUpBonus(db: Db, vendorId: number, memberId: number, amount: number): Promise<Change[]> {
  const bonuses = await runningMemberPromotions(db, "bonus", new Date(), vendorId);
  if (bonuses.length === 0) return [];
  const bonus = topUpBonusOf(bonuses, await shopOfMember(db, vendorId, memberId), amount);
  return bonus ? [gift(bonus, "Top-up bonus", bonus.settings.gift_amount)] : [];
}

export const REFERRAL_GIFT = "members.referral-gift";

export interface ReferralGiftPayload {
  referrerId: number;
  promotionId: number;
  promotionName: string;
  amount: number;
}

/** Phones compared as customers type them: digits only (and a leading +). */
const digitsOf = (phone: string) => phone.replace(/[^0-9+]/g, "");

/**
 * Refer a friend, in a payment's transaction under the paying member's (the friend's) lock, after
 * its debit: the first payment of money of a member who named a referrer gives them the running
 * promotion's gift now, and the referrer theirs through the outbox — so a payment never waits on, or
 * deadlocks with, a second member's lock. The friend's gift's ref makes it once per friend, even for
 * payments that race (they queue on the friend's lock). `locked` holds the purses after the debit.
 */
export async function referralGifts(
  tx: Tx,
  locked: LockedHolder,
  sale: { vendorId: number; memberId: number; shopId: number; orderNo: string },
): Promise<LockedHolder> {
  const promotion = largestGift(
    await runningMemberPromotions(tx, "referfriend", new Date(), sale.vendorId),
    sale.shopId,
  );
  if (!promotion) return locked;
  const tenant = tenantOfVendor(sale.vendorId);
  const [friend] = await tx
    .select({ phone: members.phone, referrerPhone: members.referrerPhone })
    .from(members)
    .where(and(eq(members.id, sale.memberId), tenant.owns(members)));
  const named = digitsOf(friend?.referrerPhone ?? "");
  if (!friend || named === "" || named === digitsOf(friend.phone)) return locked;
  const ref = `referral:${sale.memberId}`;
  if (await alreadyRecorded(tx, sale.vendorId, ref)) return locked;
  const [referrer] = await tx
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        tenant.owns(members),
        sql`regexp_replace(${members.phone}, '[^0-9+]', '', 'g') = ${named}`,
        eq(members.status, MEMBER_STATUS.active),
      ),
    )
    .limit(1);
  if (!referrer || referrer.id === sale.memberId) return locked;
  const amount = promotion.settings.gift_amount;
  const after = await applyChanges(tx, locked, [gift(promotion, "Referral gift", amount)], {
    ref,
    orderNo: sale.orderNo,
    shopId: sale.shopId,
  });
  const payload: ReferralGiftPayload = {
    referrerId: referrer.id,
    promotionId: promotion.id,
    promotionName: promotion.name,
    amount,
  };
  await enqueue(tx, { kind: REFERRAL_GIFT, key: `${ref}:referrer`, vendorId: sale.vendorId, payload });
  return { ...locked, purses: after };
}

/**
 * Bonus points for a payment from the balance, in its transaction under the member's lock: of the
 * running point promotions covering the shop and the machine type, the best rate gives
 * floor(paid / earn_per) × point_value to the reward purse. Paying from the reward earns none.
 */
export async function earnPoints(
  tx: Tx,
  locked: LockedHolder,
  sale: { vendorId: number; shopId: number; machineType: string; orderNo: string; paid: number },
): Promise<LockedHolder> {
  const running = await runningMemberPromotions(tx, "point", new Date(), sale.vendorId);
  let best: { promotion: (typeof running)[number]; amount: number } | undefined;
  for (const promotion of running) {
    const types = promotion.machineTypes;
    if (!coversShop(promotion, sale.shopId) || (types.length > 0 && !types.includes(sale.machineType))) continue;
    const { earn_per, point_value } = promotion.settings;
    const amount = Math.floor(sale.paid / earn_per) * point_value;
    if (amount > (best?.amount ?? 0)) best = { promotion, amount };
  }
  if (!best) return locked;
  const after = await applyChanges(tx, locked, [gift(best.promotion, "Bonus points", best.amount)], {
    ref: `points:${sale.orderNo}`,
    orderNo: sale.orderNo,
    shopId: sale.shopId,
  });
  return { ...locked, purses: after };
}

/**
 * A refund of a payment takes back the points it earned, once per refund — as much as the reward
 * purse still holds (points already spent stay spent).
 */
export async function takeBackPoints(
  db: Db,
  refund: { vendorId: number; orderNo: string; refundNo: string; shopId: number | null },
): Promise<void> {
  const tenant = tenantOfVendor(refund.vendorId);
  const [earned] = await db
    .select({
      memberId: balanceMovements.memberId,
      amount: balanceMovements.amount,
      promotionId: balanceMovements.promotionId,
    })
    .from(balanceMovements)
    .where(and(tenant.owns(balanceMovements), eq(balanceMovements.ref, `points:${refund.orderNo}`)));
  if (!earned?.memberId) return;
  const ref = `points-back:${refund.refundNo}`;
  await db.transaction(async (tx) => {
    const locked = await lockHolder(tx, refund.vendorId, { kind: "member", id: earned.memberId ?? 0 });
    if (!locked || (await alreadyRecorded(tx, refund.vendorId, ref))) return;
    const back = Math.min(earned.amount, locked.purses.reward ?? 0);
    if (back <= 0) return;
    await applyChanges(tx, locked, [{ purse: "reward", kind: "refund", amount: -back }], {
      ref,
      orderNo: refund.orderNo,
      shopId: refund.shopId,
      reason: "Bonus points of a refunded payment",
    });
  });
}

/** The referrer's gift: one movement whose ref is the message's key, so a redelivery gives nothing twice. */
export function referralGiftDelivery({ db }: AppDeps): OutboxHandler {
  return async (message) => {
    const { referrerId, promotionId, promotionName, amount } = message.payload as ReferralGiftPayload;
    if (message.vendorId === null) throw new PermanentFailure("a referral gift without its vendor");
    const promotion = { id: promotionId, reason: `Referral gift: ${promotionName}` };
    const moved = await move(
      db,
      message.vendorId,
      { kind: "member", id: referrerId },
      [{ purse: "reward", kind: "bonus", amount, promotion }],
      { ref: message.key },
    );
    return { repeated: moved.repeated };
  };
}

/** How many welfare gifts one sweep gives per plan: the rest go on the next sweep. */
export const WELFARE_BATCH = 200;
/** How often running welfare plans are looked at for members who have not received their gift. */
export const WELFARE_SWEEP_MS = 60_000;

/**
 * Gives each running welfare plan's gift to the active members of its shops who have not received
 * it (a member who registers while it runs receives it at the next sweep), up to WELFARE_BATCH per
 * plan per sweep. Each gift is its own ledger movement under the member's lock, its ref the plan and
 * the member, so two instances sweeping at once give it once. Answers how many it gave.
 */
export async function giveWelfareGifts(db: Db, at = new Date()): Promise<number> {
  let given = 0;
  for (const plan of await runningMemberPromotions(db, "present", at)) {
    const tenant = tenantOfVendor(plan.vendorId);
    const refOf = sql`'welfare:' || ${plan.id} || ':' || ${members.id}`;
    const due = await db
      .select({ id: members.id })
      .from(members)
      .where(
        and(
          tenant.owns(members),
          eq(members.status, MEMBER_STATUS.active),
          plan.shopIds.length === 0 ? undefined : inArray(members.shopId, plan.shopIds),
          notExists(
            db
              .select({ one: sql`1` })
              .from(balanceMovements)
              .where(and(tenant.owns(balanceMovements), eq(balanceMovements.ref, refOf))),
          ),
        ),
      )
      .orderBy(members.id)
      .limit(WELFARE_BATCH);
    for (const member of due) {
      const moved = await move(
        db,
        plan.vendorId,
        { kind: "member", id: member.id },
        [gift(plan, "Welfare gift", plan.settings.gift_amount)],
        { ref: `welfare:${plan.id}:${member.id}` },
      );
      if (!moved.repeated) given += 1;
    }
  }
  return given;
}

/**
 * What each promotion did for members, in one statement: a gift promotion counts its gifts (a
 * referral both of them) and what they came to; a card promotion counts the cards members took and
 * what the cards took off their payments.
 */
export const giftCounters: GiftCounter = async (db, vendorId, promotionIds) => {
  const counters = new Map<number, { count: number; cost: number }>();
  if (promotionIds.length === 0) return counters;
  const ids = [...promotionIds];
  const tenant = tenantOfVendor(vendorId);
  const tally = (count: SQL, cost: SQL) => ({
    count: sql<number>`${count}`.mapWith(Number),
    cost: sql<number>`${cost}`.mapWith(Number),
  });
  const m = balanceMovements;
  const gifts = db
    .select({ id: m.promotionId, ...tally(sql`count(*)`, sql`sum(${m.amount})`) })
    .from(m)
    .where(and(tenant.owns(m), inArray(m.promotionId, ids)))
    .groupBy(m.promotionId);
  const cards = db
    .select({ id: memberPasses.promotionId, ...tally(sql`count(*)`, sql`0`) })
    .from(memberPasses)
    .where(and(tenant.owns(memberPasses), inArray(memberPasses.promotionId, ids)))
    .groupBy(memberPasses.promotionId);
  const savings = db
    .select({ id: memberPassUses.promotionId, ...tally(sql`0`, sql`sum(${memberPassUses.saved})`) })
    .from(memberPassUses)
    .where(and(tenant.owns(memberPassUses), inArray(memberPassUses.promotionId, ids)))
    .groupBy(memberPassUses.promotionId);
  for (const row of await unionAll(gifts, cards, savings)) {
    if (row.id === null) continue;
    const seen = counters.get(row.id) ?? { count: 0, cost: 0 };
    counters.set(row.id, { count: seen.count + row.count, cost: seen.cost + row.cost });
  }
  return counters;
};
