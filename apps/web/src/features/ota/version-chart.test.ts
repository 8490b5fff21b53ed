import { describe, expect, it } from "vitest";
import { versionChart } from "./version-chart";

describe("the version analysis chart", () => {
  it("draws a bar per machine type stacked by version, the most widespread version first, zero where a type has none", () => {
    const chart = versionChart(
      [
        { machine_type: "dryer", firmware: "1.0", devices: 2, online: 1 },
        { machine_type: "washer", firmware: "1.0", devices: 1, online: 1 },
        { machine_type: "washer", firmware: "2.0", devices: 5, online: 4 },
        { machine_type: "washer", firmware: "", devices: 1, online: 0 },
      ],
      (type) => type.toUpperCase(),
      (firmware) => firmware || "unknown",
    );
    expect(chart.categories).toEqual(["DRYER", "WASHER"]);
    expect(chart.series).toEqual([
      { name: "2.0", values: [0, 5] },
      { name: "1.0", values: [2, 1] },
      { name: "unknown", values: [0, 1] },
    ]);
  });
});
