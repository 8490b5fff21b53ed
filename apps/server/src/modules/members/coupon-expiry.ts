import { type SQL, sql } from "drizzle-orm";

/**
 * When something given at `given` for `days` days stops being valid (a member's coupon, an invitation
 * link): at the end of the local day `days` days after the day it was given, in the vendor's time zone
 * — midnight there, as an instant. Computed on the zone's wall clock, so a change of daylight saving
 * in between moves nothing: a coupon given at 23:30 on 10 March for one day is valid to the end of
 * 11 March wherever the vendor is. The answer is the first instant it is no longer valid (`expires_at
 * > now()` is "still valid").
 */
export function validUntil(given: SQL, days: number | SQL, timeZone: string | SQL): SQL<Date> {
  const zone = typeof timeZone === "string" ? sql`${timeZone}::text` : timeZone;
  const count = typeof days === "number" ? sql`${days}::int` : days;
  return sql<Date>`((date_trunc('day', ${given} at time zone ${zone}) + make_interval(days => ${count} + 1)) at time zone ${zone})`;
}

/** `validUntil` from now. */
export const validUntilFromNow = (days: number | SQL, timeZone: string | SQL) => validUntil(sql`now()`, days, timeZone);
