import { API_KEY, apiToken, expect, keepScreenshot, signIn, test } from "../fixtures";
import { signOut } from "../support/ui";
import { text } from "./catalogue";

test("the redirect parameter round-trips through sign-in", async ({ page }) => {
  await page.goto("/#/settings/account");
  await expect(page).toHaveURL(/#\/login\?redirect=%2Fsettings%2Faccount$/);
  await page.locator("#login").fill("vendor_admin");
  await page.locator("#password").fill("demo1234");
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/#\/settings\/account$/);
  await expect(page.getByTestId("save-profile")).toBeVisible();
});

test("a signed-in user opening login goes to the root", async ({ page }) => {
  await signIn(page, "vendor_admin");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  await page.goto("/#/login");
  await expect(page).toHaveURL(/#\/dashboard$/);
});

test("the page title is the page's title and the site name", async ({ page }) => {
  await signIn(page, "vendor_admin");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  await expect(page).toHaveTitle(`${text("en", "routes.dashboard")} - Washboard`);
  await page.goto("/#/log/log_opts");
  await expect(page).toHaveTitle(`${text("en", "routes.log_opts")} - Washboard`);
});

test("a revoked session found while booting a reload resets the token and opens login", async ({ page, request }) => {
  await signIn(page, "vendor_admin");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem("washboard") ?? "{}") as { user?: { token?: string } }).user?.token,
  );
  expect(token).toBeTruthy();
  await request.get(`/api/Auth/logout?token=${token}`, { headers: { "api-key": API_KEY } });
  await page.reload();
  await expect(page.getByTestId("login-card")).toBeVisible();
  await expect(page).toHaveURL(/#\/login\?redirect=%2Fdashboard$/);
  // The token is gone, whichever told the page first: the boot's call, or the live stream of the page
  // before the reload. The message a refused session shows is the next test's.
  expect(await page.evaluate(() => localStorage.getItem("washboard") ?? "")).not.toContain(token ?? "-");
  expect(await page.evaluate(() => document.cookie)).not.toContain("wb_token=");
});

test("the public API documentation renders the OpenAPI document without signing in", async ({ page }) => {
  await page.goto("/#/open/tools/apidoc");
  await expect(page.getByTestId("apidoc").locator(".swagger-ui")).toBeVisible();
  await expect(page.getByText("Washboard API", { exact: false }).first()).toBeVisible();
  // Swagger UI draws the operations as they scroll into view: scroll until the sign-in call shows.
  const login = page.locator(".opblock-summary-path").filter({ hasText: "/api/Auth/login" }).first();
  // Small steps: an operation scrolled far past is drawn no more.
  await expect(async () => {
    if ((await login.count()) === 0) await page.mouse.wheel(0, 300);
    await expect(login).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
  await keepScreenshot(page, "apidoc");
});

test("unknown pages answer not found", async ({ page }) => {
  await signIn(page, "vendor_admin");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  await page.goto("/#/no/such/page");
  await expect(page.getByText(text("en", "notFound.title"))).toBeVisible();
});

test("a session revoked on the server sends the user to login on the next call", async ({ page, request }) => {
  await signIn(page, "vendor_admin");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem("washboard") ?? "{}") as { user?: { token?: string } }).user?.token,
  );
  expect(token).toBeTruthy();
  // Revoke it from outside the browser, as an administrator or another tab would.
  const revoke = await request.get(`/api/Auth/logout?token=${token}`, { headers: { "api-key": API_KEY } });
  expect(revoke.ok()).toBe(true);
  await page.goto("/#/settings/account");
  await expect(page).toHaveURL(/#\/login\?redirect=%2Fsettings%2Faccount$/);
  // Every call still on its way when the session ended says so (the dashboard's, the page's).
  await expect(page.locator(".toast-error").first()).toHaveText(text("en", "errors.UNAUTHORIZED"));
  expect(await page.evaluate(() => document.cookie)).not.toContain("wb_token=");
  await keepScreenshot(page, "revoked-session");
  // A fresh sign-in still works.
  expect(await apiToken(request, "vendor_admin")).toBeTruthy();
});

test("signing out asks for confirmation and ends the session", async ({ page }) => {
  await signIn(page, "vendor_admin");
  // The one sign-out path of the browser tests: it reopens the menu if a live re-render closed it.
  await signOut(page);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("washboard") ?? "{}").user)).toBeNull();
  await page.goto("/#/dashboard");
  await expect(page).toHaveURL(/#\/login\?redirect=%2Fdashboard$/);
});
