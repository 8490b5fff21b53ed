import fs from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { SimulatedDevice } from "@washboard/device-sim";
import { apiToken, expect, keepScreenshot, signIn, test } from "../fixtures";
import { decodeQrPng } from "../support/decode-qr";
import { demoFleet, runMachine } from "../support/fleet";
import { apiCall, dialogOf, pick, rowAction, rowsOf } from "../support/ui";
import { text } from "./catalogue";

const en = (key: string) => text("en", key);

/**
 * What an operator does to a machine besides commanding it: put it on a price template (which the
 * machine receives as parameters), print its QR sticker, and start it over Bluetooth from a phone
 * standing next to it when it has no network.
 */
const machines: SimulatedDevice[] = [];
test.afterEach(async () => {
  await Promise.all(machines.splice(0).map((m) => m.disconnect().catch(() => undefined)));
});

/** A machine of the signed-in vendor outside the first demo shop (the device spec uses that one). */
async function vendorMachine(request: APIRequestContext, type: string): Promise<string> {
  const firstShop = demoFleet()[0]?.serial.split("-")[1];
  const token = await apiToken(request, "vendor_admin");
  const listed = await apiCall<{ items: { serial_number: string }[] }>(request, "/api/Vendor/get_devicelist", token, {
    machine_type: type,
    page_size: 200,
  });
  const serial = listed.items.map((d) => d.serial_number).find((s) => s.split("-")[1] !== firstShop);
  if (!serial) throw new Error(`the vendor has no ${type} outside the first demo shop`);
  return serial;
}

test("a price template assigned to a machine reaches it as parameters; its QR sticker scans to its pay link", async ({
  page,
  request,
}) => {
  const serial = await vendorMachine(request, "washer");
  const machine = await runMachine(serial);
  machines.push(machine);
  await signIn(page, "vendor_admin");
  // The first page after signing in names machine types in words, not catalogue keys.
  await expect(page.getByTestId("dashboard")).toContainText(en("machineTypes.washer"));
  await expect(page.getByTestId("dashboard")).not.toContainText("machineTypes.");
  // The Kuala Lumpur demo has more machines than a page: the operator looks the machine up.
  await page.goto("/#/shop/devices");
  const filters = page.getByTestId("device-filters");
  await filters.getByPlaceholder(en("devices.filters.searchPlaceholder")).fill(serial);
  await filters.getByTestId("filter-search").click();
  const row = rowsOf(page, "device-table", serial);
  await expect(row.getByTestId("device-online")).toHaveText(en("devices.state.online"));

  await test.step("assign 'Wash 10 kg': the machine takes its price and time", async () => {
    await (await rowAction(row, "device-price-template-assign")).click();
    const dialog = dialogOf(page, "assign-template-form");
    await pick(page, dialog.getByRole("combobox"), "Wash 10 kg", "Wash 10");
    await expect(page.getByTestId("assign-template-summary")).toContainText("RM 7.00");
    await page.getByRole("button", { name: en("devices.send") }).click();
    const outcome = page
      .getByTestId("command-batch")
      .filter({ hasText: en("devices.kinds.set_params") })
      .getByTestId("command-outcome");
    await expect(outcome.first()).toHaveAttribute("data-state", "succeeded");
    await expect(row.getByTestId("device-price-template")).toHaveText("Wash 10 kg");
    await expect.poll(() => machine.state.params).toMatchObject({ price_lo: 700, price_hi: 0, program_minutes: 35 });
  });

  await test.step("its QR sticker: a PNG that scans to the machine's pay link", async () => {
    const downloading = page.waitForEvent("download");
    await (await rowAction(row, "device-qr")).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    const png = fs.readFileSync((await download.path()) ?? "");
    expect(decodeQrPng(png)).toMatch(new RegExp(`/pay/d/${serial}$`));
  });
});

