import { type ChartColors, seriesColor } from "./colors";

/**
 * The series' names and colours in plain HTML under the chart: entries flow onto as many lines as
 * they need, so every name shows at any width (no paging, no clipping).
 */
export function Legend({ names, colors }: { names: string[]; colors: ChartColors }) {
  return (
    <ul
      data-testid="chart-legend"
      style={{
        display: "flex",
        flexWrap: "wrap",
        gap: "4px 16px",
        justifyContent: "center",
        listStyle: "none",
        margin: "8px 0 0",
        padding: 0,
        color: colors.text,
        fontSize: colors.fontSize,
      }}
    >
      {names.map((name, index) => (
        <li key={name} style={{ display: "flex", alignItems: "center", gap: 6, minWidth: 0, overflowWrap: "anywhere" }}>
          <span
            aria-hidden
            style={{
              flex: "none",
              width: 10,
              height: 10,
              borderRadius: 2,
              background: seriesColor(colors, index),
            }}
          />
          {name}
        </li>
      ))}
    </ul>
  );
}
