/**
 * Export files built in the browser (spec §7): CSV and HTML from the same plain table the Excel
 * builder (export-excel.ts) takes, with the pieces the server's streamed exports use.
 */
import { CSV_BOM, csvLine, type ExportFormat, type ExportTable, HTML_END, htmlRow, htmlStart } from "@washboard/shared";

export { csvField, EXPORT_MIME, escapeHtml, exportFileName } from "@washboard/shared";
export type { ExportFormat, ExportTable };

export function toCsv(table: ExportTable): string {
  return CSV_BOM + [table.headers, ...table.rows].map(csvLine).join("");
}

/** A standalone page: the title, then the table. */
export function toHtml(table: ExportTable, lang = "en"): string {
  return htmlStart(table.title, table.headers, lang) + table.rows.map((row) => `${htmlRow(row)}\n`).join("") + HTML_END;
}
