import { expect, keepScreenshot, signIn, test } from "../fixtures";
import { text } from "./catalogue";

/**
 * Issue 23, defect 5: the demo (`npm start`, published logins, a sandbox that moves no money) must
 * not be mistaken for a real install. The browser tests' server holds the demo, so every console
 * page carries the "demo data" bar, in the reader's language.
 */
for (const lang of [
  { code: "en", name: "English" },
  { code: "th-th", name: "ไทย" },
] as const) {
  test(`the demo's console says it shows demonstration data (${lang.code})`, async ({ page }) => {
    await page.goto("/#/login");
    await page.getByTestId("language-picker").selectOption({ label: lang.name });
    await signIn(page, "vendor_admin");
    await expect(page.getByTestId("dashboard")).toBeVisible();
    const banner = page.getByTestId("demo-banner");
    await expect(banner).toBeVisible();
    await expect(banner).toHaveText(text(lang.code, "layout.demoBanner"));
    // It stays on every page of the console, above the top bar.
    await page.goto("/#/log/log_opts");
    await expect(banner).toBeVisible();
    const bannerBox = await banner.boundingBox();
    const topBarBox = await page.locator(".top-bar").boundingBox();
    expect(bannerBox && topBarBox && bannerBox.y + bannerBox.height <= topBarBox.y + 1).toBe(true);
    // Small: one line of 12 px text, not a slab over the console.
    expect(bannerBox?.height ?? 0).toBeLessThan(40);
    await keepScreenshot(page, `demo-banner-${lang.code}`);
  });
}
