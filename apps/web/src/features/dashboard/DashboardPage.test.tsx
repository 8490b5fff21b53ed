import { cleanup, screen } from "@testing-library/react";
import type { DashboardSummary } from "@washboard/shared";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18next, initI18n, loadConsoleCatalogue } from "../../app/i18n";
import { renderInApp } from "../../test/render";

let summary: DashboardSummary;
vi.mock("../../app/api/client", () => ({
  call: vi.fn(async (contract: { path: string }) => {
    if (contract.path === "/api/v3/Dashboard/get_account_summary") return summary;
    throw new Error(`unexpected call ${contract.path}`);
  }),
  ApiError: class extends Error {},
}));
// The revenue panels are their own chunk, with calls of their own: not this test's subject.
vi.mock("./RevenuePanels", () => ({ default: () => null }));

const { default: DashboardPage } = await import("./DashboardPage");

function base(): DashboardSummary {
  return {
    scope: "vendor",
    name: "Demo Laundry",
    currency: "MYR",
    time_zone: "Asia/Kuala_Lumpur",
    vendor_count: 1,
    account_count: 2,
    device_count: 10,
    device_online_count: 6,
    device_states: { online: 6, offline: 4, unknown: 0, busy: 1, fault: 0 },
    device_types: [],
    last_login_at: null,
    last_login_ip: null,
    recent_operations: [],
    broker_risks: [],
    public_address: null,
  };
}

function show(s: DashboardSummary) {
  summary = s;
  return renderInApp(<DashboardPage />);
}

beforeAll(async () => {
  await initI18n();
  await loadConsoleCatalogue();
  await i18next.changeLanguage("en");
});
afterEach(cleanup);

describe("dashboard", () => {
  it("names each risk the server found in the machines' broker, and what to do", async () => {
    show({ ...base(), broker_risks: ["anonymous_accepted", "wrong_password_accepted", "foreign_topic_accepted"] });
    const alert = await screen.findByTestId("dashboard-broker-risks");
    expect(alert.getAttribute("role")).toBe("alert");
    expect(alert.textContent).toContain("The machines' MQTT broker is open to strangers");
    expect([...alert.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "It admits clients that do not sign in.",
      "It admits a machine with a wrong password.",
      "It lets one machine publish on another machine's topic.",
    ]);
    expect(alert.textContent).toContain("Connect the broker to Washboard's authentication hooks");
    expect(alert.textContent).toContain("MQTT_ALLOW_INSECURE=1");
  });

  it("shows main administrators the public address, or warns that none is set", async () => {
    show({ ...base(), public_address: { url: "https://pay.laundry.test" } });
    expect((await screen.findByTestId("dashboard-public-address")).textContent).toContain(
      "Public address: https://pay.laundry.test",
    );
    cleanup();
    show({ ...base(), public_address: { url: null } });
    const warning = await screen.findByTestId("dashboard-public-address");
    expect(warning.textContent).toContain("No public address is set");
    expect(warning.textContent).toContain("PUBLIC_URL");
    cleanup();
    // Not shown to anyone else.
    show(base());
    await screen.findByTestId("dashboard");
    expect(screen.queryByTestId("dashboard-public-address")).toBeNull();
  });

  it("shows no broker alert when nothing was found (or the account is not a main administrator)", async () => {
    show(base());
    await screen.findByTestId("dashboard");
    expect(screen.queryByTestId("dashboard-broker-risks")).toBeNull();
    expect(screen.queryByTestId("dashboard-devices-unknown")).toBeNull();
  });

  it("says how many of the offline machines are of unknown presence", async () => {
    show({ ...base(), device_states: { online: 2, offline: 8, unknown: 5, busy: 0, fault: 0 } });
    const unknown = await screen.findByTestId("dashboard-devices-unknown");
    expect(unknown.textContent).toContain("5 of them unknown");
    expect(unknown.querySelector("[aria-label]")?.getAttribute("aria-label")).toContain(
      "lost its connection to the machines' broker",
    );
  });
});
