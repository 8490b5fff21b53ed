import type { CellValue, EndpointContract, ListPage, ListPaging } from "@washboard/shared";
import type { ReactNode } from "react";
import type { z } from "zod";
import { TABLET_MIN_WIDTH } from "../useMediaQuery";

/** Any call declared with the shared list contract (`listRequest` in, `listResult` out). */
export type ListContract = EndpointContract<z.ZodType<unknown, ListPaging>, z.ZodType<ListPage<unknown>>>;

/** The row type of a list call. */
export type ListRow<C extends ListContract> = z.output<C["result"]>["items"][number];

/** A list call's filters: its payload without the paging fields. */
export type ListFilters<C extends ListContract> = Omit<z.input<C["body"]>, keyof ListPaging>;

/** One column: shown in the table and written to every export format with the same text. */
export interface DataColumn<Row> {
  key: string;
  /** i18n key of the column title. */
  titleKey: string;
  /** The title as given, for a title that is data rather than a catalogue string (a provider's brand). */
  title?: string;
  /** The field shown as text when the column has no `text`. */
  dataIndex?: keyof Row & string;
  /** The cell as plain text: what exports write, and what the table shows without `render`. */
  text?: (row: Row) => string;
  /** The cell as a figure, which Excel writes as a number (CSV and HTML write `text`). */
  cell?: (row: Row) => CellValue | undefined;
  /** The cell as shown in the table, when it is more than its text (a tag, a link). */
  render?: (row: Row) => ReactNode;
  width?: number;
  ellipsis?: boolean;
  /**
   * Where the cell shows as a column; elsewhere it folds into the row's details (the row's expand
   * button). "key": at every width — what identifies the row and its state; "normal" (the default):
   * from a tablet's width; "minor": only on a wide desktop; "phone": only on a phone, a compact
   * summary of columns that fold there (not exported). The first column is always "key".
   */
  priority?: ColumnPriority;
  /** Pinned to the table's end while it scrolls sideways (the actions). */
  pinEnd?: boolean;
}

export type ColumnPriority = "key" | "normal" | "minor" | "phone";

/** The widths (px) from which a "normal" and a "minor" column show as columns. */
export const COLUMN_BREAKPOINTS = { normal: TABLET_MIN_WIDTH, minor: 1440 } as const;

export function cellText<Row>(column: DataColumn<Row>, row: Row): string {
  if (column.text) return column.text(row);
  if (!column.dataIndex) return "";
  const value = row[column.dataIndex];
  return value === null || value === undefined ? "" : String(value);
}
