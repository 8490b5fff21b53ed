import { expect, keepScreenshot, menuLabels, signIn, test } from "../fixtures";
import { text } from "./catalogue";

const en = (key: string) => text("en", key);

test.describe("each console level signs in and sees its own console", () => {
  test("vendor_admin (level 3): merchant menu, account settings, no vendor selector", async ({ page }) => {
    await signIn(page, "vendor_admin");
    await expect(page.getByTestId("dashboard")).toBeVisible();
    expect(await menuLabels(page)).toContain(en("routes.dashboard"));
    expect(await menuLabels(page)).not.toContain(en("menu.group"));
    await expect(page.getByTestId("vendor-selector")).toHaveCount(0);
    await expect(page.getByTestId("scope-name")).toHaveText("Demo Laundry Kuala Lumpur");
    await page.getByTestId("account-dropdown").click();
    await expect(page.getByRole("menuitem", { name: en("layout.accountSettings") })).toBeVisible();
    await keepScreenshot(page, "level-3-dashboard");
  });

  test("vendor_sub (level 4): only what its role grants — no account settings without sett_acct", async ({ page }) => {
    await signIn(page, "vendor_sub");
    await expect(page.getByTestId("dashboard")).toBeVisible();
    expect(await menuLabels(page)).toContain(en("routes.dashboard"));
    await page.getByTestId("account-dropdown").click();
    await expect(page.getByRole("menuitem", { name: en("layout.logout") })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: en("layout.accountSettings") })).toHaveCount(0);
    // Typing the address is refused too: the guard checks the permission key.
    await page.goto("/#/settings/account");
    await expect(page).toHaveURL(/#\/nopermission\/index$/);
    await expect(page.locator(".ant-result-title")).toHaveText(en("noPermission.title"));
    await keepScreenshot(page, "level-4-no-permission");
  });

  for (const [username, level] of [
    ["group_admin", 6],
    ["group_sub", 7],
  ] as const) {
    test(`${username} (level ${level}): group scope with the vendor selector`, async ({ page }) => {
      await signIn(page, username);
      await expect(page.getByTestId("dashboard")).toBeVisible();
      await expect(page.getByTestId("scope-name")).toHaveText("Demo Group");
      expect(await menuLabels(page)).toContain(en("routes.dashboard"));
      const selector = page.getByTestId("vendor-selector");
      await expect(selector).toBeVisible();
      const bangkok = page.getByTitle("Demo Laundry Bangkok · THB");
      // A click that lands while the list is still sliding open is lost: choose until the choice shows.
      await expect(async () => {
        if (!(await bangkok.isVisible())) await selector.click();
        await bangkok.click({ timeout: 2_000 });
        await expect(selector).toContainText("Demo Laundry Bangkok", { timeout: 2_000 });
      }).toPass({ timeout: 15_000 });
      // The active vendor changes what every later call acts on: the summary now shows Bangkok.
      await expect(page.getByTestId("scope-name")).toHaveText("Demo Laundry Bangkok");
      await expect(page.getByText("THB", { exact: true })).toBeVisible();
      await keepScreenshot(page, `level-${level}-vendor-selected`);
    });
  }

  test("system_sub (level 2) is refused with the §8 message", async ({ page }) => {
    await signIn(page, "system_sub");
    await expect(page.locator(".toast-error")).toHaveText(en("errors.ACCOUNT_NO_PERMISSION"));
    await expect(page).toHaveURL(/#\/login/);
    await keepScreenshot(page, "level-2-refused");
  });
});
