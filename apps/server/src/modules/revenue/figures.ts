import type { RevenueFigures } from "@washboard/shared";
import { type AnyColumn, and, between, eq, inArray, type SQL, sql } from "drizzle-orm";
import { revenueDaily, revenueMonthly, usageHourly } from "./tables.js";

const total = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);

/** The figures of a group of rows of a rollup (group by currency, too: amounts of two currencies never add up). */
function figuresOf(table: typeof revenueDaily | typeof revenueMonthly) {
  return {
    currency: table.currency,
    orders: total(table.orders),
    gross: total(table.gross),
    refunds: total(table.refunds),
    refunded: total(table.refunded),
  };
}

export const figureColumns = figuresOf(revenueDaily);
export const monthlyFigureColumns = figuresOf(revenueMonthly);

export function toFigures(row: Omit<RevenueFigures, "net">): RevenueFigures {
  return {
    currency: row.currency,
    orders: row.orders,
    gross: row.gross,
    refunds: row.refunds,
    refunded: row.refunded,
    net: row.gross - row.refunded,
  };
}

export const noFigures = (currency: string): RevenueFigures => ({
  currency,
  orders: 0,
  gross: 0,
  refunds: 0,
  refunded: 0,
  net: 0,
});

/**
 * Whose rollup rows a figure reads: these vendors' (an empty list reads none), and for a sub-account
 * limited to some shops only those shops' rows (scope.ts `revenueOf`).
 */
export interface RevenueOf {
  vendorIds: readonly number[];
  shopIds: readonly number[] | null;
}

/** The rows of `of` in a rollup table, of one shop when given. */
function rowsOf(table: { vendorId: AnyColumn; shopId: AnyColumn }, of: RevenueOf, shopId: number | undefined) {
  return and(
    inArray(table.vendorId, of.vendorIds.length > 0 ? [...of.vendorIds] : [-1]),
    of.shopIds === null ? undefined : of.shopIds.length > 0 ? inArray(table.shopId, [...of.shopIds]) : sql`false`,
    shopId === undefined ? undefined : eq(table.shopId, shopId),
  );
}

/** Rollup rows between two days (inclusive), of one shop when given. */
export function dailyRows(of: RevenueOf, from: string, to: string, shopId?: number): SQL {
  return and(rowsOf(revenueDaily, of, shopId), between(revenueDaily.day, from, to)) as SQL;
}

/** Monthly rollup rows between two months' first days (inclusive), of one shop when given. */
export function monthlyRows(of: RevenueOf, from: string, to: string, shopId?: number): SQL {
  return and(rowsOf(revenueMonthly, of, shopId), between(revenueMonthly.month, from, to)) as SQL;
}

/** Usage rows between two days (inclusive), of one shop when given. */
export function usageRows(of: RevenueOf, from: string, to: string, shopId?: number): SQL {
  return and(rowsOf(usageHourly, of, shopId), between(usageHourly.day, from, to)) as SQL;
}

/** Shop 0 in a rollup is "no shop". */
export const shopIdOf = (id: number) => (id === 0 ? null : id);
