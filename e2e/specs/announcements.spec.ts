import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { API } from "@washboard/shared";
import { API_KEY, apiToken, expect, keepScreenshot, signIn, test } from "../fixtures";
import { seriousViolations } from "../support/axe";
import { apiCall, dialogOf, newSuffix, pick, rowsOf, submitDialog } from "../support/ui";
import { text } from "./catalogue";

const en = (key: string) => text("en", key);

/**
 * Announcements (spec §6 op_goodnews, §9 popup skins and animations) as an operator and customers
 * meet them: the operator writes one for one shop and sees it previewed in the chosen skin and
 * animation; that shop's pay page pops it up once — dismissed, a reload does not show it again —
 * and another shop's pay page shows nothing. A Bangkok customer reads the popup's own words in Thai.
 */

interface Shop {
  id: number;
  name: string;
}

/**
 * What a test made that other specs must not meet on the same server (a running announcement pops
 * up over their pay pages; a new pay QR code becomes the first of the list they take): removed after
 * each test, in reverse order.
 */
const undo: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  for (const step of undo.splice(0).reverse()) await step();
});

/** The first `count` shops of a vendor, each with a pay QR code (the demo has one; others are made here). */
async function payingShops(request: APIRequestContext, username: string, count: number) {
  const token = await apiToken(request, username);
  const { shops } = await apiCall<{ shops: Shop[] }>(request, API.shops.options.path, token);
  const codes = await apiCall<{ items: { code: string; shop_id: number }[] }>(request, API.payqr.list.path, token, {
    page_size: 50,
  });
  const codeOf = async (shop: Shop) => {
    const known = codes.items.find((c) => c.shop_id === shop.id)?.code;
    if (known) return known;
    const made = await apiCall<{ id: number; code: string }>(request, API.payqr.create.path, token, {
      name: `Counter ${newSuffix()}`,
      bind_mode: 1,
      shop_id: shop.id,
    });
    undo.push(() => apiCall(request, API.payqr.remove.path, token, { id: made.id }));
    return made.code;
  };
  if (shops.length < count) throw new Error(`${username}'s demo has fewer than ${count} shops`);
  const chosen = [];
  for (const shop of shops.slice(0, count)) chosen.push({ ...shop, code: await codeOf(shop) });
  return { token, shops: chosen };
}

/** Removes the announcement titled `title` after the test. */
function removeLater(request: APIRequestContext, token: string, title: string) {
  undo.push(async () => {
    const listed = await apiCall<{ items: { id: number; title: string }[] }>(
      request,
      API.promotions.announcements.path,
      token,
      { title },
    );
    for (const item of listed.items)
      await apiCall(request, API.promotions.removeAnnouncement.path, token, { id: item.id });
  });
}

/** The announcements shown on a pay page, as its call answers them. */
async function announcedAt(request: APIRequestContext, code: string): Promise<{ title: string }[]> {
  const page = await request.post(API.pay.page.path, { headers: { "api-key": API_KEY }, data: { code } });
  return ((await page.json()) as { result: { announcements: { title: string }[] } }).result.announcements;
}

/** A customer's phone, in a language of its own, perhaps asking for less motion. */
async function phone(browser: Browser, locale = "en-US", reducedMotion: "reduce" | "no-preference" = "no-preference") {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale, reducedMotion });
  return { context, page: await context.newPage() };
}

/** The pay page loaded: its shop's name shown (the popup is decided with that first answer). */
async function openPayPage(customer: Page, code: string, shopName: string) {
  await customer.goto(`/pay/qr/${code}`);
  await expect(customer.getByRole("heading", { level: 1, name: shopName })).toBeVisible({ timeout: 20_000 });
}

