import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "demo1234";
export const API_KEY = "washboard-console";

/**
 * Signs in through the login form, as a person would, and returns once the answer has landed:
 * signed in (the console has left the sign-in page and finished booting) or refused (an error
 * toast). A caller's next navigation then never races the sign-in's own redirect.
 */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto("/#/login");
  await page.locator("#login").fill(username);
  await page.locator("#password").fill(password);
  await page.getByTestId("login-submit").click();
  await expect
    .poll(
      async () => {
        if ((await page.locator(".toast-error").count()) > 0) return "refused";
        if (new URL(page.url()).hash.startsWith("#/login")) return "pending";
        return (await page.locator(".page-spinner-full").count()) === 0 ? "signed in" : "pending";
      },
      { timeout: 15_000 },
    )
    .not.toBe("pending");
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
