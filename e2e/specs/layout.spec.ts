import type { Page } from "@playwright/test";
import { LANGUAGES } from "@washboard/shared";
import { expect, keepScreenshot, signIn, test } from "../fixtures";
import { signOut } from "../support/ui";
import { text } from "./catalogue";

const en = (key: string) => text("en", key);

test("tags view: visited pages stay as tabs, and close-others keeps only the fixed and the current one", async ({
  page,
}) => {
  await signIn(page, "vendor_admin");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  await page.goto("/#/settings/account");
  await page.goto("/#/log/log_opts");
  const tabs = page.getByTestId("tags-view").locator(".tag");
  await expect(tabs).toHaveText([en("routes.dashboard"), en("routes.account_settings"), en("routes.log_opts")]);
  await page.getByTestId("tags-actions").click();
  await page.getByRole("menuitem", { name: en("tags.closeOthers") }).click();
  await expect(tabs).toHaveText([en("routes.dashboard"), en("routes.log_opts")]);
  await keepScreenshot(page, "tags-close-others");
  await page.getByTestId("tags-actions").click();
  await page.getByRole("menuitem", { name: en("tags.closeAll") }).click();
  await expect(tabs).toHaveText([en("routes.dashboard")]);
  await expect(page).toHaveURL(/#\/dashboard$/);
});

test("a page keeps what was typed while its tab stays open", async ({ page }) => {
  await signIn(page, "vendor_admin");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  await page.goto("/#/log/log_opts");
  const actor = page.getByPlaceholder(en("operationLog.filters.actorPlaceholder"));
  await actor.fill("vendor_a");
  await page.getByTestId("tags-view").getByText(en("routes.dashboard")).click();
  await expect(page.getByTestId("dashboard")).toBeVisible();
  await page.getByTestId("tags-view").getByText(en("routes.log_opts")).click();
  await expect(actor).toHaveValue("vendor_a");
  // The tab's refresh reloads the page from scratch.
  await page.getByTestId("tags-actions").click();
  await page.getByRole("menuitem", { name: en("tags.refresh") }).click();
  await expect(page.getByPlaceholder(en("operationLog.filters.actorPlaceholder"))).toHaveValue("");
  await page.getByPlaceholder(en("operationLog.filters.actorPlaceholder")).fill("vendor_b");
  // Closing the tab drops the kept page: opening it again starts fresh.
  await page.getByTestId("tags-view").locator(".tag-active .tag-close").click();
  await expect(page.getByTestId("dashboard")).toBeVisible();
  await page.goto("/#/log/log_opts");
  await expect(page.getByPlaceholder(en("operationLog.filters.actorPlaceholder"))).toHaveValue("");
});

test("header search jumps to a page by a fuzzy title", async ({ page }) => {
  await signIn(page, "vendor_admin");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  await page.getByTestId("header-search").getByRole("combobox").click();
  await page.keyboard.type("operaton lg");
  await page.getByRole("option", { name: en("routes.log_opts") }).click();
  await expect(page).toHaveURL(/#\/log\/log_opts$/);
  await expect(page.locator(".breadcrumb")).toContainText(en("routes.log_opts"));
});

for (const language of ["de", "th-th"] as const) {
  test(`header search (${language}) shows each page's whole name and its menu section, nothing cut`, async ({
    page,
  }) => {
    await signIn(page, "vendor_admin");
    await expect(page.getByTestId("dashboard")).toBeVisible();
    await page.getByTestId("language-picker").selectOption(language);
    const search = page.getByTestId("header-search").getByRole("combobox");
    await search.click();
    // The reports: a section of several pages whose names are long and alike.
    await page.keyboard.type(text(language, "routes.form_vending_machine"));
    const options = page.getByRole("option");
    await expect(options.first()).toBeVisible();
    await expect(options.first().locator(".header-search-title")).toHaveText(
      text(language, "routes.form_vending_machine"),
    );
    await expect(options.first().locator(".header-search-section")).toHaveText(text(language, "menu.form"));
    for (const title of await page.locator(".header-search-title").all()) {
      expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    }
    const list = await page.locator(".header-search-list").boundingBox();
    expect((list?.x ?? -1) >= 0 && (list?.x ?? 0) + (list?.width ?? 0) <= 1280).toBe(true);
    await keepScreenshot(page, `header-search-${language}`);
  });
}

test("the full-screen toggle warns where the browser cannot go full screen", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(document, "fullscreenEnabled", { get: () => false, configurable: true });
  });
  await page.reload();
  await signIn(page, "vendor_admin");
  await page.getByRole("button", { name: en("layout.fullscreen") }).click();
  await expect(page.locator(".toast-warning")).toHaveText(en("layout.fullscreenUnsupported"));
});

