import { cleanup, render, screen, within } from "@testing-library/react";
import type { DashboardDevices } from "@washboard/shared";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, expect, it, vi } from "vitest";
import { useEnglishCatalogue } from "../../test/form-rules";

const devices: DashboardDevices = {
  states: { online: 3, offline: 1, unknown: 0, busy: 0, fault: 2 },
  attention: [
    {
      device_id: 1,
      device_name: "Washer 1",
      serial_number: "WB-1",
      shop_name: "Bangsar",
      machine_type: "washer",
      kind: "fault",
      detail: "DRAIN",
      since: null,
    },
    {
      device_id: 2,
      device_name: "Kiosk",
      serial_number: "WB-2",
      shop_name: null,
      machine_type: "kiosk",
      kind: "fault",
      detail: "X7",
      since: null,
    },
    {
      device_id: 3,
      device_name: "Dryer 2",
      serial_number: "WB-3",
      shop_name: null,
      machine_type: "dryer",
      kind: "offline",
      detail: null,
      since: null,
    },
  ],
};
// The panels' figures come from calls of their own: only the attention list is this test's subject.
vi.mock("../revenue/figures", () => ({
  useMoney: () => (minor: number) => String(minor),
  useRevenue: (contract: { path: string }) => ({
    data: contract.path === "/api/v3/Dashboard/get_device_list" ? devices : undefined,
  }),
}));
vi.mock("../../app/ui/charts/LineChart", () => ({ LineChart: () => null }));

const { default: RevenuePanels } = await import("./RevenuePanels");

beforeAll(useEnglishCatalogue);
afterEach(cleanup);

it("lists a faulted machine by its fault's meaning, and a code its type does not list as reported", () => {
  render(
    <MemoryRouter>
      <RevenuePanels timeZone="UTC" />
    </MemoryRouter>,
  );
  const attention = screen.getByTestId("dashboard-attention");
  const faults = within(attention).getAllByTestId("dashboard-attention-fault");
  expect(faults.map((tag) => tag.textContent)).toEqual(["Water did not drain in time (DRAIN)", "Fault X7"]);
  expect(screen.getByText("Offline")).toBeTruthy();
  // Each machine opens the device list filtered to it.
  const links = within(attention).getAllByTestId("dashboard-attention-link");
  expect(links[0]?.getAttribute("href")).toMatch(/^\/shop\/devices\?search=\S+$/);
});
