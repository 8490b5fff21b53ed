import { addMonths, formatMoney, localDate, nowSeconds } from "@washboard/shared";
import ExcelJS from "exceljs";
import { apiToken, expect, keepScreenshot, signIn, test } from "../fixtures";
import { apiCall } from "../support/ui";
import { text } from "./catalogue";

/**
 * Revenue as an operator reads it, from the demo's ninety days of orders: the month table's total
 * is the orders' net the API reports, the Excel export holds the same total (a number in ringgit), and every revenue
 * screen draws its charts and tables — in Chinese, and at phone width.
 */
const KL = "Asia/Kuala_Lumpur";

test("income by month: the chart draws, the table's total is the net of the orders, and the Excel export says the same", async ({
  page,
  request,
}) => {
  const token = await apiToken(request, "vendor_admin");
  const month = localDate(nowSeconds(), KL).slice(0, 7);
  const answer = await apiCall<{ items: { net: number; currency: string }[] }>(
    request,
    "/api/v3/Revenue/get_vendor_earnings_month",
    token,
    { from: addMonths(month, -11), to: month },
  );
  const net = answer.items.reduce((sum, row) => sum + row.net, 0);
  expect(net).toBeGreaterThan(0);
  const expected = formatMoney(net, "MYR");

  await signIn(page, "vendor_admin");
  await page.goto("/#/income_report/income_total");
  const chart = page.getByTestId("income-total-chart");
  await expect(chart.locator("svg")).toBeVisible();
  await expect(chart.getByTestId("chart-bar").first()).toBeVisible();
  await expect(page.getByTestId("report-totals")).toContainText(expected);
  // The pointer on the chart shows the exact figures of that month, each amount on one line.
  // The tallest bar: the current month's may be a sliver early in the month, too thin to point at.
  const bars = chart.getByTestId("chart-bar");
  const heights = await bars.evaluateAll((rects) => rects.map((rect) => Number(rect.getAttribute("height"))));
  await bars.nth(heights.indexOf(Math.max(...heights))).hover();
  await expect(chart.getByTestId("chart-tooltip-value").first()).toContainText("RM");
  await expect(chart.getByTestId("chart-tooltip-value").first()).toHaveCSS("white-space", "nowrap");
  await keepScreenshot(page, "income-total-en");

  const downloading = page.waitForEvent("download");
  await page.getByTestId("income-total-table").getByTestId("table-export").click();
  await page.getByTestId("export-xlsx").click();
  const download = await downloading;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("the export has no sheet");
  const cells: ExcelJS.Cell[] = [];
  sheet.getRow(sheet.rowCount).eachCell((cell) => cells.push(cell));
  expect(cells[0]?.value).toBe(text("en", "revenue.total"));
  const netCell = cells.find((cell) => cell.value === net / 100);
  expect(netCell?.numFmt).toBe('"RM "#,##0.00');
});

const SCREENS = [
  { route: "/income_report/income_shop", testId: "income-shop-page", chart: "income-shop-chart" },
  { route: "/income_report/income_other", testId: "income-other-page", chart: "income-other-chart" },
  { route: "/income_report/income_device", testId: "income-device-page", chart: null },
  { route: "/income_report/expend", testId: "expend-page", chart: "expend-chart-type" },
  { route: "/datacenter/dc_statistic", testId: "datacenter-page", chart: "dc-years-chart" },
  { route: "/dashboard", testId: "dashboard-revenue", chart: "dashboard-trend" },
] as const;

test("every revenue screen draws its chart and table in Chinese", async ({ page }) => {
  await signIn(page, "vendor_admin");
  await page.goto("/#/dashboard");
  await page.getByTestId("language-picker").selectOption({ label: "简体中文" });
  for (const screen of SCREENS) {
    await page.goto(`/#${screen.route}`);
    await expect(page.getByTestId(screen.testId)).toBeVisible();
    if (screen.chart) {
      const chart = page.getByTestId(screen.chart);
      await expect(chart.locator("svg")).toBeVisible();
      // Something drawn: the bars, or the trend's point for each of its 30 days.
      if (screen.chart === "dashboard-trend") await expect(chart.getByTestId("chart-point")).toHaveCount(30);
      else await expect(chart.getByTestId("chart-bar").first()).toBeVisible();
    }
    await expect(page.locator(".toast-error")).toHaveCount(0);
    await keepScreenshot(page, `revenue-zh-cn-${screen.route.split("/").at(-1)}`);
  }
});

