import { EXPORT_MIME, type ExportTable } from "./export";

type ExcelJsModule = typeof import("exceljs");

/** Excel limits a sheet name to 31 characters and refuses a few. */
function sheetName(title: string): string {
  return title.replace(/[\\/*?:[\]]/g, " ").slice(0, 31) || "Sheet1";
}

/**
 * An .xlsx workbook of the table. exceljs is large, so it loads only when someone exports to
 * Excel and stays out of the main bundle.
 */
export async function toXlsx(table: ExportTable): Promise<Blob> {
  const loaded = (await import("exceljs")) as ExcelJsModule & { default?: ExcelJsModule };
  const ExcelJS = loaded.default ?? loaded;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName(table.title), { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.addRow(table.headers).font = { bold: true };
  for (const row of table.rows) sheet.addRow(row);
  table.headers.forEach((header, i) => {
    const longest = Math.max(header.length, ...table.rows.map((r) => (r[i] ?? "").length));
    sheet.getColumn(i + 1).width = Math.min(60, Math.max(10, longest + 2));
  });
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: EXPORT_MIME.xlsx });
}
