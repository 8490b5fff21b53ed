import { randomInt } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ";

function randomText(length: number): string {
  let text = "";
  for (let i = 0; i < length; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

const day = (at: Date) => at.toISOString().slice(0, 10).replaceAll("-", "");

/**
 * Our order number: "W", the UTC day, then 10 random characters (34^10 ≈ 2·10^15 a day, so two
 * orders never draw the same one in practice; the unique index says so if they ever do). Providers
 * get it as their merchant order number; it holds only letters and digits, which all of them accept.
 */
export function newOrderNo(at = new Date()): string {
  return `W${day(at)}${randomText(10)}`;
}

/** Our refund number, the provider's idempotency key for the refund. */
export function newRefundNo(at = new Date()): string {
  return `R${day(at)}${randomText(10)}`;
}

/** A renewal order's number (the subscriptions module's), PayPal's request id and invoice id for it. */
export function newSubscriptionOrderNo(at = new Date()): string {
  return `S${day(at)}${randomText(10)}`;
}
