import { theme } from "antd";

/**
 * The colours the charts draw with, from the console's theme: the first series in the chosen
 * primary colour, the others in the library's preset hues at shades that keep 3:1 against white
 * (WCAG's contrast for graphics), text and grid lines in the theme's own greys.
 */
export function useChartColors() {
  const { token } = theme.useToken();
  return {
    series: [
      token.colorPrimary,
      token.cyan8,
      token.gold7,
      token.purple6,
      token.magenta7,
      token.green8,
      token.volcano7,
      token.geekblue8,
      token.lime8,
      token.orange8,
      token.red8,
    ],
    text: token.colorTextSecondary,
    grid: token.colorBorderSecondary,
    axis: token.colorBorder,
    fontSize: token.fontSizeSM,
    background: token.colorBgElevated,
    shadow: token.boxShadowSecondary,
    radius: token.borderRadius,
  };
}

export type ChartColors = ReturnType<typeof useChartColors>;

/** The colour of the `index`th series, the palette repeating after its last. */
export const seriesColor = (colors: ChartColors, index: number): string =>
  colors.series[index % colors.series.length] ?? colors.text;
