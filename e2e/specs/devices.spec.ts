import type { Page } from "@playwright/test";
import type { SimulatedDevice } from "@washboard/device-sim";
import { apiToken, confirmDialog, expect, keepScreenshot, signIn, test } from "../fixtures";
import { demoFleet, runMachine } from "../support/fleet";
import { apiCall, dialogOf, pick, rowAction, rowsOf, submitDialog } from "../support/ui";
import { text } from "./catalogue";

const en = (key: string) => text("en", key);

/**
 * Machines that really answer: a demo machine runs as a simulated device against the server's
 * broker, and every button on /shop/devices acts on it over MQTT; what the screen shows is what the
 * machine answered, arriving live without a reload.
 */
const machines: SimulatedDevice[] = [];
test.afterEach(async () => {
  await Promise.all(machines.splice(0).map((m) => m.disconnect().catch(() => undefined)));
});

/**
 * The device list narrowed to one machine: the Kuala Lumpur demo has some sixty machines, more than
 * a page, so a machine is found by its serial as an operator finds it.
 */
async function showDevice(page: Page, serial: string) {
  await page.goto("/#/shop/devices");
  // The device list's own filters: another list kept open in a tab has a search box too.
  const filters = page.getByTestId("device-filters");
  await filters.getByPlaceholder(en("devices.filters.searchPlaceholder")).fill(serial);
  await filters.getByTestId("filter-search").click();
}

/** The first shop's washer and dryer (Bubbles Bangsar, Kuala Lumpur). */
function firstShopSerials() {
  const fleet = demoFleet();
  const firstShop = fleet[0]?.serial.split("-")[1];
  const inShop = fleet.filter((e) => e.serial.split("-")[1] === firstShop);
  const washer = inShop.find((e) => e.machine_type === "washer")?.serial;
  const dryer = inShop.find((e) => e.machine_type === "dryer")?.serial;
  if (!washer || !dryer) throw new Error("the demo fleet has no washer and dryer in its first shop");
  return { washer, dryer, shopSize: inShop.length };
}

test("restart and remote start a machine from the device list, and watch it change live", async ({ page }) => {
  const { washer } = firstShopSerials();
  const machine = await runMachine(washer);
  machines.push(machine);
  await signIn(page, "vendor_admin");
  await showDevice(page, washer);
  const row = rowsOf(page, "device-table", washer);
  await expect(row.getByTestId("device-online")).toHaveText(en("devices.state.online"));

  await test.step("restart: confirmed, sent, answered", async () => {
    await row.getByTestId("device-restart").click();
    await confirmDialog(page, en("common.confirm"));
    const outcome = page.getByTestId("command-outcome").filter({ hasText: washer }).first();
    await expect(outcome).toHaveAttribute("data-state", "succeeded");
  });

  await test.step("remote start: the machine runs, and the list says busy without a reload", async () => {
    await (await rowAction(row, "device-start")).click();
    await page.getByTestId("remote-start-program").fill("Quick wash");
    await page.getByTestId("remote-start-price").fill("0");
    // Ten hours of washing: a minute at the simulator's pace, long enough to watch.
    await page.getByRole("dialog").getByRole("spinbutton").fill("600");
    await page.getByRole("button", { name: en("devices.send") }).click();
    const started = page
      .getByTestId("command-batch")
      .filter({ hasText: en("devices.kinds.remote_start") })
      .getByTestId("command-outcome");
    await expect(started.first()).toHaveAttribute("data-state", "succeeded");
    await expect(row.getByTestId("device-busy")).toHaveText(en("devices.state.busy"));
    await keepScreenshot(page, "device-started");
  });

  await test.step("the machine drops off the network: the list shows it offline within seconds", async () => {
    await machine.disconnect({ abrupt: true });
    await expect(row.getByTestId("device-online")).toHaveText(en("devices.state.offline"), { timeout: 10_000 });
  });

  await test.step("a remote start to the offline machine fails at once, saying why", async () => {
    await (await rowAction(row, "device-start")).click();
    await page.getByTestId("remote-start-program").fill("Quick wash");
    await page.getByTestId("remote-start-price").fill("0");
    await page.getByRole("button", { name: en("devices.send") }).click();
    const failed = page.getByTestId("command-outcome").filter({ hasText: en("devices.reasons.offline") });
    await expect(failed.first()).toHaveAttribute("data-state", "failed");
  });
});

test("a bulk cash-box audit of a whole shop answers machine by machine", async ({ page }) => {
  const { washer, dryer, shopSize } = firstShopSerials();
  machines.push(await runMachine(washer), await runMachine(dryer));
  machines[0]?.insertCoins(500);
  await signIn(page, "vendor_admin");
  await showDevice(page, washer);
  await expect(rowsOf(page, "device-table", washer).getByTestId("device-online")).toHaveText(
    en("devices.state.online"),
  );
  // The whole shop: the search box emptied, the shop chosen.
  await page.getByTestId("device-filters").getByPlaceholder(en("devices.filters.searchPlaceholder")).fill("");
  await pick(page, page.getByRole("combobox", { name: en("devices.fields.shop") }), "Bubbles Bangsar", "Bangsar");
  await page.getByRole("button", { name: en("common.search") }).click();
  await page.getByTestId("device-bulk-shop").click();
  await page.getByRole("menuitem", { name: en("devices.kinds.cashbox_audit") }).click();
  const batch = page
    .getByTestId("command-batch")
    .filter({ hasText: en("devices.kinds.cashbox_audit") })
    .first();
  await expect(batch.getByTestId("command-outcome")).toHaveCount(shopSize);
  // The two running machines answer; the others wait for their machines to come online.
  await expect(batch.locator('[data-testid="command-outcome"][data-state="succeeded"]')).toHaveCount(2);
  await expect(batch.locator('[data-testid="command-outcome"][data-state="queued"]')).toHaveCount(shopSize - 2);
  await expect(batch.getByTestId("command-outcome").filter({ hasText: washer })).toContainText("RM 5.00");
  await keepScreenshot(page, "device-bulk-audit");

  // The coins the washer took are in the device log.
  await page.goto("/#/log/log_dev");
  const coins = rowsOf(page, "device-log-table", washer).filter({ hasText: en("deviceLog.types.coin_inserted") });
  await expect(coins.first()).toContainText("RM 5.00");
  await keepScreenshot(page, "device-log");
});

test("a machine the group takes out of its shop is a wild device until the merchant binds it again", async ({
  page,
  request,
}) => {
  const { dryer } = firstShopSerials();
  const vendorToken = await apiToken(request, "vendor_admin");
  const listed = await apiCall<{ items: { id: number; serial_number: string }[] }>(
    request,
    "/api/Vendor/get_devicelist",
    vendorToken,
    { search: dryer },
  );
  const deviceId = listed.items.find((d) => d.serial_number === dryer)?.id;
  expect(deviceId).toBeTruthy();
  await apiCall(request, "/api/Group/unbind_device", await apiToken(request, "group_admin"), { device_id: deviceId });

  await signIn(page, "vendor_admin");
  await page.goto("/#/ydevice/ydevice");
  const row = rowsOf(page, "wild-device-table", dryer);
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: en("wildDevices.actions.bind") }).click();
  const dialog = dialogOf(page, "wild-bind-form");
  await pick(page, dialog.getByRole("combobox"), "Bubbles Bangsar", "Bangsar");
  await submitDialog(page, dialog, "success.bind");
  await expect(row).toHaveCount(0);
  await showDevice(page, dryer);
  await expect(rowsOf(page, "device-table", dryer)).toContainText("Bubbles Bangsar");
});
