import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { API, type LocationItem } from "@washboard/shared";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { viewportOf } from "../../../test/media";
import { renderInApp } from "../../../test/render";
import { i18next, initI18n, loadConsoleCatalogue, loadScreenCatalogue } from "../../i18n";
import type { DataColumn } from "./types";

vi.mock("../../api/client", () => ({
  call: vi.fn(async () => ({
    items: [{ id: 1, name: "Bangsar", address: "Jalan Telawi", shop_count: 4, created_at: 1_700_000_000 }],
    total: 1,
    next_cursor: null,
  })),
  download: vi.fn(),
  ApiError: class extends Error {},
}));

const { DataTable } = await import("./DataTable");
const { actionsColumn } = await import("./row-actions");

/** A column of each priority, the actions, and a phone summary. */
const COLUMNS: DataColumn<LocationItem>[] = [
  { key: "name", titleKey: "locations.fields.name", dataIndex: "name" },
  { key: "address", titleKey: "locations.fields.address", dataIndex: "address", priority: "key" },
  { key: "shops", titleKey: "locations.fields.shopCount", text: (r) => String(r.shop_count) },
  { key: "created", title: "Created", titleKey: "", text: () => "2023", priority: "minor" },
  { key: "summary", title: "Summary", titleKey: "", text: (r) => `${r.shop_count} shops`, priority: "phone" },
  ...actionsColumn<LocationItem>([{ labelKey: "locations.editAction", testId: "location-edit", onClick: () => {} }]),
];

beforeAll(async () => {
  await initI18n();
  await Promise.all([loadConsoleCatalogue(), loadScreenCatalogue()]);
  await i18next.changeLanguage("en");
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function renderTable(width: number) {
  viewportOf(width);
  renderInApp(
    <DataTable contract={API.locations.list} filters={{}} columns={COLUMNS} rowKey={(r) => r.id} title="Locations" />,
  );
  await screen.findByText("Bangsar");
  const titles = screen.getAllByRole("columnheader").map((cell) => cell.textContent ?? "");
  return titles.filter((title) => title !== "");
}

const t = (key: string) => i18next.t(key);

describe("a list table's columns at each width", () => {
  it("on a wide desktop shows every column but the phone summary, none folded", async () => {
    const titles = await renderTable(1600);
    expect(titles).toEqual([
      t("locations.fields.name"),
      t("locations.fields.address"),
      t("locations.fields.shopCount"),
      "Created",
      t("common.actions"),
    ]);
    expect(screen.queryByTestId("row-details-toggle")).toBeNull();
  });

  it("on a laptop folds the minor column into the row's details", async () => {
    const titles = await renderTable(1280);
    expect(titles).not.toContain("Created");
    expect(titles).toContain(t("locations.fields.shopCount"));
    // The details open from a button beside the row's actions.
    const toggle = screen.getByTestId("row-details-toggle");
    fireEvent.click(toggle);
    const details = await screen.findByTestId("row-details");
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(within(details).getByText("Created")).toBeTruthy();
    expect(within(details).getByText("2023")).toBeTruthy();
  });

  it("on a phone keeps the key columns, the summary and the actions; the rest fold", async () => {
    const titles = await renderTable(375);
    expect(titles).toEqual([t("locations.fields.name"), t("locations.fields.address"), "Summary", t("common.actions")]);
    expect(screen.getByText("4 shops")).toBeTruthy();
    expect(screen.getByTestId("location-edit")).toBeTruthy();
    fireEvent.click(screen.getByTestId("row-details-toggle"));
    const details = await screen.findByTestId("row-details");
    expect(within(details).getByText(t("locations.fields.shopCount"))).toBeTruthy();
    expect(within(details).getByText("Created")).toBeTruthy();
    expect(within(details).queryByText("Summary")).toBeNull();
  });
});
