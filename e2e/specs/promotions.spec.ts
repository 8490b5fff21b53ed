import type { APIRequestContext, Page } from "@playwright/test";
import type { SimulatedDevice } from "@washboard/device-sim";
import { API_KEY, apiToken, confirmDialog, expect, keepScreenshot, signIn, test } from "../fixtures";
import { runMachine } from "../support/fleet";
import { apiCall, cellOf, dialogOf, newSuffix, pick, rowAction, rowsOf, submitDialog } from "../support/ui";
import { text } from "./catalogue";

const en = (key: string) => text("en", key);

/**
 * Promotions as an operator and a customer meet them: a time-limited offer for one shop lowers that
 * shop's prices on the pay page with its reason, the customer pays the lower price, the order says
 * why and the offer counts it; a weekday-afternoon price reaches a running machine as parameters.
 */
const machines: SimulatedDevice[] = [];
test.afterEach(async () => {
  await Promise.all(machines.splice(0).map((m) => m.disconnect().catch(() => undefined)));
});

interface Device {
  id: number;
  name: string;
  serial_number: string;
}

/** The demo's pay QR code, its shop's name and a washer of the shop. */
async function demoShop(request: APIRequestContext) {
  const token = await apiToken(request, "vendor_admin");
  const codes = await apiCall<{ items: { code: string; shop_id: number }[] }>(
    request,
    "/api/v3/Payqr/get_payqr_all",
    token,
    { page_size: 50 },
  );
  const qr = codes.items[0];
  if (!qr) throw new Error("the demo has no pay QR code");
  const page = await request.post("/api/Pay/get_pay_page", {
    headers: { "api-key": API_KEY },
    data: { code: qr.code },
  });
  const shopName = ((await page.json()) as { result: { shop_name: string } }).result.shop_name;
  const listed = await apiCall<{ items: Device[] }>(request, "/api/Vendor/get_devicelist", token, {
    shop_id: qr.shop_id,
    machine_type: "washer",
    page_size: 50,
  });
  const washer = listed.items.at(-1);
  if (!washer) throw new Error("the demo shop has no washer");
  return { code: qr.code, shopName, washer, token };
}

async function openPromotions(page: Page) {
  await page.goto("/#/promotion/promotion");
  await expect(page.getByTestId("promotions-page")).toBeVisible();
}

test("a 30 % offer for one shop: the pay page shows the lower price and why, the order keeps it, the offer counts it", async ({
  page,
  browser,
  request,
}) => {
  const { code, shopName, washer } = await demoShop(request);
  const machine = await runMachine(washer.serial_number, { timeScale: 60 });
  machines.push(machine);
  const name = `Rainy week ${newSuffix()}`;

  await signIn(page, "vendor_admin");
  await test.step("the operator creates a 30 % time-limited offer for the shop", async () => {
    await openPromotions(page);
    await page.getByTestId("promotion-add-timelimit").click();
    const dialog = dialogOf(page, "promotion-form");
    await dialog.getByTestId("promotion-name").fill(name);
    await pick(page, dialog.getByTestId("promotion-shops").getByRole("combobox"), shopName);
    await dialog.getByTestId("promotion-percent-off").fill("30");
    await keepScreenshot(page, "promotion-create");
    await submitDialog(page, dialog, "success.add");
    const row = rowsOf(page, "promotion-table-timelimit", name);
    await expect(row).toContainText(en("promotions.states.active"));
  });

  const phone = await browser.newContext({ viewport: { width: 375, height: 760 } });
  const customer = await phone.newPage();
  let listPrice = 0;
  let orderNo = "";
  await test.step("the customer sees the shop's price 30 % lower, with the offer named, and pays it", async () => {
    await customer.goto(`/pay/qr/${code}`);
    const choice = customer.getByTestId("pay-machines").locator("li").filter({ hasText: washer.name });
    await expect(choice).toContainText(text("en", "pay.states.idle"), { timeout: 20_000 });
    await choice.locator("input").check();
    const program = customer.getByTestId("pay-programs").locator("li").first();
    await expect(program.getByTestId("pay-reason")).toHaveText(
      text("en", "pay.adjustments.promotion").replace("{{name}}", name),
    );
    await expect(program.getByTestId("pay-list-price")).toBeVisible();
    const shown = await request.post("/api/Pay/get_pay_page", { headers: { "api-key": API_KEY }, data: { code } });
    const machines = (
      (await shown.json()) as {
        result: { machines: { id: number; programs: { list_price: number; price: number }[] }[] };
      }
    ).result.machines;
    const priced = machines.find((m) => m.id === washer.id)?.programs[0];
    listPrice = priced?.list_price ?? 0;
    expect(priced?.price).toBe(listPrice - Math.floor((listPrice * 30) / 100));
    await keepScreenshot(customer, "pay-offer");
    await program.locator("input").check();
    await customer
      .getByTestId("pay-providers")
      .locator("li")
      .filter({ hasText: text("en", "pay.sandbox") })
      .locator("input")
      .check();
    await customer.getByTestId("pay-submit").click();
    await expect(customer.getByTestId("pay-sandbox")).toBeVisible();
    orderNo = decodeURIComponent(new URL(customer.url()).pathname.split("/").pop() ?? "");
    await customer.getByTestId("pay-sandbox-pay").click();
    await expect(customer.getByTestId("pay-status")).toHaveAttribute("data-start", "started", { timeout: 20_000 });
    await expect(customer.getByTestId("pay-breakdown")).toContainText(name);
  });
  await phone.close();

  await test.step("the order shows the discount, and the offer's counter rises", async () => {
    await page.goto("/#/order/sandbox");
    await expect(rowsOf(page, "orders-table", orderNo)).toContainText(name);
    await openPromotions(page);
    // The list read a moment ago is kept for half a minute: the operator refreshes it.
    await page.getByTestId("table-refresh").filter({ visible: true }).first().click();
    const row = rowsOf(page, "promotion-table-timelimit", name);
    // Times applied: this one order; what it cost: the 30 % of the list price (ringgit, two decimals).
    await expect(await cellOf(page, "promotion-table-timelimit", row, en("promotions.fields.appliedCount"))).toHaveText(
      "1",
    );
    const cost = Math.floor((listPrice * 30) / 100);
    await expect(await cellOf(page, "promotion-table-timelimit", row, en("promotions.fields.cost"))).toContainText(
      (cost / 100).toFixed(2),
    );
    await keepScreenshot(page, "promotion-counted");
  });

  await test.step("the offer is removed after a confirmation", async () => {
    const row = rowsOf(page, "promotion-table-timelimit", name);
    await (await rowAction(row, "promotion-remove")).click();
    await confirmDialog(page, en("common.confirm"));
    await expect(rowsOf(page, "promotion-table-timelimit", name)).toHaveCount(0);
  });
});

