import type { PointerEvent } from "react";
import { ChartFrame } from "./ChartFrame";
import { seriesColor } from "./colors";
import { PlotSvg } from "./PlotSvg";
import { Tooltip } from "./Tooltip";
import { textWidth, truncate } from "./text";
import type { FormatValue } from "./types";
import { useActive } from "./useActive";

const BAR = 14;

/**
 * Horizontal bars for a short ranking (the top five shops): each name on its own line above its
 * bar, so every name shows even at phone width — cut to the width with the whole name in its
 * `<title>` and in the tooltip — and each figure at its bar's end.
 */
export function RankedBarChart({
  label,
  testId,
  names,
  values,
  seriesName,
  format,
}: {
  label: string;
  testId?: string;
  names: string[];
  values: number[];
  /** What the figures are (net), for the tooltip. */
  seriesName: string;
  format: FormatValue;
}) {
  const { active, point, step, clear } = useActive(1, names.length);
  const rowHeight = (fontSize: number) => fontSize + 4 + BAR + 12;

  return (
    <ChartFrame
      label={label}
      testId={testId}
      height={names.length * rowHeight(12)}
      onStep={(columns, rows) => step(0, rows + columns)}
      onLeave={clear}
    >
      {(width, colors) => {
        const fontSize = colors.fontSize;
        const row = rowHeight(fontSize);
        const height = names.length * row;
        // The figures' room at the right: bars end before the widest figure.
        const figures = values.map(format);
        const figureRoom = Math.max(...figures.map((f) => textWidth(f, fontSize))) + 8;
        const low = Math.min(0, ...values);
        const high = Math.max(0, ...values);
        const length = Math.max(1, width - figureRoom);
        const x = (value: number) => ((value - low) / (high - low || 1)) * length;
        const onPointer = (event: PointerEvent<SVGSVGElement>) => {
          const y = event.clientY - event.currentTarget.getBoundingClientRect().top;
          point(0, Math.floor(y / row));
        };
        const index = active?.row;
        return (
          <>
            <PlotSvg width={width} height={height} fontSize={fontSize} onPointer={onPointer} onLeave={clear}>
              {names.map((name, i) => {
                const top = i * row;
                const value = values[i] ?? 0;
                const start = Math.min(x(0), x(value));
                const end = Math.max(x(0), x(value));
                return (
                  <g key={name} data-testid="chart-ranked-row">
                    {index === i && <rect x={0} y={top} width={width} height={row} fill={colors.grid} opacity={0.6} />}
                    <text x={0} y={top + fontSize} fill={colors.text} data-testid="chart-category-label">
                      <title>{name}</title>
                      {truncate(name, width, fontSize)}
                    </text>
                    <rect
                      data-testid="chart-bar"
                      x={start}
                      y={top + fontSize + 4}
                      width={Math.max(1, end - start)}
                      height={BAR}
                      fill={seriesColor(colors, 0)}
                    />
                    <text
                      x={end + 6}
                      y={top + fontSize + 4 + BAR / 2}
                      dominantBaseline="middle"
                      fill={colors.text}
                      data-testid="chart-value-label"
                    >
                      {figures[i]}
                    </text>
                  </g>
                );
              })}
            </PlotSvg>
            {index !== undefined && (
              <Tooltip
                content={{
                  title: names[index] ?? "",
                  rows: [{ name: seriesName, value: figures[index] ?? "", color: seriesColor(colors, 0) }],
                }}
                anchor={{ x: Math.max(x(values[index] ?? 0), 0), y: index * row }}
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
