import { CategoryAxis, ValueAxis } from "./axes";
import { ChartFrame } from "./ChartFrame";
import { seriesColor } from "./colors";
import { columnPlot } from "./column-plot";
import { PlotSvg } from "./PlotSvg";
import { Tooltip } from "./Tooltip";
import type { ChartSeries, FormatValue } from "./types";
import { useActive } from "./useActive";

/** Bars never grow wider than this, so a chart of two years does not draw two walls. */
const WIDEST_BAR = 48;

/**
 * Vertical bars, one per category; several series stack (positive figures up from zero, negative
 * ones down), with a legend naming them. The tooltip gives each series' exact figure.
 */
export function BarChart({
  label,
  testId,
  categories,
  series,
  format,
  height = 280,
}: {
  label: string;
  testId?: string;
  categories: string[];
  series: ChartSeries[];
  format: FormatValue;
  height?: number;
}) {
  const { active, point, step, clear } = useActive(categories.length);
  const sums = (sign: 1 | -1) =>
    categories.map((_, i) =>
      series.reduce((n, s) => n + (Math.sign(s.values[i] ?? 0) === sign ? (s.values[i] ?? 0) : 0), 0),
    );
  const stackTops = [...sums(1), ...sums(-1)];

  return (
    <ChartFrame
      label={label}
      testId={testId}
      height={height}
      legend={series.length > 1 ? series.map((s) => s.name) : undefined}
      onStep={step}
      onLeave={clear}
    >
      {(width, colors) => {
        const fontSize = colors.fontSize;
        // A category's figures for the tooltip: of many series (shops, payment sources) those with a
        // figure there, so the list stays short; all of them where none has one.
        const figuresAt = (column: number) => {
          const rows = series.map((s, index) => ({
            name: s.name,
            value: format(s.values[column] ?? 0),
            color: seriesColor(colors, index),
            raw: s.values[column] ?? 0,
          }));
          const nonZero = rows.filter((row) => row.raw !== 0);
          return nonZero.length > 0 ? nonZero : rows;
        };
        const plot = columnPlot({ values: stackTops, columns: categories.length, format, fontSize, width, height });
        const { scale, margins, plotHeight, band, y } = plot;
        const barWidth = Math.max(1, Math.min(WIDEST_BAR, band * 0.6));
        const column = active?.column;
        const tooltip = column === undefined ? null : { title: categories[column] ?? "", rows: figuresAt(column) };
        const top = Math.min(y(stackTops[column ?? 0] ?? 0), margins.top + plotHeight);
        return (
          <>
            <PlotSvg width={width} height={height} onPointer={(event) => point(plot.columnAt(event))} onLeave={clear}>
              <ValueAxis
                scale={scale}
                format={format}
                margins={margins}
                width={width}
                height={height}
                colors={colors}
              />
              {active && (
                <rect
                  x={margins.left + band * active.column}
                  y={margins.top}
                  width={band}
                  height={plotHeight}
                  fill={colors.grid}
                  opacity={0.6}
                />
              )}
              {categories.map((category, i) => {
                // Each series' bar starts where the previous one of its sign ended.
                let up = 0;
                let down = 0;
                const x = margins.left + band * i + (band - barWidth) / 2;
                return (
                  <g key={category}>
                    {series.map((s, index) => {
                      const value = s.values[i] ?? 0;
                      if (value === 0) return null;
                      const from = value > 0 ? up : down;
                      const to = from + value;
                      if (value > 0) up = to;
                      else down = to;
                      return (
                        <rect
                          key={s.name}
                          data-testid="chart-bar"
                          x={x}
                          y={Math.min(y(from), y(to))}
                          width={barWidth}
                          height={Math.abs(y(from) - y(to))}
                          fill={seriesColor(colors, index)}
                        />
                      );
                    })}
                  </g>
                );
              })}
              <CategoryAxis categories={categories} margins={margins} width={width} height={height} colors={colors} />
            </PlotSvg>
            {tooltip && column !== undefined && (
              <Tooltip
                content={tooltip}
                anchor={{ x: margins.left + band * (column + 0.5), y: top }}
                width={width}
                colors={colors}
              />
            )}
          </>
        );
      }}
    </ChartFrame>
  );
}