test("an announcement for one shop: previewed in the console, popped up once on that shop's pay page, never on another's", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { token, shops } = await payingShops(request, "vendor_admin", 2);
  const [a, b] = shops;
  if (!a || !b) throw new Error("two shops expected");
  const title = `Free softener ${newSuffix()}`;
  removeLater(request, token, title);
  const body = "All week long, softener is on us.\nAsk at the counter.";

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "vendor_admin");
  await test.step("the operator writes it for one shop and sees the popup previewed in its skin and animation", async () => {
    await page.goto("/#/promotion/promotion");
    await page.getByTestId("promotion-tab-announcements").click();
    await page.getByTestId("announcement-add").click();
    const dialog = dialogOf(page, "announcement-form");
    const preview = dialog.getByTestId("announcement-preview");
    const popup = preview.getByTestId("announcement-popup");
    await expect(popup).toHaveAttribute("data-skin", "grey_white");
    await dialog.getByTestId("announcement-title-input").fill(title);
    await dialog.getByTestId("announcement-body-input").fill(body);
    await pick(
      page,
      dialog.getByTestId("announcement-skin").getByRole("combobox"),
      en("promotions.announcements.skins.dark_green"),
    );
    await pick(
      page,
      dialog.getByTestId("announcement-animation").getByRole("combobox"),
      en("promotions.announcements.animations.drop"),
    );
    await expect(popup).toHaveAttribute("data-skin", "dark_green");
    await expect(popup).toHaveAttribute("data-animation", "drop");
    await expect(popup.getByTestId("announcement-title")).toHaveText(title);
    await expect(popup.getByTestId("announcement-ok")).toHaveText(en("promotions.announcements.ok"));
    // The drop has landed: the screenshot shows the popup where the customer sees it.
    await page.waitForFunction(() =>
      document
        .querySelector("[data-testid=announcement-preview] .wb-popup")
        ?.getAnimations()
        .every((x) => x.playState === "finished"),
    );
    await keepScreenshot(page, "announcement-preview");
    expect(await seriousViolations(page, "[data-testid=announcement-preview]")).toEqual([]);
    await pick(page, dialog.getByTestId("announcement-shops").getByRole("combobox"), a.name);
    await submitDialog(page, dialog, "success.add");
    const row = rowsOf(page, "announcement-table", title);
    await expect(row).toContainText(en("promotions.states.active"));
    await expect(row).toContainText(en("promotions.announcements.skins.dark_green"));
    await expect(row).toContainText(a.name);
  });

  const customer = await phone(browser);
  await test.step("that shop's pay page pops it up in its skin; dismissed, a reload does not show it again", async () => {
    await openPayPage(customer.page, a.code, a.name);
    const dialog = customer.page.getByRole("dialog", { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("data-skin", "dark_green");
    await expect(dialog).toHaveAttribute("data-animation", "drop");
    await expect(dialog).toContainText("Ask at the counter.");
    // The button has the focus: Enter or a tap dismisses it.
    await expect(dialog.getByTestId("announcement-ok")).toBeFocused();
    await customer.page.waitForFunction(() =>
      document
        .querySelector(".wb-popup")
        ?.getAnimations()
        .every((x) => x.playState === "finished"),
    );
    await keepScreenshot(customer.page, "announcement-pay-page");
    expect(await seriousViolations(customer.page)).toEqual([]);
    await dialog.getByTestId("announcement-ok").click();
    await expect(dialog).toBeHidden();

    await customer.page.reload();
    await expect(customer.page.getByRole("heading", { level: 1, name: a.name })).toBeVisible({ timeout: 20_000 });
    // The announcement still runs for this shop: only this browser's memory keeps it away.
    expect((await announcedAt(request, a.code)).map((x) => x.title)).toContain(title);
    await expect(customer.page.getByTestId("pay-machines")).toBeVisible();
    await expect(customer.page.getByTestId("announcement-popup")).toHaveCount(0);
  });

  await test.step("another shop's pay page shows nothing", async () => {
    const other = await phone(browser);
    expect((await announcedAt(request, b.code)).map((x) => x.title)).not.toContain(title);
    await openPayPage(other.page, b.code, b.name);
    await expect(other.page.getByTestId("pay-machines")).toBeVisible();
    await expect(other.page.getByTestId("announcement-popup")).toHaveCount(0);
    await other.context.close();
  });
  await customer.context.close();
});

test("a Bangkok customer's popup speaks Thai around the merchant's own words, fades in for less motion, and Escape closes it", async ({
  browser,
  request,
}) => {
  const { token, shops } = await payingShops(request, "vendor2_admin", 1);
  const [a] = shops;
  if (!a) throw new Error("a shop expected");
  const title = `ลดราคาวันหยุด ${newSuffix()}`;
  removeLater(request, token, title);
  await apiCall(request, API.promotions.createAnnouncement.path, token, {
    title,
    body: "ซักผ้าลด 20% ทุกวันเสาร์และอาทิตย์\nตลอดเดือนนี้",
    skin: "sky_blue",
    animation: "zoom",
    starts_at: Math.floor(Date.now() / 1000) - 3600,
    ends_at: Math.floor(Date.now() / 1000) + 7 * 86_400,
    shop_ids: [a.id],
  });
  const customer = await phone(browser, "th-TH", "reduce");
  await openPayPage(customer.page, a.code, a.name);
  const dialog = customer.page.getByRole("dialog", { name: title });
  await expect(dialog).toHaveAttribute("data-skin", "sky_blue");
  await expect(dialog.getByTestId("announcement-ok")).toHaveText(text("th-th", "pay.announcement.ok"));
  await expect(dialog.getByRole("button", { name: text("th-th", "pay.announcement.close") })).toBeVisible();
  // Its zoom is a fade for a phone asking for less motion.
  const played = await customer.page.evaluate(() =>
    document
      .querySelector(".wb-popup")
      ?.getAnimations()
      .map((a) => (a as CSSAnimation).animationName),
  );
  expect(played).toEqual(["wb-popup-fade"]);
  await customer.page.waitForFunction(() =>
    document
      .querySelector(".wb-popup")
      ?.getAnimations()
      .every((x) => x.playState === "finished"),
  );
  await keepScreenshot(customer.page, "announcement-pay-page-th");
  expect(await seriousViolations(customer.page)).toEqual([]);
  await customer.page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await customer.context.close();
});
