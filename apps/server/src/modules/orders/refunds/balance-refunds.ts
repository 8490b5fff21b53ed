import type { OrderSource } from "@washboard/shared";
import type { Db } from "../../../platform/db/client.js";

/** What a balance refund needs of its order and refund. */
export interface BalanceRefund {
  vendorId: number;
  memberId: number | null;
  cardNumber: string | null;
  orderNo: string;
  shopId: number | null;
  refundNo: string;
  amount: number;
  reason: string;
}

/** Gives a refund back to the balance that paid, once per refund number; answers the refund's id. */
export type BalanceRefunder = (db: Db, refund: BalanceRefund) => Promise<string>;

/**
 * Orders paid from a balance of ours (a member's account, a card) are refunded to that balance, not
 * through a provider. The members module owns those balances and registers how to credit them
 * when it starts, so this module never reads its tables.
 */
const refunders = new Map<OrderSource, BalanceRefunder>();

export function registerBalanceRefunder(source: OrderSource, refunder: BalanceRefunder): void {
  refunders.set(source, refunder);
}

export function balanceRefunderOf(source: OrderSource): BalanceRefunder | undefined {
  return refunders.get(source);
}
