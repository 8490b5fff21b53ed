import type { Workbook } from "exceljs";
import { type ExportCell, exportCell, exportCellText } from "../export/export-cells.js";
import { sheetName } from "../export/export-formats.js";
import type { ColumnSpec, SheetFormat } from "./table-columns.js";

/**
 * A table, the one shape every export (Excel, CSV, HTML; console or mail) is built from: CSV and
 * HTML write each cell's text, Excel writes a figure as a number.
 */
export interface ExportTable {
  /** The sheet or page title. */
  title: string;
  headers: string[];
  rows: ExportCell[][];
}

/** A report's table with its totals row last (its first cell says "Total"), as the console shows it. */
export function reportExportTable<Row>(
  title: string,
  columns: ColumnSpec<Row>[],
  rows: Row[],
  format: SheetFormat,
): ExportTable {
  const body = rows.map((row) => columns.map((c) => exportCell(c.text(row, format), c.cell?.(row), format)));
  const total = (c: ColumnSpec<Row>) => (c.total ? exportCell(c.total(rows, format), c.totalCell?.(rows), format) : "");
  const totals = rows.length === 0 ? [] : [columns.map((c, i) => (i === 0 ? format.t("revenue.total") : total(c)))];
  return { title, headers: columns.map((c) => format.t(c.titleKey)), rows: [...body, ...totals] };
}

/**
 * Adds the table as a sheet: a bold, frozen header row, figures as numbers in their number format,
 * and columns as wide as their text. The caller brings exceljs (the console loads it only when
 * someone exports).
 */
export function addTableSheet(workbook: Workbook, table: ExportTable): void {
  const sheet = workbook.addWorksheet(sheetName(table.title), { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.addRow(table.headers).font = { bold: true };
  for (const cells of table.rows) {
    const row = sheet.addRow(cells.map((cell) => (typeof cell === "string" ? cell : cell.value)));
    cells.forEach((cell, i) => {
      if (typeof cell !== "string" && cell.numFmt) row.getCell(i + 1).numFmt = cell.numFmt;
    });
  }
  table.headers.forEach((header, i) => {
    const longest = Math.max(header.length, ...table.rows.map((r) => exportCellText(r[i] ?? "").length));
    sheet.getColumn(i + 1).width = Math.min(60, Math.max(10, longest + 2));
  });
}