test("the server clock ticks every second in the top bar", async ({ page }) => {
  await signIn(page, "vendor_admin");
  const clock = page.getByTestId("server-clock");
  await expect(clock).toHaveText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  const first = (await clock.textContent()) ?? "";
  await expect(clock).not.toHaveText(first, { timeout: 3_000 });
});

test("the sidebar state is kept in a cookie, and the settings panel persists its choices", async ({ page }) => {
  await signIn(page, "vendor_admin");
  await expect(page.getByTestId("sidebar")).toHaveAttribute("data-collapsed", "0");
  await page.getByTestId("sidebar-toggle").click();
  await expect(page.getByTestId("sidebar")).toHaveAttribute("data-collapsed", "1");
  expect((await page.context().cookies()).find((c) => c.name === "sidebarStatus")?.value).toBe("0");
  await page.getByRole("button", { name: en("layout.settings") }).click();
  await page.getByTestId("setting-tags-view").click();
  await expect(page.getByTestId("tags-view")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("sidebar")).toHaveAttribute("data-collapsed", "1");
  await expect(page.getByTestId("tags-view")).toHaveCount(0);
});

test("at 375 px wide the sidebar collapses and opens as a drawer", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, "vendor_admin");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  await expect(page.locator(".ant-drawer .sidebar")).toHaveCount(0);
  await keepScreenshot(page, "phone-collapsed");
  await page.getByTestId("sidebar-toggle").click();
  await expect(page.locator(".ant-drawer .sidebar")).toBeVisible();
  await expect.poll(async () => (await page.locator(".ant-drawer .sidebar").boundingBox())?.x).toBe(0);
  await keepScreenshot(page, "phone-menu-open");
  await page.locator(".ant-drawer .sidebar").getByText(en("menu.log")).click();
  await page.locator(".ant-drawer .sidebar").getByText(en("routes.log_opts")).click();
  await expect(page).toHaveURL(/#\/log\/log_opts$/);
  await expect(page.locator(".ant-drawer .sidebar")).toBeHidden();
});

