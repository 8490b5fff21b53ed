import { expect, keepScreenshot, test } from "../fixtures";
import { signOut } from "../support/ui";
import { text } from "./catalogue";

test("quick registration creates a merchant keyed to this browser and signs in", async ({ page }) => {
  await page.goto("/#/login");
  await page.getByTestId("open-register").click();
  await page.getByLabel(text("en", "register.merchantName")).fill("Bubbles Laundromat");
  await page.getByTestId("register-submit").click();
  await expect(page.getByTestId("register-username")).toBeVisible();
  const username = ((await page.getByTestId("register-username").textContent()) ?? "").trim();
  const password = ((await page.getByTestId("register-password").textContent()) ?? "").trim();
  expect(username).toMatch(/^\w{4,20}$/);
  expect(password.length).toBeGreaterThanOrEqual(6);
  await keepScreenshot(page, "register-done");
  await page.getByTestId("register-enter").click();
  await expect(page.getByTestId("scope-name")).toHaveText("Bubbles Laundromat");

  // The generated credentials work, and the same browser cannot register a second merchant.
  await signOut(page);
  await page.locator("#login").fill(username);
  await page.locator("#password").fill(password);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("scope-name")).toHaveText("Bubbles Laundromat");
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem("washboard") ?? "{}") as Record<string, unknown>;
    localStorage.setItem("washboard", JSON.stringify({ ...stored, user: null }));
  });
  await page.goto("/#/login");
  await page.reload();
  await page.getByTestId("open-register").click();
  await page.getByLabel(text("en", "register.merchantName")).fill("Second Shop");
  await page.getByTestId("register-submit").click();
  await expect(page.locator(".toast-error")).toHaveText(text("en", "errors.ALREADY_REGISTERED"));
});
