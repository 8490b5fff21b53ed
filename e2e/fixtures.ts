import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { text } from "./specs/catalogue";

export const DEMO_PASSWORD = "demo1234";
export const API_KEY = "washboard-console";

/** The demo's merchant accounts: the console warns them at sign-in of expiring subscriptions. */
const MERCHANT_USERS = new Set(["vendor_admin", "vendor_sub", "vendor2_admin"]);
const STATUS_COUNTS_PATH = "/api/Device/check_device_status";

/**
 * Signs in through the login form, as a person would, and returns once the answer has landed:
 * signed in (the console has left the sign-in page and finished booting) or refused (an error
 * toast). A caller's next navigation then never races the sign-in's own redirect. A merchant whose
 * machines are expiring (the demo's Bangkok one) gets the subscription warning at sign-in: it is
 * answered "Later" once it shows, unless the caller keeps it to look at.
 */
export async function signIn(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
  options: { keepSubscriptionWarning?: boolean } = {},
) {
  const counts = MERCHANT_USERS.has(username)
    ? page.waitForResponse((r) => r.url().endsWith(STATUS_COUNTS_PATH), { timeout: 20_000 }).catch(() => null)
    : null;
  await page.goto("/#/login");
  await page.locator("#login").fill(username);
  await page.locator("#password").fill(password);
  await page.getByTestId("login-submit").click();
  let outcome = "pending";
  await expect
    .poll(
      async () => {
        if ((await page.locator(".toast-error").count()) > 0) outcome = "refused";
        else if (new URL(page.url()).hash.startsWith("#/login")) outcome = "pending";
        else outcome = (await page.locator(".page-spinner-full").count()) === 0 ? "signed in" : "pending";
        return outcome;
      },
      { timeout: 15_000 },
    )
    .not.toBe("pending");
  if (outcome !== "signed in" || !counts || options.keepSubscriptionWarning) return;
  const answer = await counts;
  const result = answer
    ? ((await answer.json()) as { result?: { overdue_count: number; warning_count: number } }).result
    : undefined;
  if (!result || (result.overdue_count <= 0 && result.warning_count <= 0)) return;
  const warning = page.getByRole("dialog").filter({ hasText: text("en", "deviceWarning.title") });
  await warning.getByRole("button", { name: text("en", "deviceWarning.later") }).click();
  await expect(warning).toBeHidden();
}

/** A token straight from the API, for setting up state without the UI. */
export async function apiToken(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post("/api/Auth/login", {
    headers: { "api-key": API_KEY },
    data: { login: username, password: DEMO_PASSWORD },
  });
  const body = (await response.json()) as { result: { token: string } };
  return body.result.token;
}

export async function menuLabels(page: Page): Promise<string[]> {
  return page.locator(".sidebar .ant-menu-item, .sidebar .ant-menu-submenu-title").allInnerTexts();
}

/** Keeps a named screenshot with the test's artifacts. */
export async function keepScreenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

export const test = base.extend<{ freshStorage: undefined }>({
  freshStorage: [
    async ({ page }, use) => {
      await page.goto("/");
      await page.evaluate(() => localStorage.clear());
      await use(undefined);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Answers an open confirmation dialog with its confirm button. Under load a click can land while the
 * dialog is still animating in and be dropped, so it is repeated until the dialog closes; a dialog
 * that never closes still fails the test.
 */
export async function confirmDialog(page: Page, label: string) {
  const dialog = page.locator(".ant-modal-confirm");
  await expect(dialog).toBeVisible();
  await expect(async () => {
    // A confirmation whose call is slow is still open at the retry, or has closed meanwhile: click
    // only while it is there.
    if (await dialog.isVisible()) await page.getByRole("button", { name: label }).click({ timeout: 2_000 });
    await expect(dialog).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}