test("a weekday-afternoon price for washers reaches a running machine as parameters", async ({ page, request }) => {
  const { shopName, washer } = await demoShop(request);
  const machine = await runMachine(washer.serial_number);
  machines.push(machine);
  const name = `Quiet afternoons ${newSuffix()}`;

  await signIn(page, "vendor_admin");
  await openPromotions(page);
  await page.getByTestId("promotion-tab-windows").click();
  await page.getByTestId("price-window-add").click();
  const dialog = dialogOf(page, "price-window-form");
  await dialog.getByTestId("price-window-name").fill(name);
  const days = dialog.getByTestId("price-window-days");
  for (const day of ["Mon", "Tue", "Wed", "Thu", "Fri"]) await days.getByLabel(day, { exact: true }).check();
  for (const day of ["Sat", "Sun"]) await days.getByLabel(day, { exact: true }).uncheck();
  for (const [label, time] of [
    [en("promotions.windows.from"), "14:00"],
    [en("promotions.windows.to"), "17:00"],
  ] as const) {
    const input = dialog.getByLabel(label, { exact: true });
    await input.click();
    await input.fill(time);
    await input.press("Enter");
  }
  await dialog.getByTestId("price-window-percent").fill("20");
  await pick(page, dialog.getByTestId("price-window-shops").getByRole("combobox"), shopName);
  await pick(page, dialog.getByTestId("price-window-types").getByRole("combobox"), en("machineTypes.washer"));
  await keepScreenshot(page, "price-window-create");
  await submitDialog(page, dialog, "success.add");

  // The machine holds the window as its parameters: Monday to Friday, 14:00 to 17:00, 20 % off.
  await expect
    .poll(() => machine.state.params, { timeout: 20_000 })
    .toMatchObject({ tod_count: 1, tod1_days: 0b0111110, tod1_from: 840, tod1_to: 1020, tod1_pct: 20 });
  const row = rowsOf(page, "price-window-table", name);
  // The list counted the machines when the price was saved; once the machine reports, a refresh says so.
  await expect(async () => {
    await page.getByTestId("table-refresh").filter({ visible: true }).first().click();
    await expect(row.getByTestId("price-window-applied")).toContainText(/^[1-9]/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await keepScreenshot(page, "price-window-applied");

  await (await rowAction(row, "price-window-remove")).click();
  await confirmDialog(page, en("common.confirm"));
  await expect.poll(() => machine.state.params.tod_count, { timeout: 20_000 }).toBe(0);
});
