import { CategoryAxis, ValueAxis } from "./axes";
import { ChartFrame } from "./ChartFrame";
import { seriesColor } from "./colors";
import { columnPlot } from "./column-plot";
import { PlotSvg } from "./PlotSvg";
import { Tooltip } from "./Tooltip";
import type { ChartSeries, FormatValue } from "./types";
import { useActive } from "./useActive";

/**
 * A line per series over the categories (days), each point marked and the area under the first
 * shaded, as a trend reads. The tooltip gives the exact figures of the day under the pointer.
 */
export function LineChart({
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
        const plot = columnPlot({
          values: series.flatMap((s) => s.values),
          columns: categories.length,
          format,
          fontSize: colors.fontSize,
          width,
          height,
        });
        const { scale, margins, band, y } = plot;
        // Points sit in the middle of their category's band, under its label.
        const x = (i: number) => margins.left + band * (i + 0.5);
        const baseline = y(Math.max(scale.min, 0));
        const column = active?.column;
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
              {column !== undefined && (
                <line x1={x(column)} x2={x(column)} y1={margins.top} y2={baseline} stroke={colors.axis} />
              )}
              {series.map((s, index) => {
                const color = seriesColor(colors, index);
                const points = s.values.map((v, i) => `${x(i)},${y(v)}`).join(" ");
                return (
                  <g key={s.name} data-testid="chart-line">
                    {index === 0 && s.values.length > 0 && (
                      <polygon
                        points={`${x(0)},${baseline} ${points} ${x(s.values.length - 1)},${baseline}`}
                        fill={color}
                        opacity={0.15}
                      />
                    )}
                    <polyline points={points} fill="none" stroke={color} strokeWidth={2} />
                    {s.values.map((v, i) => (
                      <circle
                        // biome-ignore lint/suspicious/noArrayIndexKey: a point is its category's, in a fixed order
                        key={i}
                        data-testid="chart-point"
                        cx={x(i)}
                        cy={y(v)}
                        r={column === i ? 4 : 2.5}
                        fill={color}
                      />
                    ))}
                  </g>
                );
              })}
              <CategoryAxis categories={categories} margins={margins} width={width} height={height} colors={colors} />
            </PlotSvg>
            {column !== undefined && (
              <Tooltip
                content={{
                  title: categories[column] ?? "",
                  rows: series.map((s, index) => ({
                    name: s.name,
                    value: format(s.values[column] ?? 0),
                    color: seriesColor(colors, index),
                  })),
                }}
                anchor={{ x: x(column), y: Math.min(...series.map((s) => y(s.values[column] ?? 0))) }}
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
