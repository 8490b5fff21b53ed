import { EXPORT_MIME, type ExportFormat, type ExportTable, toCsv, toHtml } from "./export";

/** The export file of a table, in its format (Excel's builder loads only when asked for). */
export async function buildFile(format: ExportFormat, table: ExportTable, lang: string): Promise<Blob> {
  if (format === "xlsx") return (await import("./export-excel")).toXlsx(table);
  const text = format === "csv" ? toCsv(table) : toHtml(table, lang);
  return new Blob([text], { type: EXPORT_MIME[format] });
}
