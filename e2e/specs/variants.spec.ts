import { API } from "@washboard/shared";
import { apiToken, DEMO_PASSWORD, expect, keepScreenshot, menuLabels, signIn, test } from "../fixtures";
import { apiCall, newSuffix, signOut } from "../support/ui";
import { text } from "./catalogue";

const en = (key: string) => text("en", key);

/**
 * Vendor variants (spec §6, §2 "routes can be added at runtime"): a group makes a merchant a car
 * wash; its administrator's console applies the variant's route map at sign-in — the machines'
 * screens renamed, the bays' events added under the shops — and its role editor has no points or
 * good-news keys.
 */
test("a car-wash merchant's console renames and adds routes at sign-in and hides the variant's promotion keys", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const suffix = newSuffix();
  const ADMIN = `e2e_cw_${suffix}`;
  const ADMIN_PASSWORD = `Cw${suffix}!x`;

  await test.step("the group makes a car-wash merchant and its administrator through the API", async () => {
    const token = await apiToken(request, "group_admin");
    const vendor = await apiCall<{ vendor_id: number; variant: string }>(request, API.vendorAdmin.create.path, token, {
      name: `E2E Car Wash ${suffix}`,
      real_name: "Nattapong Srisuk",
      id_number: `CW-${suffix}`,
      phone: "+66 2 123 4567",
      home_page: `https://${suffix}.carwash.example`,
      settlement_cycle_days: 7,
      fee_rate_coins: 0.05,
      fee_rate_no_coins: 0.1,
      currency: "THB",
      language: "en",
      time_zone: "Asia/Bangkok",
      coin_denomination: 1000,
      variant: "car_wash",
    });
    expect(vendor.variant).toBe("car_wash");
    await apiCall(request, API.vendorAccounts.create.path, token, {
      vendor_id: vendor.vendor_id,
      username: ADMIN,
      nickname: `Car wash ${suffix}`,
      email: `${ADMIN}@carwash.example`,
      password: ADMIN_PASSWORD,
      confirm_password: ADMIN_PASSWORD,
    });
  });

  await test.step("its administrator's menu shows the bays, their revenue and their events", async () => {
    await signIn(page, ADMIN, ADMIN_PASSWORD);
    await expect(page.getByTestId("dashboard")).toBeVisible();
    const sidebar = page.locator(".sidebar");
    await sidebar.getByText(en("menu.shop"), { exact: true }).click();
    await expect(sidebar.getByText(en("routes.car_wash_devices"), { exact: true })).toBeVisible();
    await expect(sidebar.getByText(en("routes.car_wash_bay_events"), { exact: true })).toBeVisible();
    await expect(sidebar.getByText(en("routes.devices"), { exact: true })).toHaveCount(0);
    await sidebar.getByText(en("menu.income_report"), { exact: true }).click();
    await expect(sidebar.getByText(en("routes.car_wash_income_device"), { exact: true })).toBeVisible();
    expect(await menuLabels(page)).toContain(en("menu.shop"));
    await keepScreenshot(page, "car-wash-menu");
  });

  await test.step("the added route opens the device log's screen under its own title", async () => {
    await page.locator(".sidebar").getByText(en("routes.car_wash_bay_events"), { exact: true }).click();
    await expect(page).toHaveURL(/#\/shop\/bay_events$/);
    await expect(page.locator("h1:visible")).toHaveText(en("routes.car_wash_bay_events"));
    await expect(page).toHaveTitle(new RegExp(`^${en("routes.car_wash_bay_events")} - `));
    await page.goto("/#/shop/devices");
    await expect(page.locator("h1:visible")).toHaveText(en("routes.car_wash_devices"));
  });

  await test.step("the role editor has no points or good-news keys", async () => {
    await page.goto("/#/account/role");
    await page.getByTestId("role-add").click();
    const tree = page.getByTestId("permission-tree");
    await expect(tree.getByTestId("perm-op_timelimit")).toBeVisible();
    for (const key of ["op_dis_point", "op_point", "op_goodnews"])
      await expect(tree.getByTestId(`perm-${key}`)).toHaveCount(0);
    await keepScreenshot(page, "car-wash-role-tree");
  });

  await test.step("a laundry's administrator still sees the table's routes after the car wash signs out", async () => {
    // The role dialog is closed (its fade-out ended) before the account menu is opened over it.
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("permission-tree")).toBeHidden();
    await signOut(page);
    await signIn(page, "vendor_admin", DEMO_PASSWORD);
    await expect(page.getByTestId("dashboard")).toBeVisible();
    const sidebar = page.locator(".sidebar");
    await sidebar.getByText(en("menu.shop"), { exact: true }).click();
    await expect(sidebar.getByText(en("routes.devices"), { exact: true })).toBeVisible();
    await expect(sidebar.getByText(en("routes.car_wash_bay_events"), { exact: true })).toHaveCount(0);
  });
});
