import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { API, type SubscriptionDevice, type SubscriptionOrderDetails } from "@washboard/shared";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18next, initI18n, loadConsoleCatalogue, loadScreenCatalogue } from "../../app/i18n";
import { renderInApp } from "../../test/render";

/** The API client answers from fixtures by path, and keeps every call made. */
const calls: { path: string; body: unknown }[] = [];
const answers = new Map<string, (body: unknown) => unknown>();
vi.mock("../../app/api/client", () => ({
  call: vi.fn(async (contract: { path: string }, body: unknown) => {
    calls.push({ path: contract.path, body });
    const answer = answers.get(contract.path);
    if (!answer) throw new Error(`unexpected call ${contract.path}`);
    return answer(body);
  }),
  download: vi.fn(),
  ApiError: class extends Error {},
}));

const { default: RenewalPage } = await import("./RenewalPage");

const device = (id: number, state: SubscriptionDevice["state"]): SubscriptionDevice => ({
  device_id: id,
  serial: `WB-${id}`,
  name: `Washer ${id}`,
  machine_type: "washer",
  shop_name: "Bangsar",
  expires_at: state === "active" ? 1_900_000_000 : 1_700_000_000,
  state,
  locked: state === "expired",
});
const DEVICES = [device(1, "active"), device(2, "expiring"), device(3, "expired")];

const order: SubscriptionOrderDetails = {
  id: 9,
  order_number: "SUB-9",
  state: "unpaid",
  currency: "USD",
  unit_price: 12_000,
  years: 1,
  device_count: 2,
  amount: 24_000,
  created_at: 1_700_000_000,
  paid_at: null,
  lines: [],
  seller: { name: "Platform", address: "", email: "", phone: "", website: "" },
  buyer: { name: "Vendor", contact: "", phone: "" },
  payment_reference: null,
};

const bodies = (path: string) => calls.filter((c) => c.path === path).map((c) => c.body as Record<string, unknown>);

beforeAll(async () => {
  await initI18n();
  await Promise.all([loadConsoleCatalogue(), loadScreenCatalogue()]);
  await i18next.changeLanguage("en");
});
beforeEach(() => {
  calls.length = 0;
  answers.set(API.subscriptions.deviceCounts.path, () => ({ all: 3, expiring: 1, expired: 1 }));
  answers.set(API.subscriptions.devices.path, (body) => {
    const state = (body as { state?: string }).state ?? "all";
    const items = DEVICES.filter((d) => state === "all" || d.state === state);
    return { items, total: items.length, next_cursor: null };
  });
  answers.set(API.subscriptions.createOrder.path, () => order);
  answers.set(API.subscriptions.payWithPayPal.path, () => ({ state: "paid", approval_url: null }));
});
afterEach(cleanup);

function renderAt(path: string) {
  return renderInApp(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/subscribe/subscribe" element={<RenewalPage />} />
        <Route path="/subscribe/receipt" element={<p>receipt</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("the renewal screen", () => {
  it("opens on the tab holding the machines a link preselects, with them chosen and the tabs' counts", async () => {
    renderAt("/subscribe/subscribe?devices=3,2");
    expect(await screen.findByText("WB-2")).toBeTruthy();
    expect(bodies(API.subscriptions.devices.path).at(-1)).toMatchObject({ state: "expiring" });
    expect(screen.getByTestId("subscription-selected").textContent).toBe("2 machines selected");
    expect(screen.getByTestId("subscription-tab-expiring").textContent).toBe("Expiring (1)");
  });

  it("renews the chosen machines for the years picked, shows the order's total and pays it", async () => {
    renderAt("/subscribe/subscribe?devices=2,3");
    await screen.findByText("WB-2");
    fireEvent.click(screen.getByTestId("subscription-renew"));
    const dialog = await screen.findByTestId("subscription-order-dialog");
    expect(bodies(API.subscriptions.createOrder.path)).toEqual([{ device_ids: [2, 3], years: 1 }]);
    expect(within(dialog).getByTestId("subscription-order-total").textContent).toBe("$ 240.00");
    expect(screen.getByTestId("subscription-selected").textContent).toBe("0 machines selected");

    // PayPal had already captured it: the paid notice, and its receipt.
    fireEvent.click(within(dialog).getByTestId("subscription-pay"));
    expect(await screen.findByText("receipt")).toBeTruthy();
    expect(bodies(API.subscriptions.payWithPayPal.path)).toEqual([{ id: 9 }]);
  });

  it("lists every machine without a link, and says when a machine's commands are refused", async () => {
    renderAt("/subscribe/subscribe");
    expect(await screen.findByText("WB-1")).toBeTruthy();
    expect(bodies(API.subscriptions.devices.path)[0]).toMatchObject({ state: "all" });
    expect(screen.getAllByTestId("subscription-device-locked")).toHaveLength(1);
    expect((screen.getByTestId("subscription-renew") as HTMLButtonElement).disabled).toBe(true);
  });
});
