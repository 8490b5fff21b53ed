import type { RevenueFigures } from "../api/revenue.js";
import { PROVIDER_BRAND_NAMES } from "../payments/providers.js";

/**
 * A report's columns as data: what each cell says, how it sorts and what its total is. The console's
 * report table and the server's mailed workbook read the same columns, so a scheduled report is the
 * table the operator sees on screen.
 */
export interface TableFormat {
  /** A catalogue key in the reader's language. */
  t(key: string): string;
  /** An amount in its own currency (the vendor's hide-symbol setting applied by the caller). */
  money(minor: number, currency: string): string;
  /** The vendor's zone, for instants. */
  timeZone: string;
}

/**
 * How a file with figures says its cells: a spreadsheet's money cells carry the currency in their
 * number format, so they follow the hide-symbol setting `money` applies.
 */
export interface SheetFormat extends TableFormat {
  hideSymbol: boolean;
}

/**
 * A cell as a figure a spreadsheet can add up: an amount in its currency's minor units, or a count.
 * Its text stays what the screen, CSV and HTML show.
 */
export type CellValue = { kind: "money"; minor: number; currency: string } | { kind: "count"; value: number };

export const moneyCell = (minor: number, currency: string): CellValue => ({ kind: "money", minor, currency });
export const countCell = (value: number): CellValue => ({ kind: "count", value });

/**
 * A column as the console's table and every export file of a list write it: its text, and for
 * Excel its figure where it has one.
 */
export interface TextColumn<Row> {
  key: string;
  titleKey: string;
  text(row: Row, format: TableFormat): string;
  /** The cell as a figure, for Excel; a column without one, or a row it answers nothing for, is text. */
  cell?(row: Row): CellValue | undefined;
}

export interface ColumnSpec<Row> extends TextColumn<Row> {
  /** Figures sit right. */
  numeric?: boolean;
  sortValue(row: Row): number | string;
  /** The totals row's text; without it the cell stays empty. */
  total?(rows: Row[], format: TableFormat): string;
  /** The totals row's figure; none where the total joins several currencies. */
  totalCell?(rows: Row[]): CellValue | undefined;
}

/**
 * A column's total per currency, never adding amounts of two currencies: one vendor shows one
 * amount, a group across currencies shows each beside the other.
 */
export function totalPerCurrency<Row extends { currency: string }>(
  rows: Row[],
  amount: (row: Row) => number,
  money: TableFormat["money"],
): string {
  return [...sumsPerCurrency(rows, amount)].map(([currency, sum]) => money(sum, currency)).join(" · ");
}

/** The figure of `totalPerCurrency`: one amount when the rows share a currency, none when they do not. */
export function currencyTotalCell<Row extends { currency: string }>(
  rows: Row[],
  amount: (row: Row) => number,
): CellValue | undefined {
  const sums = [...sumsPerCurrency(rows, amount)];
  const [only] = sums;
  return sums.length === 1 && only ? moneyCell(only[1], only[0]) : undefined;
}

function sumsPerCurrency<Row extends { currency: string }>(rows: Row[], amount: (row: Row) => number) {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row.currency, (sums.get(row.currency) ?? 0) + amount(row));
  return sums;
}

export function countColumn<Row>(key: string, titleKey: string, value: (row: Row) => number): ColumnSpec<Row> {
  const sum = (rows: Row[]) => rows.reduce((n, row) => n + value(row), 0);
  return {
    key,
    titleKey,
    numeric: true,
    text: (row) => String(value(row)),
    cell: (row) => countCell(value(row)),
    sortValue: value,
    total: (rows) => String(sum(rows)),
    totalCell: (rows) => countCell(sum(rows)),
  };
}

export function amountColumn<Row extends { currency: string }>(
  key: string,
  titleKey: string,
  value: (row: Row) => number,
): ColumnSpec<Row> {
  return {
    key,
    titleKey,
    numeric: true,
    text: (row, f) => f.money(value(row), row.currency),
    cell: (row) => moneyCell(value(row), row.currency),
    sortValue: value,
    total: (rows, f) => totalPerCurrency(rows, value, f.money),
    totalCell: (rows) => currencyTotalCell(rows, value),
  };
}

export function dayColumn<Row extends { day: string }>(): ColumnSpec<Row> {
  return { key: "day", titleKey: "revenue.columns.day", text: (r) => r.day, sortValue: (r) => r.day };
}

const shopName = (name: string | null, f: TableFormat) => name ?? f.t("revenue.noShop");

export function shopColumn<Row extends { shop_name: string | null }>(): ColumnSpec<Row> {
  return {
    key: "shop",
    titleKey: "revenue.columns.shop",
    text: (r, f) => shopName(r.shop_name, f),
    // Rows without a shop sort last.
    sortValue: (r) => r.shop_name ?? "\uffff",
  };
}

export function machineColumn<Row extends { device_name: string; serial_number: string }>(): ColumnSpec<Row> {
  return {
    key: "machine",
    titleKey: "reports.columns.machine",
    text: (r) => `${r.device_name || r.serial_number} (${r.serial_number})`,
    sortValue: (r) => r.device_name || r.serial_number,
  };
}

/** A payment source's name: a provider's brand, or ours for the sources that are not providers. */
export function sourceName(source: string, f: Pick<TableFormat, "t">): string {
  return (PROVIDER_BRAND_NAMES as Record<string, string>)[source] ?? f.t(`revenue.sources.${source}`);
}

/** The figure columns every revenue table shows: orders, takings, refunds, refunded, net. */
export function figureColumnSpecs<Row extends RevenueFigures>(
  options: { ordersTitleKey?: string } = {},
): ColumnSpec<Row>[] {
  return [
    countColumn<Row>("orders", options.ordersTitleKey ?? "revenue.figures.orders", (r) => r.orders),
    amountColumn<Row>("gross", "revenue.figures.gross", (r) => r.gross),
    countColumn<Row>("refunds", "revenue.figures.refunds", (r) => r.refunds),
    amountColumn<Row>("refunded", "revenue.figures.refunded", (r) => r.refunded),
    amountColumn<Row>("net", "revenue.figures.net", (r) => r.net),
  ];
}
