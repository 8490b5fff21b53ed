import type { PromotionSettings } from "@washboard/shared";
import { and, asc, eq, gt, inArray, lte } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.js";
import { definePort } from "../../platform/ports.js";
import { tenantOfVendor } from "../tenancy/public.js";
import { promotions } from "./tables.js";

/**
 * The promotions a member receives or takes rather than a price rule (spec §3): a top-up bonus,
 * refer a friend, a welfare plan and bonus points give gifts; a discount card and a wash-dry card
 * are taken by the member. They are decided here; the members module, which owns balances and members' cards, acts on
 * them, each gift a ledger movement and each card a row that names its promotion.
 */
export type MemberPromotionKind = "bonus" | "referfriend" | "present" | "dis_card" | "washdry" | "point";

export interface MemberPromotion<K extends MemberPromotionKind = MemberPromotionKind> {
  id: number;
  vendorId: number;
  name: string;
  /** Empty: every shop. */
  shopIds: number[];
  /** Empty: every machine type. */
  machineTypes: string[];
  endsAt: Date;
  settings: Extract<PromotionSettings, { kind: K }>;
}

/**
 * The switched-on promotions of a kind running at `at`, of one vendor or (the welfare plan's sweep)
 * of all, oldest first; one of them by id when `id` is given.
 */
export async function runningMemberPromotions<K extends MemberPromotionKind>(
  db: Db | Tx,
  kind: K | readonly K[],
  at: Date,
  vendorId?: number,
  id?: number,
): Promise<MemberPromotion<K>[]> {
  const p = promotions;
  const rows = await db
    .select({
      id: p.id,
      vendorId: p.vendorId,
      name: p.name,
      shopIds: p.shopIds,
      machineTypes: p.machineTypes,
      endsAt: p.endsAt,
      settings: p.settings,
    })
    .from(p)
    .where(
      and(
        vendorId === undefined ? undefined : tenantOfVendor(vendorId).owns(p),
        id === undefined ? undefined : eq(p.id, id),
        inArray(p.kind, typeof kind === "string" ? [kind] : [...kind]),
        eq(p.enabled, true),
        lte(p.startsAt, at),
        gt(p.endsAt, at),
      ),
    )
    .orderBy(asc(p.id));
  return rows as MemberPromotion<K>[];
}

/** Whether a promotion's shops include a shop (a member's own, or the one they pay in); none named: every shop. */
export function coversShop(promotion: { shopIds: readonly number[] }, shopId: number | null): boolean {
  return promotion.shopIds.length === 0 || (shopId !== null && promotion.shopIds.includes(shopId));
}

/** Of running gifts, the largest covering a shop (ties: the older, listed first). */
export function largestGift<P extends { shopIds: readonly number[]; settings: { gift_amount: number } }>(
  gifts: readonly P[],
  shopId: number | null,
): P | undefined {
  let best: P | undefined;
  for (const gift of gifts) {
    if (!coversShop(gift, shopId)) continue;
    if (!best || gift.settings.gift_amount > best.settings.gift_amount) best = gift;
  }
  return best;
}

/**
 * The bonus a top-up earns: of the running bonuses covering the member's shop whose threshold the
 * amount reaches, the largest gift (tiers: 100 → 10, 200 → 25).
 */
export function topUpBonusOf(
  bonuses: readonly MemberPromotion<"bonus">[],
  shopId: number | null,
  amount: number,
): MemberPromotion<"bonus"> | undefined {
  return largestGift(
    bonuses.filter((bonus) => amount >= bonus.settings.top_up_amount),
    shopId,
  );
}

/** How many gifts each promotion gave and what they came to (minor units). */
export type GiftCounter = (
  db: Db,
  vendorId: number,
  promotionIds: readonly number[],
) => Promise<Map<number, { count: number; cost: number }>>;

/** Filled by the members module, whose ledger records each gift with its promotion. */
export const promotionGiftCounters = definePort<GiftCounter>("count the gifts promotions gave members");
