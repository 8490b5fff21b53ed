import type { VersionShare } from "@washboard/shared";
import type { ChartSeries } from "../../app/ui/charts/types";

/**
 * The version analysis as a chart: a category per machine type, a stacked series per version (the
 * most widespread first, so the legend starts with what most machines run).
 */
export function versionChart(
  rows: readonly VersionShare[],
  typeName: (type: string) => string,
  versionName: (firmware: string) => string,
): { categories: string[]; series: ChartSeries[] } {
  const types = [...new Set(rows.map((r) => r.machine_type))];
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.firmware, (totals.get(r.firmware) ?? 0) + r.devices);
  const versions = [...totals.keys()].sort((a, b) => (totals.get(b) ?? 0) - (totals.get(a) ?? 0) || a.localeCompare(b));
  return {
    categories: types.map(typeName),
    series: versions.map((firmware) => ({
      name: versionName(firmware),
      values: types.map((type) => rows.find((r) => r.machine_type === type && r.firmware === firmware)?.devices ?? 0),
    })),
  };
}
