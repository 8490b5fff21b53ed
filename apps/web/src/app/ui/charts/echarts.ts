import { BarChart, HeatmapChart, LineChart } from "echarts/charts";
import {
  DatasetComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
} from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";

/**
 * The parts of ECharts the console draws with, registered once. Only the chart component imports
 * this module, dynamically: ECharts loads with the first screen that draws a chart, never before.
 */
echarts.use([
  BarChart,
  LineChart,
  HeatmapChart,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export { echarts };
