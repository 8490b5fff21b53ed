import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import type { DashboardDevices, DashboardRevenue, DashboardShops } from "@washboard/shared";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, expect, it, vi } from "vitest";
import { useEnglishCatalogue } from "../../test/form-rules";

/*
 * A live update redraws only the panel whose figures changed. The panels read their calls through
 * the query library, as in the console; the test writes a call's next answer into its cache, as a
 * refetch after `revenue.changed` does, and counts what drew again.
 */

/** The figures each trend chart was drawn with, in the order drawn. */
const drawn = { trend: [] as string[] };
vi.mock("../../app/ui/charts/LineChart", () => ({
  LineChart: ({ series }: { series: { values: number[] }[] }) => {
    drawn.trend.push(series[0]?.values.join(",") ?? "");
    return null;
  },
}));
vi.mock("../revenue/figures", async () => {
  const { useQuery: query } = await import("@tanstack/react-query");
  return {
    useMoney: () => (minor: number) => String(minor),
    useRevenue: (contract: { path: string }) =>
      query({ queryKey: [contract.path], queryFn: () => new Promise<never>(() => {}) }),
  };
});
const { API } = await import("@washboard/shared");
const REVENUE = API.revenue.dashboardRevenue.path;
const SHOPS = API.revenue.dashboardShops.path;
const DEVICES = API.revenue.dashboardDevices.path;
const { default: RevenuePanels } = await import("./RevenuePanels");

const figures = (net: number) => ({ orders: 1, gross: net, refunds: 0, refunded: 0, net, currency: "MYR" });
const vendor = (id: number, trend: number[]) => ({
  vendor_id: id,
  vendor_name: `Vendor ${id}`,
  today_date: "2026-11-27",
  today: figures(trend.at(-1) ?? 0),
  month: figures(1000),
  trend: trend.map((net, i) => ({ ...figures(net), day: `2026-11-${String(25 + i)}` })),
});
const revenue = (second: number[]): DashboardRevenue => ({ vendors: [vendor(1, [1, 2, 3]), vendor(2, second)] });
const shops = (net: number): DashboardShops => ({
  items: [{ ...figures(net), vendor_id: 1, vendor_name: "Vendor 1", shop_id: 7, shop_name: "Bangsar", today_net: net }],
});
const devices: DashboardDevices = { states: { online: 1, offline: 0, unknown: 0, busy: 0, fault: 0 }, attention: [] };

/** A call's next answer, as its refetch brings it; the query library tells its readers on a timer. */
async function answer(key: string[], data: unknown) {
  await act(async () => {
    client.setQueryData(key, data);
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
}

const client = new QueryClient();

beforeAll(useEnglishCatalogue);
afterEach(cleanup);

it("redraws only the trend whose figures changed, and no trend when only the shops did", async () => {
  client.setQueryData([REVENUE], revenue([4, 5, 6]));
  client.setQueryData([SHOPS], shops(100));
  client.setQueryData([DEVICES], devices);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RevenuePanels timeZone="UTC" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  expect(drawn.trend).toEqual(["1,2,3", "4,5,6"]);

  // A shop's net changes: its list shows it, and neither trend draws again.
  await answer([SHOPS], shops(250));
  expect(screen.getByTestId("dashboard-shops").textContent).toContain("250");
  expect(drawn.trend).toEqual(["1,2,3", "4,5,6"]);

  // The second vendor's today changes: its trend draws again, the first vendor's does not.
  await answer([REVENUE], revenue([4, 5, 9]));
  expect(drawn.trend).toEqual(["1,2,3", "4,5,6", "4,5,9"]);

  // The same figures again (a refetch that found nothing new): nothing draws.
  await answer([REVENUE], revenue([4, 5, 9]));
  expect(drawn.trend).toHaveLength(3);
});