test("the data center at phone width names every one of the top five shops", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, "vendor_admin");
  await page.goto("/#/datacenter/dc_statistic");
  const rows = page.getByTestId("dc-top-table").locator("tbody tr.ant-table-row");
  await expect(rows.first()).toBeVisible();
  const shops = (await rows.locator("td:first-child").allInnerTexts()).map((name) => name.trim());
  const chart = page.getByTestId("dc-top-chart");
  await expect(chart.getByTestId("chart-bar")).toHaveCount(shops.length);
  // Each shop's name shows, cut to the width if need be, whole in its title (the browser's hover text).
  const labels = chart.getByTestId("chart-category-label");
  await expect(labels).toHaveCount(shops.length);
  expect(await labels.locator("title").allTextContents()).toEqual(shops);
  for (const label of await labels.all()) await expect(label).toBeVisible();
  await expect(page.getByTestId("dc-heatmap").getByTestId("chart-cell")).toHaveCount(7 * 24);
  await keepScreenshot(page, "datacenter-375");
});

test("income by shop at phone width, for the group across its vendors", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, "group_admin");
  await page.goto("/#/income_report/income_shop");
  await expect(page.getByTestId("income-shop-table").locator("tr.ant-table-row").first()).toBeVisible();
  // Two vendors in two currencies: no chart adds them up; the note says so.
  await expect(page.getByText(text("en", "revenue.currencyNote"))).toBeVisible();
  await expect(page.getByTestId("report-totals")).toContainText("RM");
  await expect(page.getByTestId("report-totals")).toContainText("฿");
  await keepScreenshot(page, "income-shop-group-375");
});

test("the dashboard's figures open the screens that explain them: a machine, a ranked shop, today", async ({
  page,
}) => {
  await signIn(page, "vendor_admin");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  const today = localDate(nowSeconds(), KL);

  // A machine needing attention opens the device list filtered to it.
  const machine = page.getByTestId("dashboard-attention-link").first();
  const name = (await machine.innerText()).trim();
  await machine.click();
  await expect(page).toHaveURL(/#\/shop\/devices\?search=/);
  const rows = page.getByTestId("devices-page").locator("tbody tr.ant-table-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId("device-name")).toHaveText(name);
  await expect(page.getByTestId("device-filters").locator("input").first()).not.toHaveValue("");

  // A ranked shop opens its days of this month.
  await page.goto("/#/dashboard");
  const shop = page.getByTestId("dashboard-shop-link").first();
  const shopName = (await shop.innerText()).trim();
  await shop.click();
  await expect(page).toHaveURL(/#\/income_report\/income_shop\?shop_id=\d+/);
  const shopRows = page.getByTestId("income-shop-table").locator("tbody tr.ant-table-row");
  await expect(shopRows.first()).toContainText(shopName);
  for (const row of await shopRows.all()) await expect(row).toContainText(shopName);

  // Today's takings open today's shops.
  await page.goto("/#/dashboard");
  await page.getByTestId("dashboard-today-link").first().click();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
  // Every row is today's. In the shop's small hours today may have no sale yet: then none is listed
  // (rows of the month shown a moment ago are gone) and the table says the period is empty.
  const todayRows = page.getByTestId("income-shop-table").locator("tbody tr.ant-table-row");
  await expect
    .poll(async () => (await todayRows.allInnerTexts()).every((text) => text.includes(today)), { timeout: 10_000 })
    .toBe(true);
  if ((await todayRows.count()) === 0)
    await expect(page.getByTestId("income-shop-table")).toContainText("No revenue in this period");
  else for (const row of await todayRows.all()) await expect(row).toContainText(today);
  await keepScreenshot(page, "dashboard-today-link");
});
