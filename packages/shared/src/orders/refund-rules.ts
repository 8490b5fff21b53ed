import { localDate } from "../format/time.js";

/**
 * Spec §5/§8: a manual refund is allowed only on the day of the payment, in the vendor's time zone.
 * The server decides with it under the order's lock; the console with it hides a Refund the server
 * would refuse.
 */
export function refundableToday(paidAt: number | null, timeZone: string, now = Date.now() / 1000): boolean {
  return paidAt !== null && localDate(paidAt, timeZone) === localDate(now, timeZone);
}
