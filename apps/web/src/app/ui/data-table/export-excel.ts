import { addTableSheet } from "@washboard/shared/reports/export-table";
import { EXPORT_MIME, type ExportTable } from "./export";

type ExcelJsModule = typeof import("exceljs");

/**
 * An .xlsx workbook of the table. exceljs is large, so it loads only when someone exports to
 * Excel and stays out of the main bundle.
 */
export async function toXlsx(table: ExportTable): Promise<Blob> {
  const loaded = (await import("exceljs")) as ExcelJsModule & { default?: ExcelJsModule };
  const ExcelJS = loaded.default ?? loaded;
  const workbook = new ExcelJS.Workbook();
  addTableSheet(workbook, table);
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: EXPORT_MIME.xlsx });
}
