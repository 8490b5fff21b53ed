import type { Locator } from "@playwright/test";
import { expect, keepScreenshot, signIn, test } from "../fixtures";
import { seriousViolations } from "../support/axe";
import { text } from "./catalogue";

const en = (key: string) => text("en", key);

interface ToastLook {
  background: string;
  border: string;
  text: string;
  icon: string;
  mark: string;
}

/** How a toast is drawn: its colours, its icon's colour and the icon's mark. */
async function lookOf(toast: Locator): Promise<ToastLook> {
  await expect(toast.locator("svg.toast-icon")).toBeVisible();
  return toast.evaluate((element) => {
    const style = getComputedStyle(element);
    const icon = element.querySelector("svg.toast-icon");
    return {
      background: style.backgroundColor,
      border: style.borderTopColor,
      text: style.color,
      icon: icon ? getComputedStyle(icon).color : "",
      mark: icon?.querySelector("path")?.getAttribute("d") ?? "",
    };
  });
}

/** An "rgb(r, g, b)" colour's channels. */
function channels(colour: string): [number, number, number] {
  const [r = 0, g = 0, b = 0] = (colour.match(/\d+/g) ?? []).map(Number);
  return [r, g, b];
}

const isReddish = (colour: string) => {
  const [r, g, b] = channels(colour);
  return r > g + 40 && r > b + 40;
};
const isGreenish = (colour: string) => {
  const [r, g, b] = channels(colour);
  return g > r + 30 && g > b + 30;
};

test("an error toast is red with a cross, unlike a success toast, green with a tick (spec §8)", async ({ page }) => {
  await signIn(page, "vendor_admin", "wrong-password");
  const error = page.locator(".toast-error").first();
  await expect(error).toHaveText(en("errors.LOGIN_FAILED"));
  await page.locator("#password").fill("demo1234");
  await page.getByTestId("login-submit").click();
  const success = page.locator(".toast-success").first();
  await expect(success).toHaveText(en("success.login"));
  // Both are on screen together (3 s each): what tells them apart is what a person sees.
  await expect(error).toBeVisible();

  const errorLook = await lookOf(error);
  const successLook = await lookOf(success);
  expect(errorLook.background).not.toBe(successLook.background);
  expect(errorLook.mark).not.toBe(successLook.mark);
  expect(isReddish(errorLook.icon), `error icon ${errorLook.icon}`).toBe(true);
  expect(isReddish(errorLook.text), `error text ${errorLook.text}`).toBe(true);
  expect(isReddish(errorLook.border), `error border ${errorLook.border}`).toBe(true);
  expect(isGreenish(successLook.icon), `success icon ${successLook.icon}`).toBe(true);
  expect(isReddish(successLook.text)).toBe(false);
  // The red text on its pale red stays readable.
  expect(await seriousViolations(page, "#toasts")).toEqual([]);
  await keepScreenshot(page, "toasts-error-and-success");
});
