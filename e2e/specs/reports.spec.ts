import ExcelJS from "exceljs";
import { expect, keepScreenshot, signIn, test } from "../fixtures";
import { text } from "./catalogue";

/**
 * The /form/* reports as an operator reads them from the demo's data: the card business report's
 * totals row, and the Excel export whose last row holds the same totals; every built report opens
 * with its table, in Thai.
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
  await table.getByTestId("table-export").click();
  await page.getByTestId("export-xlsx").click();
  const download = await downloading;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("the export has no sheet");
  const last: string[] = [];
  sheet.getRow(sheet.rowCount).eachCell((cell) => last.push(String(cell.value)));
  expect(last[0]).toBe(text("en", "revenue.total"));
  expect(last).toContain(toppedUp);
});

const BUILT = [
  ["/form/form_account", "report-account-orders"],
  ["/form/form_payqr_operations", "report-payqr-operations"],
  ["/form/form_vending_machine", "report-vending-machine"],
  ["/form/form_card_buss", "report-card-business"],
  ["/form/form_point", "report-points"],
  ["/form/form_device_operations", "report-device-operations"],
  ["/form/form_account_manager", "report-account-manager"],
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
});
