import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type AnnouncementItem, API, type VendorCustomization } from "@washboard/shared";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18next, initI18n, loadConsoleCatalogue, loadScreenCatalogue } from "../../app/i18n";
import { viewportOf } from "../../test/media";
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

const announcement: AnnouncementItem = {
  id: 8,
  title: "New dryers",
  body: "Twice as fast.\nSame price.",
  button_text: "",
  skin: "sky_blue",
  animation: "drop",
  starts_at: 1_767_196_800,
  ends_at: 1_769_875_200,
  shop_ids: [1],
  enabled: true,
  state: "active",
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
      common_info: { currency: "MYR", hide_symbol: "0", time_zone: "Asia/Kuala_Lumpur", language: "en" },
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

const tabShown = () => screen.queryByTestId("promotion-tab-announcements") !== null;
const sent = (path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

/** Picks an option of an Ant Design select by its label. */
async function choose(select: HTMLElement, label: string) {
  fireEvent.mouseDown(within(select).getByRole("combobox"));
  const options = await screen.findAllByTitle(label);
  fireEvent.click(options[options.length - 1] as HTMLElement);
}

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
  answers.set(API.promotions.list.path, () => ({ items: [], total: 0, next_cursor: null }));
  answers.set(API.promotions.windows.path, () => ({ items: [], total: 0, next_cursor: null }));
  answers.set(API.promotions.announcements.path, () => ({ items: [announcement], total: 1, next_cursor: null }));
  answers.set(API.promotions.createAnnouncement.path, (body) => ({ ...announcement, ...(body as object), id: 9 }));
  answers.set(API.promotions.setAnnouncementStatus.path, (body) => ({ ...announcement, ...(body as object) }));
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.restoreAllMocks();
});

describe("the announcements tab follows op_goodnews and the vendor's variant", () => {
  it("shows for a sub-account holding op_goodnews, and not for one without it", async () => {
    signIn(4, ["op_goodnews"]);
    const { unmount } = renderInApp(<PromotionsPage />);
    await waitFor(() => expect(tabShown()).toBe(true));
    unmount();
    signIn(4, ["op_timelimit"]);
    renderInApp(<PromotionsPage />);
    await screen.findByTestId("promotion-tab-timelimit");
    expect(tabShown()).toBe(false);
  });

  it("shows for a laundry's administrator, not a car wash's", async () => {
    signIn(3);
    const { unmount } = renderInApp(<PromotionsPage />);
    await waitFor(() => expect(tabShown()).toBe(true));
    unmount();
    answers.set(API.tenancy.customization.path, () => customization("car_wash"));
    renderInApp(<PromotionsPage />);
    await waitFor(() => expect(sent(API.tenancy.customization.path)).toHaveLength(2));
    await screen.findByTestId("promotion-tab-timelimit");
    expect(tabShown()).toBe(false);
  });
});

describe("the announcements list", () => {
  it("shows each announcement's title, state, period, shops, skin and animation, and switches it off once confirmed", async () => {
    // A wide desktop: every column is a column (the animation folds into the row's details below 1440 px).
    viewportOf(1600);
    signIn(4, ["op_goodnews"]);
    renderInApp(<PromotionsPage />);
    const table = await screen.findByTestId("announcement-table");
    const row = (await within(table).findByText("New dryers")).closest("tr");
    if (!row) throw new Error("row missing");
    const cells = within(row as HTMLElement);
    expect(cells.getByTestId("announcement-state").textContent).toBe("Active");
    expect(row.textContent).toContain("2026-01-01 00:00 –2026-02-01 00:00");
    expect(cells.getByText("Bangsar")).toBeTruthy();
    expect(cells.getByText("Sky blue")).toBeTruthy();
    expect(cells.getByText("Drop from top")).toBeTruthy();

    fireEvent.click(cells.getByTestId("announcement-switch"));
    expect(
      await screen.findAllByText("Switch off the announcement “New dryers”? Pay pages stop showing it at once."),
    ).not.toEqual([]);
    expect(sent(API.promotions.setAnnouncementStatus.path)).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(sent(API.promotions.setAnnouncementStatus.path)).toEqual([{ id: 8, enabled: false }]));
  });
});

