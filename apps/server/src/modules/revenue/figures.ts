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

/** Rollup rows of these vendors between two days (inclusive), of one shop when given. */
export function dailyRows(vendorIds: readonly number[], from: string, to: string, shopId?: number): SQL {
  return and(
    inArray(revenueDaily.vendorId, [...vendorIds]),
    between(revenueDaily.day, from, to),
    shopId === undefined ? undefined : eq(revenueDaily.shopId, shopId),
  ) as SQL;
}

/** Monthly rollup rows of these vendors between two months' first days (inclusive), of one shop when given. */
export function monthlyRows(vendorIds: readonly number[], from: string, to: string, shopId?: number): SQL {
  return and(
    inArray(revenueMonthly.vendorId, [...vendorIds]),
    between(revenueMonthly.month, from, to),
    shopId === undefined ? undefined : eq(revenueMonthly.shopId, shopId),
  ) as SQL;
}

/** Usage rows of these vendors between two days (inclusive), of one shop when given. */
export function usageRows(vendorIds: readonly number[], from: string, to: string, shopId?: number): SQL {
  return and(
    inArray(usageHourly.vendorId, [...vendorIds]),
    between(usageHourly.day, from, to),
    shopId === undefined ? undefined : eq(usageHourly.shopId, shopId),
  ) as SQL;
}

/** Shop 0 in a rollup is "no shop". */
export const shopIdOf = (id: number) => (id === 0 ? null : id);
