import { readFileSync } from "node:fs";
import { confirmDialog, expect, signIn, test } from "../fixtures";
import { seriousViolations } from "../support/axe";
import { decodeQrPng } from "../support/decode-qr";
import { dialogOf, newSuffix, rowAction, rowsOf, submitDialog } from "../support/ui";
import { text } from "./catalogue";

/**
 * Coupons and invitations as a merchant uses them (spec §3 Coupon and Invitation link): a coupon is
 * defined with a code of the merchant's own, given to a member, switched off after a confirmation,
 * and an invitation link for another one shows its copyable link and a poster whose QR code carries it;
 * a customer opening that link registers and holds the coupon, once.
 */
test.describe.configure({ mode: "serial" });

/** The invitation link the poster test made, which the customer's test opens. */
let inviteCode = "";

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
  inviteCode = code;
});

test("a customer opens the invitation link on a phone, registers and holds the coupon; back again, signing in is told it is claimed already", async ({
  page,
  browser,
}) => {
  expect(inviteCode, "the poster test's link").not.toBe("");
  const phone = `6019${String(Date.now()).slice(-7)}`;
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: "en-US" });
  const customer = await context.newPage();

  await test.step("the link's page shows the vendor and the coupon, and takes a new customer's registration", async () => {
    await customer.goto(`/m/invite/${inviteCode}`);
    await expect(customer.getByRole("heading", { level: 1, name: "Demo Laundry Kuala Lumpur" })).toBeVisible({
      timeout: 20_000,
    });
    await expect(customer.getByText(en("pay.invite.from"))).toBeVisible();
    await expect(customer.getByTestId("invite-until")).toBeVisible();
    expect(await seriousViolations(customer)).toEqual([]);
    await customer.getByLabel(en("pay.invite.registerMode")).check();
    await customer.getByLabel(en("pay.invite.phone")).fill(phone);
    await customer.getByLabel(en("pay.invite.pin")).fill("12");
    await customer.getByRole("button", { name: en("pay.invite.registerSubmit") }).click();
    // The member app's rule, said under the field before anything is sent.
    await expect(customer.getByText(en("pay.validation.memberPin"))).toBeVisible();
    await expect(customer.getByLabel(en("pay.invite.pin"))).toBeFocused();
    await customer.getByLabel(en("pay.invite.pin")).fill("2580");
    await customer.getByLabel(en("pay.invite.name")).fill("Browser guest");
    await customer.getByRole("button", { name: en("pay.invite.registerSubmit") }).click();
    const claimed = customer.getByTestId("invite-claimed");
    await expect(claimed.getByRole("heading", { name: en("pay.invite.yours") })).toBeVisible();
    await expect(claimed).toBeFocused();
    await expect(claimed).toContainText(en("pay.invite.couponCode", { code: "" }).trim());
    // Nothing wider than the phone: no sideways scrolling at 360 px.
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  await test.step("opened again, the member signs in and is told the coupon is claimed already", async () => {
    await customer.goto(`/m/invite/${inviteCode}`);
    await customer.getByLabel(en("pay.invite.phone")).fill(phone);
    await customer.getByLabel(en("pay.invite.pin")).fill("2580");
    await customer.getByRole("button", { name: en("pay.invite.signInSubmit") }).click();
    await expect(customer.getByRole("alert")).toHaveText(en("pay.invite.alreadyClaimed"));
    await expect(customer.getByRole("alert")).toBeFocused();
  });
  await context.close();

  await test.step("the console counts the claim", async () => {
    await signIn(page, "vendor_admin");
    await page.goto("/#/promotion/invitations");
    const row = rowsOf(page, "invitation-table", inviteCode);
    await expect(row).toContainText(en("invitations.receivedOf", { received: 1, quantity: 20 }));
  });
});
