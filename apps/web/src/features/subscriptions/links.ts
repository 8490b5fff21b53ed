import type { SUBSCRIPTION_FILTERS } from "@washboard/shared";

export type SubscriptionTab = (typeof SUBSCRIPTION_FILTERS)[number];

/**
 * The machine ids a link preselects on the renewal screen (`?devices=1,2,3`, the warning dialog's
 * link): whole positive numbers, each once, in the link's order; anything else is left out.
 */
export function preselectedDeviceIds(value: string | undefined): number[] {
  if (!value) return [];
  const ids = value
    .split(",")
    .map((part) => part.trim())
    .filter((part) => /^\d{1,15}$/.test(part))
    .map(Number)
    .filter((id) => id > 0);
  return [...new Set(ids)];
}

/**
 * The tab a preselection opens on: the one that holds its machines — expiring when any of them is
 * expiring, else expired when any is, else every machine.
 */
export function tabOfPreselection(
  ids: readonly number[],
  expiring: readonly number[],
  expired: readonly number[],
): SubscriptionTab {
  const chosen = new Set(ids);
  if (expiring.some((id) => chosen.has(id))) return "expiring";
  if (expired.some((id) => chosen.has(id))) return "expired";
  return "all";
}

/** Where the server sends the operator back from PayPal: `?result=paid|unpaid&order=<id>`. */
export interface PaymentReturn {
  result: "paid" | "unpaid";
  orderId: number | null;
}

export function paymentReturnOf(values: Readonly<Record<string, string>>): PaymentReturn | null {
  const { result, order } = values;
  if (result !== "paid" && result !== "unpaid") return null;
  const orderId = order && /^\d{1,15}$/.test(order) && Number(order) > 0 ? Number(order) : null;
  return { result, orderId };
}

/** The receipt's order (`?id=<order id>`), or null when the link names none. */
export function receiptOrderId(value: string | undefined): number | null {
  return value && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** The receipt screen of an order. */
export function receiptPath(orderId: number): string {
  return `/subscribe/receipt?id=${orderId}`;
}
