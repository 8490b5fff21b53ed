import type { Locator, Page } from "@playwright/test";
import { expect, keepScreenshot, signIn, test } from "../fixtures";
import { rowAction } from "../support/ui";
import { text } from "./catalogue";

const en = (key: string) => text("en", key);

/** Whether a box lies wholly inside the visible part of a wide table (its scrolling body) and the window. */
async function inView(page: Page, table: Locator, target: Locator): Promise<boolean> {
  const area = await table.locator(".ant-table-content, .ant-table-body").first().boundingBox();
  const box = await target.boundingBox();
  const window = page.viewportSize()?.width ?? 0;
  if (!area || !box) return false;
  const right = Math.min(area.x + area.width, window);
  return box.x >= area.x - 1 && box.x + box.width <= right + 1;
}

const deviceRows = (page: Page) => page.getByTestId("devices-page").locator("tbody tr.ant-table-row");

test("the device list keeps each row's name and actions in reach at 1280 px; the menu holds the rest", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "vendor_admin");
  await page.goto("/#/shop/devices");
  const table = page.getByTestId("devices-page").locator(".ant-table");
  const row = deviceRows(page).first();
  await expect(row.getByTestId("device-name")).toBeVisible();
  // The table is wider than its area, yet the primary action and the menu are pinned in view.
  expect(
    await table
      .locator(".ant-table-content, .ant-table-body")
      .first()
      .evaluate((el) => el.scrollWidth > el.clientWidth),
  ).toBe(true);
  expect(await inView(page, table, row.getByTestId("device-name"))).toBe(true);
  expect(await inView(page, table, row.getByTestId("device-restart"))).toBe(true);
  expect(await inView(page, table, row.getByTestId("row-actions-more"))).toBe(true);
  // Scrolled to the far end, the name stays pinned at the start.
  await table
    .locator(".ant-table-content, .ant-table-body")
    .first()
    .evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
  expect(await inView(page, table, row.getByTestId("device-name"))).toBe(true);
  const start = await rowAction(row, "device-start");
  await expect(start).toHaveText(en("devices.actions.start"));
  await keepScreenshot(page, "device-list-1280-menu");
  await page.keyboard.press("Escape");
});

for (const language of ["en", "th-th", "de"]) {
  test(`on a 375 px phone (${language}) the device list shows name, shop and state without scrolling; details unfold`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 760 });
    await signIn(page, "vendor_admin");
    await page.goto("/#/shop/devices");
    await page.getByTestId("language-picker").selectOption(language);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    const table = page.getByTestId("devices-page").locator(".ant-table");
    const row = deviceRows(page).first();
    await expect(row.getByTestId("device-name")).toBeVisible();
    const body = table.locator(".ant-table-content, .ant-table-body").first();
    expect(await body.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    const headers = (await table.locator("thead th").allInnerTexts()).map((h) => h.trim()).filter(Boolean);
    // The actions' title is there for screen readers only.
    expect(headers).toEqual([
      text(language, "devices.fields.device"),
      text(language, "devices.fields.state"),
      text(language, "common.actions"),
    ]);
    await expect(row.getByTestId("device-shop")).not.toBeEmpty();
    expect(await inView(page, table, row.getByTestId("device-shop"))).toBe(true);
    expect(await inView(page, table, row.getByTestId("device-online"))).toBe(true);
    expect(await inView(page, table, row.getByTestId("device-busy"))).toBe(true);
    expect(await inView(page, table, row.getByTestId("row-actions-more"))).toBe(true);
    const toggle = row.getByTestId("row-details-toggle");
    expect(await inView(page, table, toggle)).toBe(true);
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const details = page.getByTestId("row-details").first();
    await expect(details).toContainText(text(language, "devices.fields.firmware"));
    await expect(details).toContainText(text(language, "devices.fields.cashboxCurrent"));
    await keepScreenshot(page, `device-list-375-${language}`);
  });
}
