import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { API, type SubscriptionOrderDetails, type SubscriptionOrderItem } from "@washboard/shared";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18next, initI18n, loadConsoleCatalogue, loadScreenCatalogue } from "../../app/i18n";
import { renderInApp } from "../../test/render";

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

const { default: OrdersPage } = await import("./OrdersPage");
const { default: ReceiptPage } = await import("./ReceiptPage");

const item = (id: number, state: SubscriptionOrderItem["state"]): SubscriptionOrderItem => ({
  id,
  order_number: `SUB-${id}`,
  state,
  currency: "EUR",
  unit_price: 5_000,
  years: 2,
  device_count: 3,
  amount: 30_000,
  created_at: 1_700_000_000,
  paid_at: state === "paid" ? 1_700_000_600 : null,
});
const details = (id: number): SubscriptionOrderDetails => ({
  ...item(id, "paid"),
  lines: [
    {
      device_id: 4,
      serial: "WB-4",
      name: "Washer 4",
      shop_name: "Bangsar",
      expires_at: 1_800_000_000,
      expires_before: 1_700_000_000,
      expires_after: 1_763_072_000,
    },
  ],
  seller: { name: "Washboard Ltd", address: "1 Road", email: "billing@example.com", phone: "", website: "" },
  buyer: { name: "Laundry Co", contact: "Ann", phone: "+60 1" },
  payment_reference: "CAPTURE-1",
});

beforeAll(async () => {
  await initI18n();
  await Promise.all([loadConsoleCatalogue(), loadScreenCatalogue()]);
  await i18next.changeLanguage("en");
});
beforeEach(() => {
  calls.length = 0;
  answers.set(API.subscriptions.orders.path, () => ({
    items: [item(1, "paid"), item(2, "unpaid")],
    total: 2,
    next_cursor: null,
  }));
  answers.set(API.subscriptions.orderDetails.path, (body) => details((body as { id: number }).id));
});
afterEach(cleanup);

function renderAt(path: string) {
  return renderInApp(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/subscribe/orders" element={<OrdersPage />} />
        <Route path="/subscribe/receipt" element={<ReceiptPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("my renewal orders", () => {
  it("says how the return from PayPal went, and offers a paid order's receipt, an unpaid one's payment", async () => {
    renderAt("/subscribe/orders?result=paid&order=1");
    expect((await screen.findByTestId("subscription-payment-notice")).textContent).toContain("Payment received");
    await screen.findByText("SUB-2");
    const [paid, unpaid] = screen.getAllByRole("row").filter((row) => row.textContent?.includes("SUB-"));
    if (!paid || !unpaid) throw new Error("rows missing");
    expect(within(paid).queryByTestId("subscription-order-pay")).toBeNull();
    expect(within(unpaid).queryByTestId("subscription-order-receipt")).toBeNull();
    expect(within(unpaid).getByTestId("subscription-order-pay")).toBeTruthy();
    expect(within(paid).getByText("€ 300.00")).toBeTruthy();

    // The receipt: seller, buyer, the machines' end dates before and after, the total.
    fireEvent.click(within(paid).getByTestId("subscription-order-receipt"));
    const receipt = await screen.findByTestId("subscription-receipt");
    expect(await within(receipt).findByText("Washboard Ltd")).toBeTruthy();
    expect(within(receipt).getByText("Laundry Co")).toBeTruthy();
    expect(within(receipt).getByText("CAPTURE-1")).toBeTruthy();
    expect(within(receipt).getByText("2023-11-14")).toBeTruthy();
    expect(within(receipt).getByTestId("receipt-total").textContent).toBe("€ 300.00");
  });

  it("shows no receipt for a link that names no order", async () => {
    renderAt("/subscribe/receipt");
    expect(await screen.findByText(/names no renewal order/)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
