/**
 * Export files built in the browser (spec §7): CSV and HTML from the same table the Excel builder
 * (export-excel.ts) takes, each cell as its text, with the pieces the server's streamed exports use.
 */
import {
  CSV_BOM,
  csvLine,
  type ExportCell,
  type ExportFormat,
  type ExportTable,
  exportCell,
  exportCellText,
  HTML_END,
  htmlRow,
  htmlStart,
} from "@washboard/shared";
import { cellText, type DataColumn } from "./types";

export { csvField, EXPORT_MIME, escapeHtml, exportFileName } from "@washboard/shared";
export type { ExportFormat, ExportTable };

/**
 * A table's rows as an export writes them: each cell's text, and its figure where the column has
 * one — money in the number format of its currency, without the symbol where the vendor hides it.
 */
export function exportRows<Row>(
  columns: DataColumn<Row>[],
  rows: Row[],
  format: { hideSymbol: boolean },
): ExportCell[][] {
  return rows.map((row) => columns.map((c) => exportCell(cellText(c, row), c.cell?.(row), format)));
}

export function toCsv(table: ExportTable): string {
  return CSV_BOM + [table.headers, ...textRows(table)].map(csvLine).join("");
}

/** A standalone page: the title, then the table. */
export function toHtml(table: ExportTable, lang = "en"): string {
  return (
    htmlStart(table.title, table.headers, lang) +
    textRows(table)
      .map((row) => `${htmlRow(row)}\n`)
      .join("") +
    HTML_END
  );
}

const textRows = (table: ExportTable) => table.rows.map((cells) => cells.map(exportCellText));
