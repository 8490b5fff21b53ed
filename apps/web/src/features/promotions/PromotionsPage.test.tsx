import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  API,
  localDate,
  nowSeconds,
  type PriceWindowItem,
  type PromotionItem,
  type VendorCustomization,
  zonedDayStart,
} from "@washboard/shared";
import dayjs from "dayjs";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18next, initI18n, loadConsoleCatalogue, loadScreenCatalogue } from "../../app/i18n";
import { MORE_ACTIONS_TEST_ID } from "../../app/ui/data-table/row-actions";
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
const { default: PromotionsPage } = await import("./PromotionsPage");

const TIME_ZONE = "Asia/Kuala_Lumpur";
const KIND_TABS = [
  "timelimit",
  "firstfree",
  "referfriend",
  "dis_card",
  "present",
  "bonus",
  "washdry",
  "point",
] as const;

const promotion: PromotionItem = {
  id: 5,
  name: "Weekday mornings",
  starts_at: 1_767_196_800,
  ends_at: 1_769_875_200,
  shop_ids: [1],
  machine_types: ["washer"],
  settings: { kind: "timelimit", percent_off: 30 },
  enabled: true,
  state: "active",
  applied_count: 12,
  cost: 3_600,
  created_at: 1_767_000_000,
};

const window: PriceWindowItem = {
  id: 3,
  name: "Late nights",
  days: [5, 6],
  from: "22:00",
  to: "02:00",
  shop_ids: [],
  machine_types: [],
  change: { mode: "percent_off", percent_off: 20 },
  enabled: true,
  machines: 3,
  applied: 2,
  created_at: 1_767_000_000,
};

/** A merchant account of a Kuala Lumpur merchant; level 4 holds `permissions`. */
function signIn(level: 3 | 4, permissions: string[] = []) {
  sessionStore.signIn({
    token: "t",
    level,
    vendor_id: 1,
    group_id: null,
    username: "someone",
    name: "Someone",
    avatar: "",
    roles: [String(level)],
    expires_at: 0,
  });
  sessionStore.updateUser({
    permissions: level === 4 ? permissions : null,
    accountInfo: {
      account: {
        id: 1,
        username: "someone",
        nickname: "",
        email: "",
        level,
        last_login_at: null,
        last_login_ip: null,
      },
      vendor: { id: 1, name: "Demo Laundry Kuala Lumpur" },
      group: null,
      common_info: { currency: "MYR", hide_symbol: "0", time_zone: TIME_ZONE, language: "en" },
    },
  });
}

function customization(variant: VendorCustomization["variant"]): VendorCustomization {
  return {
    vendor_id: 1,
    variant,
    hidden_permissions: variant === "car_wash" ? ["op_dis_point", "op_point", "op_goodnews"] : [],
  };
}

const shownTabs = () =>
  [...KIND_TABS, "windows", "preview"].filter((key) => screen.queryByTestId(`promotion-tab-${key}`) !== null);
