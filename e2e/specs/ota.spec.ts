import { confirmDialog, expect, keepScreenshot, signIn, test } from "../fixtures";
import { dialogOf, newSuffix, pick, rowAction, rowsOf, submitDialog } from "../support/ui";
import { text } from "./catalogue";

const en = (key: string) => text("en", key);

test("a vendor admin adds a firmware package (the link checked as the server checks it), edits and removes it; the version analysis counts the machines", async ({
  page,
}) => {
  const version = `9.${newSuffix()}`;
  await signIn(page, "vendor_admin");
  await page.goto("/#/ota/index");
  await expect(page.locator("h1:visible")).toHaveText(en("routes.ota"));

  await page.getByTestId("ota-package-add").click();
  const dialog = dialogOf(page, "ota-package-form");
  await dialog.getByTestId("ota-version").fill(version);
  await dialog.getByTestId("ota-download-url").fill("ftp://firmware.example.com/washer.bin");
  await dialog.getByTestId("ota-sha256").fill("abc");
  await dialog.getByTestId("ota-download-url").blur();
  // The browser refuses what the server would, with the server's message.
  await expect(dialog).toContainText(en("validation.downloadUrl"));
  await expect(dialog).toContainText(en("validation.sha256"));
  await dialog.getByTestId("ota-download-url").fill(`https://firmware.example.com/washer-${version}.bin`);
  await dialog.getByTestId("ota-sha256").fill("ab".repeat(32));
  await pick(page, dialog.getByTestId("ota-machine-types").locator("input"), en("machineTypes.washer"));
  await dialog.getByTestId("ota-size").fill("1572864");
  await submitDialog(page, dialog, "success.add");

  const row = rowsOf(page, "ota-package-table", version);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("1.5 MB");
  await expect(row).toContainText(en("machineTypes.washer"));

  await (await rowAction(row, "ota-package-edit")).click();
  await dialog.getByTestId("ota-note").fill("Quieter spin");
  await submitDialog(page, dialog, "success.modify");
  await expect(row).toContainText("Quieter spin");

  await (await rowAction(row, "ota-package-remove")).click();
  await expect(page.locator(".ant-modal-confirm")).toContainText(version);
  await confirmDialog(page, en("common.confirm"));
  await expect(row).toHaveCount(0);

  await page.getByRole("tab", { name: en("ota.tabs.versions") }).click();
  const versions = page.getByTestId("ota-version-table");
  await expect(versions.locator("tr.ant-table-row").first()).toBeVisible();
  // Kuala Lumpur's demo machines, all of them in the table's total, each on a reported version or "not reported".
  await expect(versions).toContainText(en("machineTypes.washer"));
  await keepScreenshot(page, "ota-versions");
});

test("on a 375 px phone in Thai the firmware screen reads in Thai and its tabs and add button stay in reach", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, "vendor2_admin");
  await page.getByTestId("language-picker").selectOption("th-th");
  await page.goto("/#/ota/index");
  await expect(page.locator("h1:visible")).toHaveText(text("th-th", "routes.ota"));
  await expect(page.getByTestId("ota-package-add")).toBeInViewport();
  await expect(page.getByTestId("ota-package-table")).toContainText(text("th-th", "ota.empty"));
  await page.getByRole("tab", { name: text("th-th", "ota.tabs.versions") }).click();
  await expect(page.getByTestId("ota-version-table")).toBeVisible();
  await keepScreenshot(page, "ota-versions-th-375");
});
