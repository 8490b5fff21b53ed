import { excelMoneyFormat, majorUnits } from "../money/format.js";
import type { CellValue } from "../reports/table-columns.js";

/** A figure as an export writes it: Excel the number in its number format, CSV and HTML the text. */
export interface NumberCell {
  text: string;
  value: number;
  /** An Excel number format; without one the figure shows as Excel's General. */
  numFmt?: string;
}

/** One cell of an export file: text, or a figure a spreadsheet can add up. */
export type ExportCell = string | NumberCell;

/**
 * A column's cell for an export: its text, and its figure when it has one — money in whole units
 * with its currency's format (the symbol left out where the vendor hides it), a count as it is.
 */
export function exportCell(text: string, value: CellValue | undefined, format: { hideSymbol: boolean }): ExportCell {
  if (value === undefined) return text;
  if (value.kind === "count") return { text, value: value.value };
  return {
    text,
    value: majorUnits(value.minor, value.currency),
    numFmt: excelMoneyFormat(value.currency, { hideSymbol: format.hideSymbol }),
  };
}

/** What CSV and HTML write for a cell. */
export function exportCellText(cell: ExportCell): string {
  return typeof cell === "string" ? cell : cell.text;
}
