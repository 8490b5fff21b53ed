import { expect, keepScreenshot, menuLabels, signIn, test } from "../fixtures";
import { text } from "./catalogue";

const LANGUAGES = [
  { code: "zh-cn", name: "简体中文", weekdayCell: "一" },
  { code: "de", name: "Deutsch", weekdayCell: "Mi" },
  { code: "th-th", name: "ไทย", weekdayCell: "จ." },
] as const;

for (const lang of LANGUAGES) {
  test(`switching to ${lang.code} changes the menu, the toasts and the date picker`, async ({ page }) => {
    await page.goto("/#/login");
    await page.getByTestId("language-picker").selectOption({ label: lang.name });
    await expect(page.getByTestId("login-submit")).toHaveText(text(lang.code, "login.submit"));

    // An error toast, translated from the error code.
    await signIn(page, "vendor_admin", "wrong-password");
    await expect(page.locator(".toast-error")).toHaveText(text(lang.code, "errors.LOGIN_FAILED"));

    // A success toast and the menu.
    await page.locator("#password").fill("demo1234");
    await page.getByTestId("login-submit").click();
    await expect(page.locator(".toast-success").last()).toHaveText(text(lang.code, "success.login"));
    await expect(page.getByTestId("dashboard")).toBeVisible();
    expect(await menuLabels(page)).toContain(text(lang.code, "routes.dashboard"));
    expect(await menuLabels(page)).toContain(text(lang.code, "menu.log"));

    // An Ant Design date picker in the same language.
    await page.goto("/#/log/log_opts");
    await page.getByTestId("log-date-range").first().click();
    const weekdays = page.locator(".ant-picker-dropdown .ant-picker-content th");
    await expect(weekdays.first()).toBeVisible();
    expect(await weekdays.allInnerTexts()).toContain(lang.weekdayCell);
    await keepScreenshot(page, `language-${lang.code}-date-picker`);

    // The choice is kept under the language key across reloads.
    await page.reload();
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe(lang.code);
    await expect(page.locator(".breadcrumb")).toContainText(text(lang.code, "routes.log_opts"));
  });
}
