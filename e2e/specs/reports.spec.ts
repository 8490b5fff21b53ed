import { mimePart, startCapturingSmtp } from "@washboard/server/test/smtp";
import { formatMoney } from "@washboard/shared";
import ExcelJS from "exceljs";
import { apiToken, confirmDialog, expect, keepScreenshot, signIn, test } from "../fixtures";
import { apiCall, newSuffix, pick } from "../support/ui";
import { text } from "./catalogue";

/**
 * The /form/* reports as an operator reads them from the demo's data: the card business report's
 * totals row, and the Excel export whose last row holds the same totals; every built report opens
 * with its table, in Thai; a report subscribed by e-mail arrives at a local SMTP server as a
 * workbook in the language chosen.
 */
test("the card business report totals the demo's card top-ups, and its Excel export holds the same totals", async ({
  page,
}) => {
  await signIn(page, "vendor_admin");
  await page.goto("/#/form/form_card_buss");
  const table = page.getByTestId("report-table");
  await expect(table.locator("tbody tr.ant-table-row").first()).toBeVisible();
  const totals = page.getByTestId("report-totals");
  await expect(totals).toContainText(text("en", "revenue.total"));
  const totalCells = await totals.locator("td").allInnerTexts();
  const toppedUp = totalCells.find((cell) => cell.startsWith("RM"));
  expect(toppedUp).toBeTruthy();
  await keepScreenshot(page, "report-card-business");

  const downloading = page.waitForEvent("download");
  // The workbook is built in a worker, away from the page, so a large export never freezes it.
  const building = page.waitForEvent("worker");
  await table.getByTestId("table-export").click();
  await page.getByTestId("export-xlsx").click();
  expect((await building).url()).toMatch(/export-worker-[\w-]+\.js$/);
  const download = await downloading;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("the export has no sheet");
  const last: ExcelJS.Cell[] = [];
  sheet.getRow(sheet.rowCount).eachCell((cell) => last.push(cell));
  expect(last[0]?.value).toBe(text("en", "revenue.total"));
  // The same total as a number in ringgit, which reads as the screen's text in its number format.
  const topUps = last.find(
    (cell) => typeof cell.value === "number" && formatMoney(Math.round(cell.value * 100), "MYR") === toppedUp,
  );
  expect(topUps?.numFmt).toBe('"RM "#,##0.00');
});

const BUILT = [
  ["/form/form_account", "report-account-orders"],
  ["/form/form_payqr_operations", "report-payqr-operations"],
  ["/form/form_vending_machine", "report-vending-machine"],
  ["/form/form_card_buss", "report-card-business"],
  ["/form/form_point", "report-points"],
  ["/form/form_kiosk", "report-kiosk-business"],
  ["/form/form_coin_exchanger", "report-coin-exchanger"],
  ["/form/form_device_operations", "report-device-operations"],
  ["/form/form_account_manager", "report-account-manager"],
  ["/form/form_card", "report-discount-cards"],
] as const;

test("every built report opens with its period, table and totals, in Thai", async ({ page }) => {
  await signIn(page, "vendor_admin");
  await page.goto("/#/dashboard");
  await page.getByTestId("language-picker").selectOption({ label: "ไทย" });
  for (const [route, testId] of BUILT) {
    await page.goto(`/#${route}`);
    await expect(page.getByTestId(testId)).toBeVisible();
    await expect(page.getByTestId(testId).getByTestId("report-table")).toBeVisible();
    await expect(page.getByTestId(testId).getByText(text("th-th", "revenue.period"), { exact: true })).toBeVisible();
  }
  await keepScreenshot(page, "report-account-manager-th");
  // A machine can be chosen where the figures come from machines, not where they come from members.
  // (Each report stays open in its tab: look inside the one shown.)
  await page.goto("/#/form/form_vending_machine");
  await expect(page.getByTestId("report-vending-machine").getByTestId("device-log-filter-device")).toBeVisible();
  await page.goto("/#/form/form_point");
  await expect(page.getByTestId("report-points")).toBeVisible();
  await expect(page.getByTestId("report-points").getByTestId("device-log-filter-device")).toHaveCount(0);
});

test("a report subscribed by e-mail arrives at a local SMTP server, in German, as the week's workbook", async ({
  page,
  request,
}) => {
  const smtp = await startCapturingSmtp();
  try {
    const suffix = newSuffix();
    const to = `owner-${suffix}@laundry.example`;
    // The organization's mail settings point at the local server (set up as its administrator would).
    await apiCall(request, "/api/Group/update_group_email_cfg", await apiToken(request, "group_admin"), {
      send_method: "smtp",
      smtp_server: "127.0.0.1",
      auth_method: "none",
      port: smtp.port,
      username: `reports-${suffix}@laundry.example`,
      password: "",
      sender_name: "Demo Laundry Group",
      title: "",
    });

    await signIn(page, "vendor_admin");
    await page.goto("/#/form/form_card_buss");
    await page.getByTestId("report-schedule").click();
    const form = page.getByTestId("schedule-form");
    await expect(form).toBeVisible();
    await expect(page.getByTestId("schedule-list")).toContainText(text("en", "reports.schedule.empty"));
    await page.getByTestId("schedule-email").fill("not an address");
    await page.getByTestId("schedule-add").click();
    await expect(form).toContainText(text("en", "validation.email"));
    await page.getByTestId("schedule-email").fill(to);
    await pick(page, page.getByTestId("schedule-language"), "Deutsch");
    await page.getByTestId("schedule-add").click();
    const item = page.getByTestId("schedule-item").filter({ hasText: to });
    await expect(item).toBeVisible();
    await expect(item).toContainText(text("en", "reports.schedule.frequencies.weekly"));
    await expect(item).toContainText("Deutsch");
    await expect(item).toContainText(text("en", "reports.schedule.notSent"));

    await item.getByTestId("schedule-send-now").click();
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(to)).length, { timeout: 30_000 }).toBe(1);
    await expect(item.getByTestId("schedule-delivered")).toBeVisible({ timeout: 15_000 });
    await keepScreenshot(page, "report-schedule");

    const mail = smtp.received.find((m) => m.to.includes(to));
    const file = mail && mimePart(mail.raw, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    if (!file) throw new Error("the mail has no workbook");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("the workbook has no sheet");
    const header: string[] = [];
    sheet.getRow(1).eachCell((cell) => header.push(String(cell.value)));
    expect(header.slice(0, 3)).toEqual([
      text("de", "revenue.columns.day"),
      text("de", "revenue.columns.shop"),
      text("de", "reports.columns.newCards"),
    ]);

    // Removing asks first, then the address is gone.
    await item.getByTestId("schedule-remove").click();
    await confirmDialog(page, text("en", "common.confirm"));
    await expect(item).toBeHidden();
  } finally {
    await smtp.close();
  }
});
