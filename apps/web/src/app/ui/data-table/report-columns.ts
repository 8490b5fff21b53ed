import {
  type CellValue,
  type ColumnSpec,
  countCell,
  type ExportCell,
  exportCell,
  type TableFormat,
} from "@washboard/shared";
import type { DataColumn } from "./types";

/** A report column: a list column that can sort, sits right when it holds figures, and has a total. */
export interface ReportColumn<Row> extends DataColumn<Row> {
  /** What the column sorts by; without it the column does not sort. */
  sortValue?: (row: Row) => number | string;
  numeric?: boolean;
  /** The totals row's text for this column. */
  total?: string;
  /** The totals row's figure, for Excel; none where the total joins currencies. */
  totalCell?: CellValue;
}

/**
 * A column of counts: right-aligned, sorted and exported as numbers, with the rows' sum as its total.
 * `more` names what else the column has (a title of its own).
 */
export function countColumn<Row>(
  key: string,
  titleKey: string,
  rows: readonly Row[],
  count: (row: Row) => number,
  more: Partial<ReportColumn<Row>> = {},
): ReportColumn<Row> {
  const total = rows.reduce((n, row) => n + count(row), 0);
  return {
    key,
    titleKey,
    numeric: true,
    text: (row) => String(count(row)),
    cell: (row) => countCell(count(row)),
    sortValue: count,
    total: String(total),
    totalCell: countCell(total),
    ...more,
  };
}

/**
 * The shared columns of a report (packages/shared/src/reports) as the report table's columns, totals
 * computed. Apart from the table, so a screen that only builds columns (the dashboard's revenue
 * panels) does not load the table.
 */
export function reportColumns<Row>(specs: ColumnSpec<Row>[], rows: Row[], format: TableFormat): ReportColumn<Row>[] {
  return specs.map((spec) => ({
    key: spec.key,
    titleKey: spec.titleKey,
    numeric: spec.numeric,
    text: (row: Row) => spec.text(row, format),
    cell: spec.cell,
    sortValue: spec.sortValue,
    total: spec.total?.(rows, format),
    totalCell: spec.totalCell?.(rows),
  }));
}

/**
 * The totals row: the label first, then each column's total — a figure where it is one, so the
 * export writes a number where the screen writes its text.
 */
export function totalsRow<Row>(
  columns: ReportColumn<Row>[],
  label: string,
  format: { hideSymbol: boolean },
): ExportCell[] {
  return columns.map((c, i) =>
    i === 0 ? label : exportCell(c.total ?? "", c.total ? c.totalCell : undefined, format),
  );
}
