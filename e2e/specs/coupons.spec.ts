import { readFileSync } from "node:fs";
import { confirmDialog, expect, signIn, test } from "../fixtures";
import { decodeQrPng } from "../support/decode-qr";
import { dialogOf, newSuffix, rowAction, rowsOf, submitDialog } from "../support/ui";
import { text } from "./catalogue";

/**
 * Coupons and invitations as a merchant uses them (spec §3 Coupon and Invitation link): a coupon is
 * defined with a code of the merchant's own, given to a member, switched off after a confirmation,
 * and an invitation link for another one shows its copyable link and a poster whose QR code carries it.
 */
test.describe.configure({ mode: "serial" });

/** An English catalogue text with its {{placeholders}} filled. */
const en = (key: string, params: Record<string, string | number> = {}) =>
  text("en", key).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => String(params[name] ?? whole));

test("a coupon is defined, given to a chosen member and switched off, its state shown", async ({ page }) => {
  const code = `E2E${newSuffix().toUpperCase()}`;
  await signIn(page, "vendor_admin");
  await page.goto("/#/promotion/coupons");
  await page.getByTestId("coupon-add").click();
  const form = dialogOf(page, "coupon-form");
  await form.getByTestId("coupon-code").fill(code.toLowerCase());
  await form.getByTestId("coupon-name").fill("Browser test coupon");
  await form.getByTestId("coupon-rate").fill("15");
  await submitDialog(page, form, "success.add");
  const row = rowsOf(page, "coupon-table", code);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(en("coupons.worth.rate", { rate: 15 }));

  await (await rowAction(row, "coupon-give")).click();
  const give = page.getByRole("dialog").filter({ has: page.getByTestId("coupon-give-form") });
  await give.getByTestId("coupon-give-members").click();
  await page.keyboard.type("6012");
  const option = page.locator(".ant-select-item-option").filter({ visible: true }).first();
  await expect(option).toBeVisible();
  await option.click();
  // A multiple choice stays open after a pick, over the dialog's buttons: close it first.
  await page.keyboard.press("Escape");
  await expect(page.locator(".ant-select-dropdown").filter({ visible: true })).toHaveCount(0);
  await give.getByRole("button", { name: en("coupons.give.submit") }).click();
  await expect(
    page
      .locator(".toast-success")
      .filter({ hasText: en("coupons.give.given", { count: 1 }) })
      .first(),
  ).toBeVisible();
  await expect(row.locator("td").filter({ hasText: /^1$/ }).first()).toBeVisible();

  await (await rowAction(row, "coupon-toggle")).click();
  await confirmDialog(page, en("common.confirm"));
  await expect(row.getByTestId("coupon-status")).toHaveText(en("coupons.status.invalid"));
});

test("an invitation link is created, its link copyable, and its poster's QR code carries the link", async ({
  page,
}) => {
  await signIn(page, "vendor_admin");
  await page.goto("/#/promotion/invitations");
  await page.getByTestId("invitation-add").click();
  const form = dialogOf(page, "invitation-form");
  await form.getByTestId("invitation-coupon").click();
  await page.locator(".ant-select-item-option").filter({ visible: true, hasText: "WELCOME" }).first().click();
  await form.getByTestId("invitation-quantity").fill("20");
  await submitDialog(page, form, "success.add");
  const row = page.getByTestId("invitation-table").locator("tr.ant-table-row").first();
  await expect(row.getByTestId("invitation-status")).toHaveText(en("invitations.status.valid"));
  await expect(row).toContainText(en("invitations.receivedOf", { received: 0, quantity: 20 }));
  const code = (await row.locator("td").first().innerText()).trim();

  await (await rowAction(row, "invitation-poster")).click();
  await expect(page.getByTestId("invitation-poster-image")).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByTestId("invitation-poster-download").click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`invitation-${code}.png`);
  expect(decodeQrPng(readFileSync(await file.path()))).toMatch(new RegExp(`/m/invite/${code}$`));
});
