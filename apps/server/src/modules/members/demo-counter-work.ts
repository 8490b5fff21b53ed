import { and, gte, isNotNull } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { tenantOfVendor } from "../tenancy/public.js";
import { balanceMovements, memberCoupons } from "./tables.js";

/** One thing a vendor's staff did to members' money in the console, named by the call that does it. */
export interface CounterWork {
  /** The call's operation-log label (its contract's `log`). */
  action: "members.cardTopUp" | "members.modifyBalances" | "members.giveCoupon";
  /** The record, as the call's route names it in the log. */
  target: string;
  accountId: number;
  at: Date;
}

/**
 * What the staff of a demo vendor did at the counter since `since`, read from what the demo's
 * history wrote (demo-member-history.ts): cards topped up, rewards given (an operator's change of a
 * member's balances) and coupons given. The demo's operation log names the same records at the same
 * moments, so the log and the ledger tell one story.
 */
export async function demoCounterWork(db: Db, vendorId: number, since: Date): Promise<CounterWork[]> {
  const moved = await db
    .select({
      cardId: balanceMovements.cardId,
      memberId: balanceMovements.memberId,
      accountId: balanceMovements.accountId,
      kind: balanceMovements.kind,
      at: balanceMovements.createdAt,
    })
    .from(balanceMovements)
    .where(
      and(
        tenantOfVendor(vendorId).owns(balanceMovements),
        gte(balanceMovements.createdAt, since),
        isNotNull(balanceMovements.accountId),
      ),
    );
  const given = await db
    .select({ couponId: memberCoupons.couponId, accountId: memberCoupons.givenBy, at: memberCoupons.issuedAt })
    .from(memberCoupons)
    .where(and(tenantOfVendor(vendorId).owns(memberCoupons), gte(memberCoupons.issuedAt, since)));
  const work: CounterWork[] = [];
  for (const m of moved) {
    if (m.accountId === null) continue;
    if (m.kind === "topup" && m.cardId !== null) {
      work.push({ action: "members.cardTopUp", target: `card:${m.cardId}`, accountId: m.accountId, at: m.at });
    } else if (m.kind === "adjustment" && m.memberId !== null) {
      work.push({ action: "members.modifyBalances", target: `member:${m.memberId}`, accountId: m.accountId, at: m.at });
    }
  }
  for (const c of given) {
    if (c.accountId === null) continue;
    work.push({ action: "members.giveCoupon", target: `coupon:${c.couponId}`, accountId: c.accountId, at: c.at });
  }
  return work;
}
