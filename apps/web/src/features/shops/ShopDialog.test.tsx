import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { API, type ShopItem } from "@washboard/shared";
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

const { sessionStore } = await import("../../app/session/store");
const { ShopDialog } = await import("./ShopDialog");

const stored: ShopItem = {
  id: 7,
  name: "Bubbles",
  address: "3 Jalan Telawi",
  location_id: null,
  location_name: null,
  icon: [],
  images: [],
  service_type: 1,
  brand_id: null,
  brand_name: null,
  alliance_id: null,
  alliance_name: null,
  epay_laundry_points: false,
  epay_member_cards: false,
  mqtt_username: "",
  mqtt_password: "",
  mqtt_client_id: "",
  mqtt_host: "",
  mqtt_port: null,
  product_key: "",
  payment_id: "",
  time_zone: "Asia/Bangkok",
  device_count: 0,
  payqr_count: 0,
  created_at: 0,
};

/** A merchant main administrator of a Kuala Lumpur merchant. */
function signIn() {
  sessionStore.signIn({
    token: "t",
    level: 3,
    vendor_id: 1,
    group_id: null,
    username: "vendor_admin",
    name: "Vendor admin",
    avatar: "",
    roles: ["3"],
    expires_at: 0,
  });
  sessionStore.updateUser({
    accountInfo: {
      account: {
        id: 1,
        username: "vendor_admin",
        nickname: "",
        email: "",
        level: 3,
        last_login_at: null,
        last_login_ip: null,
      },
      vendor: { id: 1, name: "Demo Laundry Kuala Lumpur" },
      group: null,
      common_info: { currency: "MYR", hide_symbol: "0", time_zone: "Asia/Kuala_Lumpur", language: "en" },
    },
  });
}

const modifyBody = () => calls.find((c) => c.path === API.shops.modify.path)?.body;

beforeAll(async () => {
  await initI18n();
  await Promise.all([loadConsoleCatalogue(), loadScreenCatalogue()]);
  await i18next.changeLanguage("en");
});
beforeEach(() => {
  calls.length = 0;
  answers.set(API.shops.options.path, () => ({ shops: [], locations: [], alliances: [], brands: [] }));
  answers.set(API.shops.modify.path, (body) => ({ ...stored, ...(body as object) }));
  signIn();
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
});

describe("the shop dialog's time zone", () => {
  it("offers the merchant's zone, by name, when the shop has none of its own", async () => {
    renderInApp(<ShopDialog shop={null} onClose={() => {}} />);
    const form = await screen.findByTestId("shop-form");
    expect(within(form).getByText("Merchant's time zone (Asia/Kuala_Lumpur)")).toBeTruthy();
    expect(within(form).getByText("The quiet hours of firmware rollouts are kept in this time zone")).toBeTruthy();
  });

  it("shows the shop's own zone and sends it back on save", async () => {
    renderInApp(<ShopDialog shop={stored} onClose={() => {}} />);
    const form = await screen.findByTestId("shop-form");
    expect(within(form).getByText("Asia/Bangkok")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(modifyBody()).toMatchObject({ id: 7, time_zone: "Asia/Bangkok" }));
  });

  it("sends null for a shop that keeps its merchant's zone", async () => {
    renderInApp(<ShopDialog shop={{ ...stored, time_zone: null }} onClose={() => {}} />);
    await screen.findByText("Merchant's time zone (Asia/Kuala_Lumpur)");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(modifyBody()).toMatchObject({ id: 7, time_zone: null }));
  });
});
