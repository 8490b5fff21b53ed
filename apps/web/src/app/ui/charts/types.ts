/**
 * One row of figures a chart draws: a name (its legend entry) and a value per category. Values are
 * whole numbers in their smallest unit — cents for amounts, as the API sends them; uses for counts —
 * so the axes mark whole steps and `FormatValue` gets exactly what the money formatter takes.
 */
export interface ChartSeries {
  name: string;
  values: number[];
}

/**
 * A figure as the reader sees it: the console's money formatter (`useMoney`) for amounts, `String`
 * for counts. The charts never format numbers themselves.
 */
export type FormatValue = (value: number) => string;

/** What the tooltip shows for the part of a chart under the pointer or the keyboard. */
export interface TooltipContent {
  title: string;
  rows: { name: string; value: string; color: string }[];
}

/** Where the tooltip points, in pixels from the chart's top left corner. */
export interface Anchor {
  x: number;
  y: number;
}
