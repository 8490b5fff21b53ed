/**
 * The three export formats (spec §7) as text, piece by piece: the console builds a whole file from
 * them, the server streams a file a batch of rows at a time with the same pieces, so a cell is
 * escaped one way wherever the file is made.
 */
export const EXPORT_FORMATS = ["xlsx", "csv", "html"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_MIME: Record<ExportFormat, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv;charset=utf-8",
  html: "text/html;charset=utf-8",
};

/** Excel reads a CSV as UTF-8 only when it starts with a byte-order mark. */
export const CSV_BOM = "\uFEFF";

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

/** One CSV record with its line end. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvField).join(",")}\r\n`;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** One table row; line breaks inside a cell are kept. */
export function htmlRow(cells: readonly string[], tag: "th" | "td" = "td"): string {
  const cell = (value: string) => `<${tag}>${escapeHtml(value).replace(/\r?\n/g, "<br>")}</${tag}>`;
  return `<tr>${cells.map(cell).join("")}</tr>`;
}

/** A standalone page up to its table's first body row: the title, then the header row. */
export function htmlStart(title: string, headers: readonly string[], lang: string): string {
  const safeTitle = escapeHtml(title);
  return [
    "<!DOCTYPE html>",
    `<html lang="${escapeHtml(lang)}">`,
    "<head>",
    '<meta charset="utf-8">',
    `<title>${safeTitle}</title>`,
    "<style>body{font-family:sans-serif}table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}th{background:#fafafa}</style>",
    "</head>",
    "<body>",
    `<h1>${safeTitle}</h1>`,
    "<table>",
    `<thead>${htmlRow(headers, "th")}</thead>`,
    "<tbody>",
    "",
  ].join("\n");
}

export const HTML_END = ["</tbody>", "</table>", "</body>", "</html>", ""].join("\n");

/** Excel limits a sheet name to 31 characters and refuses a few. */
export function sheetName(title: string): string {
  return title.replace(/[\\/*?:[\]]/g, " ").slice(0, 31) || "Sheet1";
}

/** "<page title>_<YYYY-MM-DD>.<ext>", without characters file systems refuse. */
export function exportFileName(title: string, date: string, format: ExportFormat): string {
  const base = title.replace(/[\\/:*?"<>|\p{Cc}]+/gu, " ").trim() || "export";
  return `${base}_${date}.${format}`;
}