test("the public tools: the Bluetooth tool says so where the browser has no Bluetooth", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "bluetooth", { get: () => undefined, configurable: true });
  });
  await page.goto("/#/open/tools/index");
  await expect(page.getByTestId("tool-apidoc")).toBeVisible();
  await page.getByTestId("tool-bluetooth").click();
  await expect(page).toHaveURL(/\/tools#\/open\/tools\/bluetooth/);
  await expect(page.getByTestId("bluetooth-unsupported")).toContainText(en("tools.bluetooth.unsupported"));
});

test("a machine with no network starts over Bluetooth, confirmed by its own signed answer", async ({
  page,
  request,
}) => {
  const serial = await vendorMachine(request, "dryer");
  const entry = demoFleet().find((e) => e.serial === serial);
  // Never connected to the broker: only the phone reaches it.
  const machine = new SimulatedDevice(
    { serial, secret: entry?.secret ?? "", machineType: "dryer" },
    { brokerUrl: "mqtt://127.0.0.1:1", timeScale: 600 },
  );
  // The phone's Bluetooth radio, and the air between it and the machine: the page's Web Bluetooth
  // calls reach the simulated machine's GATT side.
  await page.exposeFunction("bleRead", () => JSON.stringify(machine.bluetoothInfo()));
  await page.exposeFunction("bleWrite", (frame: string) => machine.bluetoothWrite(frame));
  await page.addInitScript(() => {
    const encode = (text: string) => new DataView(new TextEncoder().encode(text).buffer);
    const bridge = window as unknown as { bleRead(): Promise<string>; bleWrite(frame: string): Promise<string> };
    const result = Object.assign(new EventTarget(), {
      value: undefined as DataView | undefined,
      startNotifications: async () => result,
    });
    const info = { readValue: async () => encode(await bridge.bleRead()) };
    const command = {
      writeValueWithResponse: async (value: Uint8Array) => {
        const answer = await bridge.bleWrite(new TextDecoder().decode(value));
        result.value = encode(answer);
        result.dispatchEvent(new Event("characteristicvaluechanged"));
      },
    };
    // Characteristic UUIDs end 0002 (info), 0003 (command), 0004 (result): docs/device-protocol.md.
    const byUuid = (uuid: string) =>
      uuid.startsWith("6e9b0002") ? info : uuid.startsWith("6e9b0003") ? command : result;
    const server = {
      connected: true,
      getPrimaryService: async () => ({ getCharacteristic: async (uuid: string) => byUuid(uuid) }),
      disconnect() {},
    };
    const bluetooth = {
      getAvailability: async () => true,
      requestDevice: async () => ({ name: "Washboard machine", gatt: { connect: async () => server } }),
    };
    Object.defineProperty(Navigator.prototype, "bluetooth", { get: () => bluetooth, configurable: true });
  });

  await signIn(page, "vendor_admin");
  // Signed in for good (the session is stored) before leaving for the tools document.
  await expect(page.getByTestId("dashboard")).toBeVisible();
  await page.goto("/tools#/open/tools/bluetooth");
  await page.getByTestId("bluetooth-connect").click();
  await expect(page.getByTestId("bluetooth-machine")).toContainText(serial);
  await expect(page.getByTestId("bluetooth-machine-state")).toHaveText(en("devices.state.idle"));
  // The signed-in vendor's currency (Kuala Lumpur: ringgit).
  await expect(page.getByTestId("bluetooth-start-form")).toContainText("MYR");
  await page.getByTestId("bluetooth-program").fill("Dry 30 minutes");
  await page.getByTestId("bluetooth-price").fill("5.00");
  await page.getByTestId("bluetooth-start").click();
  await expect(page.getByTestId("bluetooth-outcome")).toContainText(en("devices.states.succeeded"));
  await expect(page.getByTestId("bluetooth-machine-state")).toHaveText(en("devices.state.busy"));
  expect(machine.state.busy).toBe(true);
  await page.setViewportSize({ width: 375, height: 800 });
  await keepScreenshot(page, "bluetooth-start");
  await machine.disconnect();
});
