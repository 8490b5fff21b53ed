import { expect, keepScreenshot, signIn, test } from "../fixtures";
import { apiCall, cancelDialog, dialogOf, newSuffix, rowsOf, storedToken } from "../support/ui";
import { text } from "./catalogue";

const en = (key: string) => text("en", key);

/** Text that would run script if anything put it into a page as markup. */
const MARKUP = "<script>alert(1)</script><img src=x onerror=alert(2)>";

test("text a person typed is shown as text: in the console and in the HTML export opened in the browser", async ({
  page,
  context,
  request,
}) => {
  const dialogs: string[] = [];
  const recordDialogs = (target: typeof page) =>
    target.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  recordDialogs(page);
  // Unique per run, so the spec can run again against the same server.
  const name = `${MARKUP} ${newSuffix()}`;
  const address = `${MARKUP} address`;

  await signIn(page, "vendor_admin");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  await apiCall(request, "/api/Location/create_location", await storedToken(page), { name, address });

  await test.step("the console shows it literally, in the list and in the edit dialog", async () => {
    await page.goto("/#/shop/location");
    const row = rowsOf(page, "location-table", name);
    await expect(row).toHaveCount(1);
    await expect(row.locator("td").filter({ hasText: name })).toHaveText(name);
    await expect(row.locator("td").filter({ hasText: address })).toHaveText(address);
    await row.getByTestId("location-edit").click();
    const dialog = dialogOf(page, "location-form");
    await expect(dialog.getByLabel(en("locations.fields.name"))).toHaveValue(name);
    await cancelDialog(dialog);
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    await expect(page.locator("main script")).toHaveCount(0);
  });

  await test.step("the HTML export, opened in the browser, shows it literally and runs nothing", async () => {
    await page.getByTestId("location-filters").getByLabel(en("locations.fields.name")).fill(name);
    await page.getByTestId("location-filters").getByTestId("filter-search").click();
    await expect(page.getByTestId("location-table").locator("tr.ant-table-row")).toHaveCount(1);
    await page.getByTestId("location-table").getByTestId("table-export").click();
    const downloading = page.waitForEvent("download");
    await page.getByTestId("export-html").click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.html$/);
    const file = test.info().outputPath(download.suggestedFilename());
    await download.saveAs(file);

    const exported = await context.newPage();
    recordDialogs(exported);
    await exported.goto(`file://${file}`);
    await expect(exported.locator("td").filter({ hasText: name })).toHaveText(name);
    await expect(exported.getByText(name, { exact: true })).toBeVisible();
    await expect(exported.getByText(address, { exact: true })).toBeVisible();
    await expect(exported.locator("img")).toHaveCount(0);
    await expect(exported.locator("body script")).toHaveCount(0);
    // Nothing in it could run later either: no element carries an event handler or a javascript: address.
    await exported.waitForLoadState("load");
    const runnable = await exported.evaluate(
      () =>
        Array.from(document.querySelectorAll("*")).filter((element) =>
          Array.from(element.attributes).some((a) => a.name.startsWith("on") || /^\s*javascript:/i.test(a.value)),
        ).length,
    );
    expect(runnable).toBe(0);
    await keepScreenshot(exported, "exported-html");
    await exported.close();
  });

  expect(dialogs, "no alert ran").toEqual([]);
});
