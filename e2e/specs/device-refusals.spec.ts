import mqtt from "mqtt";
import { apiToken, expect, keepScreenshot, signIn, test } from "../fixtures";
import { demoFleet } from "../support/fleet";
import { apiCall, rowsOf } from "../support/ui";
import { text } from "./catalogue";

const de = (key: string, params: Record<string, string> = {}) =>
  Object.entries(params).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), text("de", key));

/**
 * An operator lowers the ceiling per cycle in the money-limits dialog, a machine reports a sale
 * above it, and the device log says — in the operator's language — that the message was refused
 * and no order was made; a sale below it is booked. The ceilings go back to their defaults after.
 */
test("a sale above the vendor's ceiling is refused and shown in the device log, in German", async ({
  page,
  request,
}) => {
  const token = await apiToken(request, "vendor_admin");
  const washer = demoFleet().find((e) => e.machine_type === "washer" && e.serial.startsWith("WB-1-"));
  if (!washer) throw new Error("no washer of the first demo shop");
  const port = Number(process.env.E2E_PORT ?? 18080);
  const machine = await mqtt.connectAsync(`mqtt://127.0.0.1:${port + 1}`, {
    clientId: washer.serial,
    username: washer.serial,
    password: washer.secret,
    reconnectPeriod: 0,
  });
  try {
    await page.goto("/#/login");
    await page.getByTestId("language-picker").selectOption({ label: "Deutsch" });
    await signIn(page, "vendor_admin");
    await page.goto("/#/shop/devices");

    await test.step("the ceiling per cycle goes down to RM 50.00 in the dialog", async () => {
      await page.getByTestId("device-money-limits").click();
      const dialog = page.getByRole("dialog").filter({ has: page.getByTestId("money-limits-form") });
      await dialog.getByTestId("money-limit-cycle-default").uncheck();
      await dialog.getByTestId("money-limit-cycle").fill("50");
      await keepScreenshot(page, "money-limits-de");
      await dialog.getByRole("button", { name: text("de", "common.save") }).click();
      await expect(dialog).toBeHidden();
      const limits = await apiCall<{ max_cycle_amount: number }>(request, "/api/Device/get_money_limits", token);
      expect(limits.max_cycle_amount).toBe(5_000);
    });

    await test.step("the machine sells once below and once above it", async () => {
      const now = Math.floor(Date.now() / 1000);
      const sale = (id: string, price: number) =>
        JSON.stringify({
          v: 1,
          id,
          ts: now,
          type: "cycle_started",
          program: "Heiß",
          price,
          minutes: 30,
          start_type: "coins",
        });
      const suffix = Date.now().toString(36);
      await machine.publishAsync(`wb/v1/d/${washer.serial}/event`, sale(`e2e-ok-${suffix}`, 700), { qos: 1 });
      await machine.publishAsync(`wb/v1/d/${washer.serial}/event`, sale(`e2e-over-${suffix}`, 6_000), { qos: 1 });
    });

    await test.step("the device log names the refusal and what it means", async () => {
      await page.goto("/#/log/log_dev");
      const refused = rowsOf(page, "device-log-table", washer.serial).filter({
        has: page.getByTestId("device-log-refused"),
      });
      await expect(refused.first()).toBeVisible();
      await expect(refused.first()).toContainText(de("deviceLog.refusals.cycle_ceiling"));
      await expect(refused.first().getByTestId("device-log-note").first()).toHaveText(
        de("deviceLog.refusalNotes.cycle_ceiling"),
      );
      await keepScreenshot(page, "device-log-refused-de");
    });
  } finally {
    await machine.endAsync().catch(() => undefined);
    await apiCall(request, "/api/Device/set_money_limits", token, { max_cycle_amount: null, max_top_up_amount: null });
  }
});
