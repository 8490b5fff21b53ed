/**
 * Report export built in the browser (spec §7): CSV and HTML from the same plain table the Excel
 * builder (export-excel.ts) takes. Pure functions, so the escaping rules are tested directly.
 */
import type { ExportTable } from "@washboard/shared";

export type { ExportTable };
export type ExportFormat = "xlsx" | "csv" | "html";

export const EXPORT_MIME: Record<ExportFormat, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv;charset=utf-8",
  html: "text/html;charset=utf-8",
};

/** Excel reads a CSV as UTF-8 only when it starts with a byte-order mark. */
const BOM = "\uFEFF";

/**
 * A spreadsheet runs a cell that starts with =, +, -, @ or a control character as a formula
 * (CSV injection); such text gets a leading apostrophe. Plain numbers such as -5 stay numbers.
 */
function defuseFormula(value: string): string {
  if (/^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value)) return `'${value}`;
  return value;
}

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; quotes doubled. */
export function csvField(value: string): string {
  const safe = defuseFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(table: ExportTable): string {
  const lines = [table.headers, ...table.rows].map((cells) => cells.map(csvField).join(","));
  return `${BOM}${lines.join("\r\n")}\r\n`;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** A standalone page: the title, then the table; line breaks inside a cell are kept. */
export function toHtml(table: ExportTable, lang = "en"): string {
  const cell = (tag: "th" | "td", value: string) => `<${tag}>${escapeHtml(value).replace(/\r?\n/g, "<br>")}</${tag}>`;
  const head = `<tr>${table.headers.map((h) => cell("th", h)).join("")}</tr>`;
  const body = table.rows.map((row) => `<tr>${row.map((v) => cell("td", v)).join("")}</tr>`).join("\n");
  const title = escapeHtml(table.title);
  return [
    "<!DOCTYPE html>",
    `<html lang="${escapeHtml(lang)}">`,
    "<head>",
    '<meta charset="utf-8">',
    `<title>${title}</title>`,
    "<style>body{font-family:sans-serif}table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}th{background:#fafafa}</style>",
    "</head>",
    "<body>",
    `<h1>${title}</h1>`,
    "<table>",
    `<thead>${head}</thead>`,
    `<tbody>\n${body}\n</tbody>`,
    "</table>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

/** "<page title>_<YYYY-MM-DD>.<ext>", without characters file systems refuse. */
export function exportFileName(title: string, date: string, format: ExportFormat): string {
  const base = title.replace(/[\\/:*?"<>|\p{Cc}]+/gu, " ").trim() || "export";
  return `${base}_${date}.${format}`;
}
