import type { PROMOTION_STATES } from "@washboard/shared";
import { and, eq, gt, lte, not, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * Where a rule with a period and a switch stands — a promotion, an announcement: before its period,
 * running, after it, or switched off — read from a row, or asked of a list's rows.
 */
export type PeriodState = (typeof PROMOTION_STATES)[number];

export function stateAt(row: { enabled: boolean; startsAt: Date; endsAt: Date }, now: Date): PeriodState {
  if (!row.enabled) return "disabled";
  if (now < row.startsAt) return "scheduled";
  return now < row.endsAt ? "active" : "ended";
}

/** The rows of `table` in `state` at `now`. */
export function stateFilter(
  table: { enabled: AnyPgColumn; startsAt: AnyPgColumn; endsAt: AnyPgColumn },
  state: PeriodState,
  now: Date,
): SQL | undefined {
  const on = eq(table.enabled, true);
  if (state === "disabled") return not(on);
  if (state === "scheduled") return and(on, gt(table.startsAt, now));
  if (state === "active") return and(on, lte(table.startsAt, now), gt(table.endsAt, now));
  return and(on, lte(table.endsAt, now));
}
