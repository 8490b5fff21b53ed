import type { ChartColors } from "./colors";
import { labelStep, type ValueScale } from "./scale";
import { textWidth, truncate } from "./text";
import type { FormatValue } from "./types";

/** The room between the drawing's edge and its plot, in pixels. */
export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** How many round figures a value axis `length` pixels long marks: one per 40 pixels, 2 to 6. */
export const tickCount = (length: number) => Math.max(2, Math.min(6, Math.floor(length / 40)));

/** The widest of a value axis's labels: the plot starts after it. */
export const valueLabelWidth = (scale: ValueScale, format: FormatValue, fontSize: number) =>
  Math.max(...scale.ticks.map((tick) => textWidth(format(tick), fontSize)));

/** A vertical value axis: its round figures at the left and a grid line across the plot for each. */
export function ValueAxis({
  scale,
  format,
  margins,
  width,
  height,
  colors,
}: {
  scale: ValueScale;
  format: FormatValue;
  margins: Margins;
  width: number;
  height: number;
  colors: ChartColors;
}) {
  const plotHeight = height - margins.top - margins.bottom;
  return (
    <g data-testid="chart-value-axis" fontSize={colors.fontSize} fill={colors.text}>
      {scale.ticks.map((tick) => {
        const y = margins.top + plotHeight - scale.at(tick, plotHeight);
        return (
          <g key={tick}>
            <line x1={margins.left} x2={width - margins.right} y1={y} y2={y} stroke={colors.grid} />
            <text x={margins.left - 6} y={y} textAnchor="end" dominantBaseline="middle">
              {format(tick)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** The widest a category label grows before it is cut: about ten characters. */
const LONGEST_LABEL = 10;

/**
 * A category axis under the plot: as many labels as fit without touching (every second, third…
 * when the bands are narrow), each cut to its room with the whole text in its `<title>`, which the
 * browser shows on hover.
 */
export function CategoryAxis({
  categories,
  margins,
  width,
  height,
  colors,
}: {
  categories: string[];
  margins: Margins;
  width: number;
  height: number;
  colors: ChartColors;
}) {
  const fontSize = colors.fontSize;
  const plotWidth = width - margins.left - margins.right;
  const band = plotWidth / Math.max(1, categories.length);
  const widest = Math.max(...categories.map((c) => textWidth(c, fontSize)));
  const step = labelStep(categories.length, band, Math.min(widest, LONGEST_LABEL * fontSize * 0.6) + 8);
  const room = band * step - 8;
  const y = height - margins.bottom + fontSize + 4;
  return (
    <g data-testid="chart-category-axis" fontSize={fontSize} fill={colors.text}>
      <line
        x1={margins.left}
        x2={width - margins.right}
        y1={height - margins.bottom}
        y2={height - margins.bottom}
        stroke={colors.axis}
      />
      {categories.map((category, index) => {
        if (index % step !== 0) return null;
        const text = truncate(category, room, fontSize);
        const half = textWidth(text, fontSize) / 2;
        // Centred under its band, but never past the drawing's edges.
        const x = Math.min(Math.max(margins.left + band * (index + 0.5), half), width - half);
        return (
          <text key={category} x={x} y={y} textAnchor="middle" data-testid="chart-category-label">
            <title>{category}</title>
            {text}
          </text>
        );
      })}
    </g>
  );
}
