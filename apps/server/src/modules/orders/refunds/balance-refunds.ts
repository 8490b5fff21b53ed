import type { OrderSource } from "@washboard/shared";
import type { Db } from "../../../platform/db/client.js";
import { definePort } from "../../../platform/ports.js";

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
 * through a provider. The module that keeps those balances fills the port, so this module never
 * reads its tables.
 */
export const balanceRefund = definePort<BalanceRefunder>("give a refund back to the member balance that paid");

/** The sources whose money is a balance of ours. */
const BALANCE_SOURCES: readonly OrderSource[] = ["mem_account", "mem_card"];

export function balanceRefunderOf(source: OrderSource): BalanceRefunder | undefined {
  return BALANCE_SOURCES.includes(source) ? balanceRefund.use() : undefined;
}
