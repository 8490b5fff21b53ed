import { type PointerEvent, useId } from "react";
import { CategoryAxis, type Margins } from "./axes";
import { ChartFrame } from "./ChartFrame";
import { seriesColor } from "./colors";
import { PlotSvg } from "./PlotSvg";
import { Tooltip } from "./Tooltip";
import { textWidth, truncate } from "./text";
import type { FormatValue } from "./types";
import { useActive } from "./useActive";

const CELL_HEIGHT = 24;
const SCALE_WIDTH = 160;

/** The faintest tint a cell with any figure gets, apart from the empty cells' grey. */
const FAINTEST = 0.12;

/** How strong a cell's colour is: a faint tint for the fewest, the full colour for the most. */
const strength = (value: number, max: number) => (value <= 0 ? 0 : FAINTEST + (1 - FAINTEST) * (value / max));

/**
 * A grid of figures (weekdays × hours), each cell as strong as its figure, with the scale of
 * colours from none to the most under it. The tooltip names the cell and gives its figure.
 */
export function HeatmapChart({
  label,
  testId,
  rows,
  columns,
  values,
  seriesName,
  format,
}: {
  label: string;
  testId?: string;
  /** The rows' names, top to bottom. */
  rows: string[];
  columns: string[];
  /** values[row][column]. */
  values: number[][];
  /** What the figures are (uses), for the tooltip. */
  seriesName: string;
  format: FormatValue;
}) {
  // An SVG id a url() can name: React's ids carry characters a url() would need escaped.
  const gradient = `heatmap-scale${useId().replace(/[^\w-]/g, "")}`;
  const { active, point, step, clear } = useActive(columns.length, rows.length);
  const max = Math.max(1, ...values.flat());
  const fontSize = 12;
  const scaleRoom = fontSize * 2 + 16;
  const height = 8 + rows.length * CELL_HEIGHT + fontSize + 10 + scaleRoom;

  return (
    <ChartFrame label={label} testId={testId} height={height} onStep={step} onLeave={clear}>
      {(width, colors) => {
        const color = seriesColor(colors, 0);
        const rowLabelRoom = Math.min(width / 4, Math.max(...rows.map((r) => textWidth(r, colors.fontSize))) + 8);
        const margins: Margins = { top: 8, right: 8, bottom: colors.fontSize + 10 + scaleRoom, left: rowLabelRoom };
        const cellWidth = (width - margins.left - margins.right) / Math.max(1, columns.length);
        const onPointer = (event: PointerEvent<SVGSVGElement>) => {
          const box = event.currentTarget.getBoundingClientRect();
          const column = Math.floor((event.clientX - box.left - margins.left) / cellWidth);
          const row = Math.floor((event.clientY - box.top - margins.top) / CELL_HEIGHT);
          if (column < 0 || row < 0 || row >= rows.length) clear();
          else point(column, row);
        };
        const scaleX = (width - SCALE_WIDTH) / 2;
        const scaleY = height - scaleRoom + 8;
        const cell = active;
        return (
          <>
            <PlotSvg width={width} height={height} fontSize={colors.fontSize} onPointer={onPointer} onLeave={clear}>
              <defs>
                <linearGradient id={gradient}>
                  <stop offset="0" stopColor={color} stopOpacity={FAINTEST} />
                  <stop offset="1" stopColor={color} stopOpacity={1} />
                </linearGradient>
              </defs>
              {rows.map((name, r) => (
                <g key={name}>
                  <text
                    x={margins.left - 6}
                    y={margins.top + CELL_HEIGHT * (r + 0.5)}
                    textAnchor="end"
                    dominantBaseline="middle"
                    fill={colors.text}
                  >
                    <title>{name}</title>
                    {truncate(name, rowLabelRoom - 6, colors.fontSize)}
                  </text>
                  {columns.map((column, c) => {
                    const value = values[r]?.[c] ?? 0;
                    return (
                      <rect
                        key={column}
                        data-testid="chart-cell"
                        x={margins.left + c * cellWidth + 0.5}
                        y={margins.top + r * CELL_HEIGHT + 0.5}
                        width={Math.max(0, cellWidth - 1)}
                        height={CELL_HEIGHT - 1}
                        fill={value > 0 ? color : colors.grid}
                        fillOpacity={value > 0 ? strength(value, max) : 0.5}
                        stroke={cell?.row === r && cell.column === c ? colors.text : "none"}
                      />
                    );
                  })}
                </g>
              ))}
              <CategoryAxis categories={columns} margins={margins} width={width} height={height} colors={colors} />
              <g data-testid="chart-color-scale" fill={colors.text}>
                <rect x={scaleX} y={scaleY} width={SCALE_WIDTH} height={10} fill={`url(#${gradient})`} />
                <text x={scaleX - 6} y={scaleY + 5} textAnchor="end" dominantBaseline="middle">
                  {format(0)}
                </text>
                <text x={scaleX + SCALE_WIDTH + 6} y={scaleY + 5} dominantBaseline="middle">
                  {format(max)}
                </text>
              </g>
            </PlotSvg>
            {cell && (
              <Tooltip
                content={{
                  title: `${rows[cell.row] ?? ""} ${columns[cell.column] ?? ""}`,
                  rows: [{ name: seriesName, value: format(values[cell.row]?.[cell.column] ?? 0), color }],
                }}
                anchor={{
                  x: margins.left + (cell.column + 0.5) * cellWidth,
                  y: margins.top + cell.row * CELL_HEIGHT,
                }}
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
