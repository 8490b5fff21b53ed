import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { formatMoney } from "@washboard/shared";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useEnglishCatalogue } from "../../../test/form-rules";
import { viewportOf } from "../../../test/media";
import { BarChart } from "./BarChart";
import { HeatmapChart } from "./HeatmapChart";
import { LineChart } from "./LineChart";
import { RankedBarChart } from "./RankedBarChart";
import { textWidth } from "./text";

/** A phone 375 pixels wide: a card's body leaves the chart about 327 of them. */
const PHONE_CHART_WIDTH = 327;

/** The charts measure their box (happy-dom lays nothing out): every box is `width` wide. */
function boxesOf(width: number) {
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(width);
}

const ringgit = (minor: number) => formatMoney(minor, "MYR");

beforeAll(useEnglishCatalogue);
beforeEach(() => {
  viewportOf(375);
  boxesOf(PHONE_CHART_WIDTH);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("at phone width", () => {
  it("wraps a legend of five long names onto more lines and shows every one", () => {
    const names = [
      "Kedai Dobi Layan Diri Bangsar South",
      "Kedai Dobi Layan Diri Mont Kiara",
      "Kedai Dobi Layan Diri Petaling Jaya",
      "Kedai Dobi Layan Diri Subang Jaya",
      "Kedai Dobi Layan Diri Shah Alam Seksyen 13",
    ];
    render(
      <BarChart
        label="Net by shop"
        testId="chart"
        categories={["2026-11-01", "2026-11-02"]}
        series={names.map((name, i) => ({ name, values: [100 * (i + 1), 200] }))}
        format={ringgit}
      />,
    );
    const legend = screen.getByTestId("chart-legend");
    expect(
      within(legend)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(names);
    // Entries flow onto new lines; nothing pages or hides the overflow.
    expect(legend.style.flexWrap).toBe("wrap");
    expect(legend.style.overflow).toBe("");
  });

  it("shows all five shop names of a top five, each whole on hover", () => {
    const names = ["Bangsar", "Mont Kiara Laundry & Dry Cleaning Centre", "Petaling Jaya", "Subang", "Shah Alam"];
    render(
      <RankedBarChart
        label="Top 5 shops"
        testId="top"
        names={names}
        values={[1644700, 1200000, 900050, 500000, 120000]}
        seriesName="Net revenue"
        format={ringgit}
      />,
    );
    const chart = screen.getByTestId("top");
    const labels = within(chart).getAllByTestId("chart-category-label");
    expect(labels).toHaveLength(5);
    // Each label's <title> holds the whole name; its text is that name or its start, cut to fit.
    for (const [i, label] of labels.entries()) {
      expect(label.querySelector("title")?.textContent).toBe(names[i]);
      const shown = (label.textContent ?? "").slice((names[i] ?? "").length);
      expect(names[i]?.startsWith(shown.replace(/…$/, ""))).toBe(true);
      expect(textWidth(shown, 12)).toBeLessThanOrEqual(PHONE_CHART_WIDTH);
    }
    expect(within(chart).getAllByTestId("chart-bar")).toHaveLength(5);
    // The figure at each bar's end is one SVG text: symbol and number on one line.
    expect(within(chart).getAllByTestId("chart-value-label")[0]?.textContent).toBe("RM 16,447.00");
  });

  it("thins a month of days to labels that never touch", () => {
    const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, "0")}`);
    render(
      <BarChart
        label="Takings"
        testId="days"
        categories={days}
        series={[{ name: "Net", values: days.map((_, i) => i * 1000) }]}
        format={ringgit}
      />,
    );
    const labels = within(screen.getByTestId("days")).getAllByTestId("chart-category-label");
    expect(labels.length).toBeGreaterThan(1);
    expect(labels.length).toBeLessThan(30);
    const spans = labels.map((label) => {
      const text = label.lastChild?.textContent ?? "";
      const x = Number(label.getAttribute("x"));
      const half = textWidth(text, 12) / 2;
      return [x - half, x + half] as const;
    });
    for (let i = 1; i < spans.length; i++) expect(spans[i]?.[0]).toBeGreaterThan(spans[i - 1]?.[1] ?? 0);
    expect(within(screen.getByTestId("days")).getAllByTestId("chart-bar")).toHaveLength(29);
  });
});

describe("the tooltip", () => {
  it("gives an amount as one piece that never wraps, on hover and from the keyboard", () => {
    render(
      <LineChart
        label="Net revenue, past 30 days"
        testId="trend"
        categories={["11-01", "11-02", "11-03"]}
        series={[{ name: "Net revenue", values: [0, 1644700, 500] }]}
        format={ringgit}
      />,
    );
    const chart = screen.getByRole("img", { name: "Net revenue, past 30 days" });
    expect(within(chart).getAllByTestId("chart-point")).toHaveLength(3);
    act(() => chart.focus());
    expect(within(chart).getByTestId("chart-tooltip").textContent).toContain("11-01");
    fireEvent.keyDown(chart, { key: "ArrowRight" });
    const value = within(chart).getByTestId("chart-tooltip-value");
    expect(value.textContent).toBe("RM 16,447.00");
    expect(value.style.whiteSpace).toBe("nowrap");
    act(() => chart.blur());
    expect(within(chart).queryByTestId("chart-tooltip")).toBeNull();
  });

  it("names a heatmap's cell and its figure", () => {
    render(
      <HeatmapChart
        label="Uses by hour"
        testId="heat"
        rows={["Mon", "Tue"]}
        columns={["0", "1", "2"]}
        values={[
          [0, 3, 1],
          [2, 0, 9],
        ]}
        seriesName="Uses"
        format={String}
      />,
    );
    const chart = screen.getByTestId("heat");
    expect(within(chart).getAllByTestId("chart-cell")).toHaveLength(6);
    act(() => chart.focus());
    fireEvent.keyDown(chart, { key: "ArrowDown" });
    fireEvent.keyDown(chart, { key: "ArrowRight" });
    fireEvent.keyDown(chart, { key: "ArrowRight" });
    const tooltip = within(chart).getByTestId("chart-tooltip");
    expect(tooltip.textContent).toContain("Tue 2");
    expect(within(tooltip).getByTestId("chart-tooltip-value").textContent).toBe("9");
  });
});
