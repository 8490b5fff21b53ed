import type { Workbook } from "exceljs";
import { sheetName } from "../export/export-formats.js";
import type { ColumnSpec, TableFormat } from "./table-columns.js";

/** A table as plain text, the one shape every export (Excel, CSV, HTML; console or mail) is built from. */
export interface ExportTable {
  /** The sheet or page title. */
  title: string;
  headers: string[];
  rows: string[][];
}

/** A report's table with its totals row last (its first cell says "Total"), as the console shows it. */
export function reportExportTable<Row>(
  title: string,
  columns: ColumnSpec<Row>[],
  rows: Row[],
  format: TableFormat,
): ExportTable {
  const body = rows.map((row) => columns.map((c) => c.text(row, format)));
  const totals =
    rows.length === 0
      ? []
      : [columns.map((c, i) => (i === 0 ? format.t("revenue.total") : (c.total?.(rows, format) ?? "")))];
  return { title, headers: columns.map((c) => format.t(c.titleKey)), rows: [...body, ...totals] };
}

/**
 * Adds the table as a sheet: a bold, frozen header row and columns as wide as their text. The
 * caller brings exceljs (the console loads it only when someone exports).
 */
export function addTableSheet(workbook: Workbook, table: ExportTable): void {
  const sheet = workbook.addWorksheet(sheetName(table.title), { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.addRow(table.headers).font = { bold: true };
  for (const row of table.rows) sheet.addRow(row);
  table.headers.forEach((header, i) => {
    const longest = Math.max(header.length, ...table.rows.map((r) => (r[i] ?? "").length));
    sheet.getColumn(i + 1).width = Math.min(60, Math.max(10, longest + 2));
  });
}