const sent = (path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

beforeAll(async () => {
  await initI18n();
  await Promise.all([loadConsoleCatalogue(), loadScreenCatalogue()]);
  await i18next.changeLanguage("en");
});
beforeEach(() => {
  calls.length = 0;
  answers.clear();
  answers.set(API.shops.options.path, () => ({
    shops: [{ id: 1, name: "Bangsar" }],
    locations: [],
    alliances: [],
    brands: [],
  }));
  answers.set(API.tenancy.customization.path, () => customization("laundry"));
  answers.set(API.promotions.list.path, () => ({ items: [promotion], total: 1, next_cursor: null }));
  answers.set(API.promotions.create.path, (body) => ({ ...promotion, ...(body as object), id: 6 }));
  answers.set(API.promotions.setStatus.path, (body) => ({ ...promotion, ...(body as object) }));
  answers.set(API.promotions.remove.path, (body) => body);
  answers.set(API.promotions.windows.path, () => ({ items: [window], total: 1, next_cursor: null }));
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
});

describe("the promotions page's sections follow the account's keys", () => {
  it("gives a sub-account holding only op_timelimit the time-limited offers alone", async () => {
    signIn(4, ["op_timelimit"]);
    renderInApp(<PromotionsPage />);
    expect(await screen.findByText("Weekday mornings")).toBeTruthy();
    expect(shownTabs()).toEqual(["timelimit"]);
    // Its list asks for that kind only; the variant's keys are none of its business.
    expect(sent(API.promotions.list.path)).toEqual([{ kind: "timelimit", page_size: 20 }]);
    expect(sent(API.tenancy.customization.path)).toEqual([]);
  });

  it("adds the time-of-day prices and the preview for a sub-account holding dev_query, read-only without dev_control", async () => {
    signIn(4, ["op_bonus", "op_washdry", "dev_query"]);
    renderInApp(<PromotionsPage />);
    await waitFor(() => expect(shownTabs()).toEqual(["bonus", "washdry", "windows", "preview"]));
    fireEvent.click(screen.getByTestId("promotion-tab-windows"));
    const table = await screen.findByTestId("price-window-table");
    expect(await within(table).findByText("Late nights")).toBeTruthy();
    expect(within(table).getByText("Fri, Sat")).toBeTruthy();
    expect(within(table).getByText("22:00–02:00 (into the next day)")).toBeTruthy();
    expect(within(table).getByText("20% off")).toBeTruthy();
    expect(screen.queryByTestId("price-window-add")).toBeNull();
    expect(within(table).queryByTestId("price-window-edit")).toBeNull();
  });

  it("gives a merchant administrator every kind its variant shows: a car wash has no bonus points", async () => {
    signIn(3);
    const { unmount } = renderInApp(<PromotionsPage />);
    await waitFor(() => expect(shownTabs()).toEqual([...KIND_TABS, "windows", "preview"]));
    unmount();
    answers.set(API.tenancy.customization.path, () => customization("car_wash"));
    renderInApp(<PromotionsPage />);
    await waitFor(() => expect(sent(API.tenancy.customization.path)).toHaveLength(2));
    expect(shownTabs()).toEqual([...KIND_TABS.filter((kind) => kind !== "point"), "windows", "preview"]);
  });

  it("lists a kind's promotions with their period, scope, offer, state, uses and cost", async () => {
    signIn(4, ["op_timelimit"]);
    renderInApp(<PromotionsPage />);
    const table = await screen.findByTestId("promotion-table-timelimit");
    const row = (await within(table).findByText("Weekday mornings")).closest("tr");
    if (!row) throw new Error("row missing");
    const cells = within(row as HTMLElement);
    expect(cells.getByText("30% off")).toBeTruthy();
    expect(cells.getByText("2026-01-01 00:00 – 2026-02-01 00:00")).toBeTruthy();
    expect(cells.getByText("Bangsar")).toBeTruthy();
    expect(cells.getByText("Washer")).toBeTruthy();
    expect(cells.getByTestId("promotion-state").textContent).toBe("Active");
    expect(cells.getByText("12")).toBeTruthy();
    expect(cells.getByText("RM 36.00")).toBeTruthy();
  });
});

describe("a promotion's row actions", () => {
  it("switches a promotion off, and deletes one, each only once confirmed", async () => {
    signIn(4, ["op_timelimit"]);
    renderInApp(<PromotionsPage />);
    const table = await screen.findByTestId("promotion-table-timelimit");
    await within(table).findByText("Weekday mornings");

    fireEvent.click(within(table).getByTestId(MORE_ACTIONS_TEST_ID));
    const toggle = await screen.findByTestId("promotion-toggle");
    expect(toggle.textContent).toBe("Switch off");
    fireEvent.click(toggle);
    expect(await screen.findAllByText("Switch off “Weekday mornings”? It stops applying at once.")).not.toEqual([]);
    expect(sent(API.promotions.setStatus.path)).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(sent(API.promotions.setStatus.path)).toEqual([{ id: 5, enabled: false }]));

    fireEvent.click(within(table).getByTestId(MORE_ACTIONS_TEST_ID));
    fireEvent.click(await screen.findByTestId("promotion-remove"));
    expect(await screen.findAllByText("Delete “Weekday mornings”?")).not.toEqual([]);
    const confirms = screen.getAllByRole("button", { name: "Confirm" });
    fireEvent.click(confirms[confirms.length - 1] as HTMLElement);
    await waitFor(() => expect(sent(API.promotions.remove.path)).toEqual([{ id: 5 }]));
  });

  it("opens a promotion for editing with its values, and sends its id with the change", async () => {
    signIn(4, ["op_timelimit"]);
    answers.set(API.promotions.modify.path, (body) => ({ ...promotion, ...(body as object) }));
    renderInApp(<PromotionsPage />);
    const table = await screen.findByTestId("promotion-table-timelimit");
    await within(table).findByText("Weekday mornings");
    fireEvent.click(within(table).getByTestId("promotion-edit"));
    const form = await screen.findByTestId("promotion-form");
    expect((within(form).getByTestId("promotion-name") as HTMLInputElement).value).toBe("Weekday mornings");
    expect((within(form).getByTestId("promotion-percent-off") as HTMLInputElement).value).toBe("30");
    fireEvent.change(within(form).getByTestId("promotion-percent-off"), { target: { value: "25" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(sent(API.promotions.modify.path)).toEqual([
        {
          id: 5,
          name: "Weekday mornings",
          starts_at: promotion.starts_at,
          ends_at: promotion.ends_at,
          shop_ids: [1],
          machine_types: ["washer"],
          settings: { kind: "timelimit", percent_off: 25 },
        },
      ]),
    );
  });
});

describe("the create dialog of a time-limited offer", () => {
  it("refuses a discount of 0 with the server's message, then sends the offer typed", async () => {
    signIn(4, ["op_timelimit"]);
    renderInApp(<PromotionsPage />);
    fireEvent.click(await screen.findByTestId("promotion-add-timelimit"));
    const form = await screen.findByTestId("promotion-form");
    fireEvent.change(within(form).getByTestId("promotion-name"), { target: { value: "Happy hour" } });
    const discount = within(form).getByTestId("promotion-percent-off");
    fireEvent.change(discount, { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await within(form).findByText("Out of range: enter 1 to 99")).toBeTruthy();
    expect(sent(API.promotions.create.path)).toEqual([]);

    fireEvent.change(discount, { target: { value: "30" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent(API.promotions.create.path)).toHaveLength(1));
    // The period a new offer starts with: from today's start in the merchant's zone, for a month.
    const today = localDate(nowSeconds(), TIME_ZONE);
    const monthLater = dayjs(today).add(1, "month").format("YYYY-MM-DD");
    expect(sent(API.promotions.create.path)[0]).toEqual({
      name: "Happy hour",
      starts_at: zonedDayStart(today, TIME_ZONE),
      ends_at: zonedDayStart(monthLater, TIME_ZONE),
      shop_ids: [],
      machine_types: [],
      settings: { kind: "timelimit", percent_off: 30 },
    });
  });
});

describe("the price preview", () => {
  it("shows each program's list price, every adjustment with its rule, and the final price", async () => {
    signIn(3);
    answers.set(API.devices.list.path, () => ({
      items: [{ id: 9, name: "Washer 9", serial_number: "WB-9" }],
      total: 1,
      next_cursor: null,
    }));
    answers.set(API.promotions.preview.path, () => ({
      currency: "MYR",
      programs: [
        {
          option: "hot",
          name: "Hot wash",
          price: {
            list_price: 1_000,
            adjustments: [
              { kind: "time_of_day", rule_id: 3, name: "Late nights", amount: -200, price_after: 800 },
              { kind: "promotion", rule_id: 5, name: "Weekday mornings", amount: -240, price_after: 560 },
            ],
            final_price: 560,
          },
        },
      ],
    }));
    renderInApp(<PromotionsPage />);
    fireEvent.click(await screen.findByTestId("promotion-tab-preview"));
    const machine = await screen.findByTestId("price-preview-machine");
    fireEvent.mouseDown(within(machine).getByRole("combobox"));
    fireEvent.click(await screen.findByTitle("Washer 9 (WB-9)"));
    fireEvent.click(screen.getByTestId("price-preview-run"));

    const program = await screen.findByTestId("price-preview-program");
    expect(sent(API.promotions.preview.path)).toEqual([{ device_id: 9 }]);
    expect(within(program).getByText("Hot wash")).toBeTruthy();
    expect(within(program).getByTestId("price-preview-list").textContent).toBe("RM 10.00");
    const steps = within(program).getAllByTestId("price-preview-adjustment");
    expect(steps.map((step) => step.textContent)).toEqual([
      "Time-of-day priceLate nights-RM 2.00leaves RM 8.00",
      "PromotionWeekday mornings-RM 2.40leaves RM 5.60",
    ]);
    expect(within(program).getByTestId("price-preview-final").textContent).toBe("RM 5.60");
  });
});
