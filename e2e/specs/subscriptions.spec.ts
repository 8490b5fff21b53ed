import { startPayPalFake } from "@washboard/server/test/paypal-fake";
import { DEMO_PASSWORD, expect, signIn, test } from "../fixtures";
import { text } from "./catalogue";

const en = (key: string) => text("en", key);
/** A counted text as i18next picks it in English: the `_one` form for one, when the catalogue has it. */
function counted(key: string, count: number): string {
  let template = en(key);
  if (count === 1) {
    try {
      template = en(`${key}_one`);
    } catch {
      // No singular form: the base text serves every count.
    }
  }
  return template.replace("{{count}}", String(count));
}

/** Where server.mjs points PayPal, with the platform app's credentials it gives the server. */
const PAYPAL_PORT = Number(process.env.E2E_PORT ?? 18080) + 4;
const PLATFORM_APP = {
  client_id: "AE2EPLATFORMCLIENT",
  client_secret: "EE2EPLATFORMSECRET",
  webhook_id: "E2EWEBHOOK0000001",
};

const warningOf = (page: import("@playwright/test").Page) =>
  page.getByRole("dialog").filter({ hasText: en("deviceWarning.title") });

test("the expiry warning leads to renewing two expiring machines through PayPal; the count drops and the receipt opens", async ({
  page,
  browser,
}) => {
  const paypal = await startPayPalFake({ port: PAYPAL_PORT, credentials: PLATFORM_APP });
  try {
    // The demo's Bangkok merchant: two machines end within the month, one ended three days ago.
    await signIn(page, "vendor2_admin", DEMO_PASSWORD, { keepSubscriptionWarning: true });
    const warning = warningOf(page);
    await expect(warning).toContainText(counted("deviceWarning.expiring", 2));
    await expect(warning).toContainText(counted("deviceWarning.expired", 1));
    await warning.getByRole("button", { name: en("deviceWarning.renew") }).click();

    const renewal = page.getByTestId("subscription-renewal-page");
    await test.step("the renewal screen opens with the warned machines chosen, on the expiring tab", async () => {
      await expect(page).toHaveURL(/#\/subscribe\/subscribe\?devices=\d+(,\d+){2}$/);
      await expect(renewal.getByTestId("subscription-selected")).toHaveText(counted("subscriptions.selected", 3));
      await expect(renewal.getByRole("tab", { selected: true })).toContainText(
        counted("subscriptions.tabs.expiring", 2),
      );
    });

    const rows = renewal.getByTestId("subscription-device-table").locator("tbody tr.ant-table-row");
    await test.step("the operator renews only the two expiring machines, for a year", async () => {
      await expect(rows).toHaveCount(2);
      await renewal.getByTestId("subscription-clear").click();
      for (const row of await rows.all()) await row.locator(".ant-checkbox-input").check();
      await expect(renewal.getByTestId("subscription-selected")).toHaveText(counted("subscriptions.selected", 2));
      await renewal.getByTestId("subscription-renew").click();
    });

    const dialog = page.getByTestId("subscription-order-dialog");
    await test.step("the order shows its price before paying: 2 machines × 1 year × THB 950", async () => {
      await expect(dialog.getByTestId("subscription-order-total")).toContainText("1,900");
      await expect(dialog.getByTestId("subscription-order-lines").locator("tbody tr.ant-table-row")).toHaveCount(2);
      await dialog.getByTestId("subscription-pay").click();
    });

    await test.step("PayPal's approval sends the operator back to the paid order", async () => {
      await expect(page).toHaveURL(/#\/subscribe\/orders\?order=\d+&result=paid$/, { timeout: 20_000 });
      await expect(page.getByTestId("subscription-payment-notice")).toContainText(en("subscriptions.paidNotice"));
      // PayPal was asked for the order's total and captured it once.
      const made = [...paypal.orders.values()];
      expect(made).toHaveLength(1);
      expect(made[0]?.purchase_units[0]?.amount).toEqual({ currency_code: "THB", value: "1900.00" });
      expect(made[0]?.status).toBe("COMPLETED");
    });

    await test.step("the receipt opens with both machines, their new end dates and the total", async () => {
      const orders = page.getByTestId("subscription-orders-page");
      await orders.getByTestId("subscription-order-table").getByTestId("subscription-order-receipt").first().click();
      const receipt = page.getByTestId("subscription-receipt");
      await expect(receipt).toBeVisible();
      await expect(receipt.getByTestId("receipt-total")).toContainText("1,900");
      await expect(receipt.getByTestId("subscription-order-lines").locator("tbody tr.ant-table-row")).toHaveCount(2);
      await expect(receipt.getByTestId("receipt-print")).toBeVisible();
    });

    await test.step("the warning does not come back in this sign-in; the next one counts only the expired machine", async () => {
      await page.reload();
      await expect(page.getByTestId("subscription-receipt")).toBeVisible();
      await expect(warningOf(page)).toHaveCount(0);
      const elsewhere = await browser.newContext();
      const other = await elsewhere.newPage();
      await signIn(other, "vendor2_admin", DEMO_PASSWORD, { keepSubscriptionWarning: true });
      const again = warningOf(other);
      await expect(again).toContainText(counted("deviceWarning.expired", 1));
      await expect(again).not.toContainText(counted("deviceWarning.expiring", 2));
      await again.getByRole("button", { name: en("deviceWarning.later") }).click();
      await expect(again).toBeHidden();
      await elsewhere.close();
    });
  } finally {
    await paypal.close();
  }
});