describe("the announcement dialog", () => {
  async function openNew() {
    signIn(4, ["op_goodnews"]);
    renderInApp(<PromotionsPage />);
    fireEvent.click(await screen.findByTestId("announcement-add"));
    return screen.findByTestId("announcement-form");
  }
  const popup = () => within(screen.getByTestId("announcement-preview")).getByTestId("announcement-popup");

  it("previews the pay page's popup, played again in the skin and animation chosen, its text as typed", async () => {
    const form = await openNew();
    expect(popup().dataset).toMatchObject({ skin: "grey_white", animation: "zoom" });
    expect(within(popup()).getByTestId("announcement-title").textContent).toBe("Your title");
    expect(within(popup()).getByTestId("announcement-ok").textContent).toBe("Got it");

    const first = popup();
    await choose(within(form).getByTestId("announcement-skin"), "Dark green");
    await waitFor(() => expect(popup().dataset.skin).toBe("dark_green"));
    // A new showing: the popup is mounted afresh, so its animation plays again.
    expect(popup()).not.toBe(first);

    const second = popup();
    await choose(within(form).getByTestId("announcement-animation"), "Roll from left");
    await waitFor(() => expect(popup().dataset.animation).toBe("roll_left"));
    expect(popup()).not.toBe(second);
    expect(popup().className).toContain("wb-popup-anim-roll_left");
    expect(popup().className).toContain("wb-popup-skin-dark_green");

    // Typing changes the text in place, without playing it again.
    const third = popup();
    fireEvent.change(within(form).getByTestId("announcement-title-input"), { target: { value: "Free dryers" } });
    fireEvent.change(within(form).getByTestId("announcement-button-input"), { target: { value: "Great" } });
    await waitFor(() => expect(within(popup()).getByTestId("announcement-title").textContent).toBe("Free dryers"));
    expect(within(popup()).getByTestId("announcement-ok").textContent).toBe("Great");
    expect(popup()).toBe(third);

    // Dismissed in the preview, it comes back with "Play again".
    fireEvent.click(within(popup()).getByTestId("announcement-close"));
    expect(within(screen.getByTestId("announcement-preview")).queryByTestId("announcement-popup")).toBeNull();
    fireEvent.click(screen.getByTestId("announcement-preview-replay"));
    expect(popup().dataset.animation).toBe("roll_left");

    // A random skin shows one of the three, and says which.
    await choose(within(form).getByTestId("announcement-skin"), "Random");
    await waitFor(() => expect(screen.getByTestId("announcement-preview-random")).toBeTruthy());
    expect(["grey_white", "dark_green", "sky_blue"]).toContain(popup().dataset.skin);
  });

  it("refuses an empty title and text with the server's messages, then sends the announcement", async () => {
    const form = await openNew();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await within(form).findAllByText("Cannot be empty")).toHaveLength(2);
    expect(sent(API.promotions.createAnnouncement.path)).toEqual([]);

    fireEvent.change(within(form).getByTestId("announcement-title-input"), { target: { value: "New dryers" } });
    fireEvent.change(within(form).getByTestId("announcement-body-input"), {
      target: { value: "Twice as fast.\nSame price." },
    });
    await choose(within(form).getByTestId("announcement-skin"), "Sky blue");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent(API.promotions.createAnnouncement.path)).toHaveLength(1));
    expect(sent(API.promotions.createAnnouncement.path)[0]).toMatchObject({
      title: "New dryers",
      body: "Twice as fast.\nSame price.",
      button_text: "",
      skin: "sky_blue",
      animation: "zoom",
      shop_ids: [],
    });
  });
});
