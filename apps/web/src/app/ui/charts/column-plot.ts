import type { PointerEvent } from "react";
import { type Margins, tickCount, valueLabelWidth } from "./axes";
import { type ValueScale, valueScale } from "./scale";
import type { FormatValue } from "./types";

/** Where a chart of categories in columns (bars, a line's points) draws: its value axis and its bands. */
export interface ColumnPlot {
  scale: ValueScale;
  margins: Margins;
  plotHeight: number;
  /** The width of one category's column. */
  band: number;
  /** The vertical position of a value. */
  y: (value: number) => number;
  /** The column under the pointer (may be out of range: the caller clamps). */
  columnAt: (event: PointerEvent<SVGSVGElement>) => number;
}

/**
 * The plot of `columns` categories whose figures span `values`: a value axis at the left as wide as
 * its widest label, category labels below, counts never halved.
 */
export function columnPlot({
  values,
  columns,
  format,
  fontSize,
  width,
  height,
}: {
  values: number[];
  columns: number;
  format: FormatValue;
  fontSize: number;
  width: number;
  height: number;
}): ColumnPlot {
  const scale = valueScale(values, tickCount(height - 40), true);
  const margins: Margins = {
    top: 8,
    right: 8,
    bottom: fontSize + 10,
    left: valueLabelWidth(scale, format, fontSize) + 12,
  };
  const plotWidth = width - margins.left - margins.right;
  const plotHeight = height - margins.top - margins.bottom;
  const band = plotWidth / Math.max(1, columns);
  return {
    scale,
    margins,
    plotHeight,
    band,
    y: (value) => margins.top + plotHeight - scale.at(value, plotHeight),
    columnAt: (event) => {
      const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
      return Math.floor((x - margins.left) / band);
    },
  };
}