test("dialogs are 95% wide on a phone and 50% on a desktop", async ({ page }) => {
  for (const [width, ratio] of [
    [375, 0.95],
    [1280, 0.5],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/#/login");
    await page.getByTestId("open-register").click();
    const dialog = page.locator(".ant-modal").first();
    await expect(dialog).toBeVisible();
    // Measured once the opening animation has settled.
    await expect.poll(async () => Math.abs(((await dialog.boundingBox())?.width ?? 0) - width * ratio)).toBeLessThan(2);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  }
});

/** Every breadcrumb item is shown whole: none is cut, hidden by overflow or pushed out of the window. */
async function expectWholeBreadcrumb(page: Page, items: string[]) {
  const breadcrumb = page.locator(".breadcrumb");
  const crumbs = breadcrumb.locator("li:not(.ant-breadcrumb-separator)");
  await expect(crumbs).toHaveText(items);
  expect(await breadcrumb.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  const area = await breadcrumb.boundingBox();
  const right = Math.min((area?.x ?? 0) + (area?.width ?? 0), page.viewportSize()?.width ?? 0);
  for (const crumb of await crumbs.all()) {
    const box = await crumb.boundingBox();
    expect(
      (box?.x ?? 0) + (box?.width ?? 0),
      `${await crumb.innerText()} ends inside the breadcrumb`,
    ).toBeLessThanOrEqual(right + 1);
  }
}

test("at 1280 px the breadcrumb and the page's h1 show the whole title, for a group and for a merchant", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "group_admin");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  // The group's dashboard: the vendor selector in the top bar leaves the breadcrumb its own row.
  await expectWholeBreadcrumb(page, [en("layout.home"), en("routes.dashboard")]);
  await page.goto("/#/groups/vendors");
  await expectWholeBreadcrumb(page, [en("layout.home"), en("menu.group"), en("routes.vendors")]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("routes.vendors"));
  await keepScreenshot(page, "group-vendors-breadcrumb");

  await signOut(page);
  await signIn(page, "vendor_admin");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  await page.goto("/#/shop/price_templates");
  await expectWholeBreadcrumb(page, [en("layout.home"), en("menu.shop"), en("routes.price_templates")]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("routes.price_templates"));
  await keepScreenshot(page, "price-templates-breadcrumb");
});

test("at 375 px the header names the language in itself, whole, in every language, and still switches it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, "group_admin");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  const shown = page.locator(".top-bar").getByTestId("language-picker-name");
  await expect(shown).toHaveText("English");
  // The sign-in toast covers the top bar for 3 s: the screenshot waits for it.
  await expect(page.locator(".toast")).toHaveCount(0);
  await keepScreenshot(page, "phone-language-picker");
  for (const language of LANGUAGES) {
    await page.getByTestId("language-picker").selectOption({ label: language.name });
    await expect(shown).toHaveText(language.short);
    expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), language.code).toBe(true);
    const box = await page.locator(".top-bar .language-picker").boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0), language.code).toBeLessThanOrEqual(375);
  }
  await page.getByTestId("language-picker").selectOption({ label: "Deutsch" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("de", "routes.dashboard"));
});

test("the show-password eye is a target of at least 24 by 24 px (WCAG 2.2, 2.5.8)", async ({ page }) => {
  await signIn(page, "vendor_admin");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  await page.goto("/#/settings/account");
  const eyes = page.locator(".ant-input-password-icon:visible");
  await expect(eyes.first()).toBeVisible();
  for (const eye of await eyes.all()) {
    const box = await eye.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(24);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);
  }
});

test("at 375 px a list shows its search box and a Filters button before the data, the other filters folded", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, "vendor_admin");
  await page.goto("/#/shop/devices");
  const filters = page.getByTestId("device-filters");
  const fold = filters.getByTestId("filter-fold");
  await expect(fold).toHaveText(en("common.filters"));
  await expect(filters.locator(".ant-form-item:visible")).toHaveCount(1);
  await fold.click();
  await expect(fold).toHaveAttribute("aria-expanded", "true");
  expect(await filters.locator(".ant-form-item:visible").count()).toBeGreaterThan(1);
  await keepScreenshot(page, "filters-unfolded-375");
});

test("at 1280 px no sidebar label is cut, in English, Thai and German: long ones wrap", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "vendor_admin");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  const groups = page.locator(".sidebar .ant-menu-submenu-title");
  for (const group of await groups.all()) {
    if ((await group.getAttribute("aria-expanded")) !== "true") await group.click();
  }
  for (const language of ["en", "th-th", "de"]) {
    await page.getByTestId("language-picker").selectOption(language);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    const labels = page.locator(".sidebar .ant-menu-title-content:visible");
    await expect(labels.first()).toBeVisible();
    const cut = await labels.evaluateAll((elements) =>
      elements.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
    );
    expect(cut, language).toEqual([]);
  }
  await keepScreenshot(page, "sidebar-de-1280");
});
