import { createHash, randomBytes } from "node:crypto";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { PNG } from "pngjs";
import { API_KEY, confirmDialog, expect } from "../fixtures";
import { text } from "../specs/catalogue";

/** What the browser tests share: choosing in the console's controls, and setting up state on the API. */

const en = (key: string) => text("en", key);

/** A short random suffix, new for every test run, so a spec can run again against the same server. */
export const newSuffix = () => randomBytes(3).toString("hex");

/**
 * Picks an option of an antd Select: open it, type to filter where it searches, click the option,
 * and see the select show it — again if a click landed while the dropdown was still opening.
 */
export async function pick(page: Page, select: Locator, option: string | RegExp, search?: string) {
  const shown = select.locator("xpath=ancestor-or-self::*[contains(concat(' ', @class, ' '), ' ant-select ')][1]");
  await expect(async () => {
    await select.click();
    if (search !== undefined) {
      // A retry would type after what the last try left (its options may not have loaded yet): clear
      // that text — by setting the value, not with Backspace, which removes a multiple select's last tag.
      if ((await select.inputValue().catch(() => "")) !== "") await select.fill("");
      await page.keyboard.type(search);
    }
    await page
      .locator(".ant-select-item-option")
      .filter({ visible: true })
      .filter({ hasText: option })
      .first()
      .click({ timeout: 2_000 });
    await expect(shown).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** A form dialog by the test id of its form. */
export function dialogOf(page: Page, formTestId: string): Locator {
  return page.getByRole("dialog").filter({ has: page.getByTestId(formTestId) });
}

/**
 * Closes a dialog with its Cancel button and waits until it is gone — clicking again if a click
 * landed while the dialog was still zooming in and missed the button (seen on a loaded machine).
 */
export async function cancelDialog(dialog: Locator) {
  await expect(async () => {
    if (await dialog.isVisible())
      await dialog.getByRole("button", { name: en("common.cancel") }).click({ timeout: 2_000 });
    await expect(dialog).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** Submits an antd modal with its primary button, then waits for it to close and for the success toast. */
export async function submitDialog(page: Page, dialog: Locator, successKey: string) {
  await dialog.getByRole("button", { name: en("common.save") }).click();
  // The toast comes when the call succeeds and stays three seconds; the dialog closes once the lists
  // showing the record are read again, which on a loaded machine can take longer: toast first.
  await expect(
    page
      .locator(".toast-success")
      .filter({ hasText: en(successKey) })
      .first(),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Signs out through the account menu and its confirmation, as a person would. */
export async function signOut(page: Page) {
  const logout = page.getByRole("menuitem", { name: en("layout.logout") });
  // A re-render (a live event landing on the dashboard) can close the menu under the click: open it
  // and choose again until the confirmation shows.
  await expect(async () => {
    if (!(await logout.isVisible())) await page.getByTestId("account-dropdown").click();
    await logout.click({ timeout: 2_000 });
    await expect(page.locator(".ant-modal-confirm")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await confirmDialog(page, en("common.confirm"));
  await expect(page.getByTestId("login-card")).toBeVisible();
}

/** The session token the console keeps for the signed-in account. */
export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem("washboard") ?? "{}") as { user?: { token?: string } }).user?.token,
  );
  expect(token).toBeTruthy();
  return token ?? "";
}

/** One call of the API with a session token; answers the `result` of a 200. */
export async function apiCall<T>(
  request: APIRequestContext,
  path: string,
  token: string,
  data: object = {},
): Promise<T> {
  const response = await request.post(path, { headers: { "api-key": API_KEY }, data: { ...data, token } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { result: T }).result;
}

/** A small PNG with a diagonal band, in its own colour: each image has its own bytes (and key). */
export function pngImage(rgb: readonly [number, number, number], size = 24): Buffer {
  const png = new PNG({ width: size, height: size });
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      const band = Math.abs(x - y) < size / 4;
      png.data[i] = band ? rgb[0] : 255;
      png.data[i + 1] = band ? rgb[1] : 255;
      png.data[i + 2] = band ? rgb[2] : 255;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** The key the server stores an image under: the SHA-256 of its bytes and its extension. */
export const imageKeyOf = (bytes: Buffer) => `${createHash("sha256").update(bytes).digest("hex")}.png`;

/** The rows of a data table (by its test id, on the page or in one screen) holding a text. */
export const rowsOf = (scope: Page | Locator, tableTestId: string, hasText: string) =>
  scope.getByTestId(tableTestId).locator("tr.ant-table-row").filter({ hasText });

/** The cell of a row under the column headed `header` (exact text). */
export async function cellOf(page: Page, tableTestId: string, row: Locator, header: string): Promise<Locator> {
  const headers = (await page.getByTestId(tableTestId).locator("thead th").allInnerTexts()).map((h) => h.trim());
  const index = headers.indexOf(header);
  expect(index, `column "${header}" in ${headers.join(" | ")}`).toBeGreaterThanOrEqual(0);
  return row.locator("td").nth(index);
}

/** The open "more actions" menu of a row (Ant Design renders it apart from the table). */
const openRowMenu = (page: Page) => page.locator(".ant-dropdown:not(.ant-dropdown-hidden)");

/**
 * A row's action by its test id, ready to click: its button, or its entry in the row's "more
 * actions" menu, which this opens (a list shows its primary action as a button, the rest in a menu).
 */
export async function rowAction(row: Locator, testId: string): Promise<Locator> {
  await expect(row.locator("td").last()).toBeVisible();
  const button = row.getByTestId(testId);
  if ((await button.count()) > 0) return button;
  await row.getByTestId("row-actions-more").click();
  const entry = openRowMenu(row.page()).getByTestId(testId);
  await expect(entry).toBeVisible();
  return entry;
}

/** Whether a row offers an action at all, as a button or in its menu (the menu is closed again). */
export async function rowOffers(row: Locator, testId: string): Promise<boolean> {
  await expect(row.locator("td").last()).toBeVisible();
  if ((await row.getByTestId(testId).count()) > 0) return true;
  const more = row.getByTestId("row-actions-more");
  if ((await more.count()) === 0) return false;
  await more.click();
  const menu = openRowMenu(row.page());
  await expect(menu.getByRole("menuitem").first()).toBeVisible();
  const offered = (await menu.getByTestId(testId).count()) > 0;
  await row.page().keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  return offered;
}
