import fs from "node:fs";
import { parseCsv } from "@washboard/server/test/csv";
import { ORDER_COLUMNS } from "@washboard/shared";
import { apiToken, expect, keepScreenshot, signIn, test } from "../fixtures";
import { apiCall } from "../support/ui";
import { text } from "./catalogue";

/**
 * An order list's export is written by the server while it downloads: one request, no paging
 * through the list in the browser, and the file holds every order of the list with the screen's
 * columns in the operator's language.
 */
test("an order list exports every order as a file the server writes, in the operator's language", async ({
  page,
  request,
}) => {
  const token = await apiToken(request, "vendor_admin");
  const { total } = await apiCall<{ total: number }>(request, "/api/Order/get_sandbox_orders", token, {
    page_size: 1,
  });
  expect(total).toBeGreaterThan(200);

  await signIn(page, "vendor_admin");
  await page.goto("/#/order/sandbox");
  await page.getByTestId("language-picker").selectOption({ label: "简体中文" });
  const screen = page.getByTestId("orders-page");
  await expect(screen.getByTestId("table-total")).toContainText(String(total));

  const pagedThrough: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/Order/get_sandbox_orders") && (r.postDataJSON()?.page_size ?? 0) > 20)
      pagedThrough.push(r.url());
  });
  const downloading = page.waitForEvent("download");
  const exported = page.waitForResponse((r) => r.url().endsWith("/api/Order/get_sandbox_orders/export"));
  await screen.getByTestId("table-export").click();
  await page.getByTestId("export-csv").click();
  expect((await exported).headers()["content-disposition"]).toContain("attachment");
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^${text("zh-cn", "routes.order_sandbox")}_\\d{4}-\\d{2}-\\d{2}\\.csv$`),
  );
  // The sign-in toast may still be showing when a fast export finishes: look for this one by its text.
  await expect(page.locator(".toast-success").filter({ hasText: text("zh-cn", "table.exportDone") })).toBeVisible();
  await keepScreenshot(page, "orders-exported-zh-cn");

  const [header, ...records] = parseCsv(fs.readFileSync(await download.path(), "utf8"));
  expect(header).toEqual(ORDER_COLUMNS.map((c) => text("zh-cn", c.titleKey)));
  expect(records).toHaveLength(total);
  expect(new Set(records.map((r) => r[0])).size).toBe(total);
  expect(records.some((r) => r[3] === text("zh-cn", "orders.payStatus.paid"))).toBe(true);
  expect(pagedThrough).toEqual([]);
});
