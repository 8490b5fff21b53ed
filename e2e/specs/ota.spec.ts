import { createHash } from "node:crypto";
import type { SimulatedDevice } from "@washboard/device-sim";
import { confirmDialog, expect, keepScreenshot, signIn, test } from "../fixtures";
import { seriousViolations } from "../support/axe";
import { demoFleet, runMachine } from "../support/fleet";
import { apiCall, dialogOf, newSuffix, pick, rowAction, rowsOf, storedToken, submitDialog } from "../support/ui";
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
  await page.getByRole("tab", { name: text("th-th", "ota.tabs.rollouts") }).click();
  await expect(page.getByTestId("ota-rollout-table")).toContainText(text("th-th", "ota.rolloutsEmpty"));
  await page.getByTestId("ota-rollout-add").click();
  const dialog = dialogOf(page, "ota-rollout-form");
  await expect(dialog).toContainText(text("th-th", "ota.fields.canaryShops"));
  await keepScreenshot(page, "ota-rollout-dialog-th-375");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByRole("tab", { name: text("th-th", "ota.tabs.versions") }).click();
  await expect(page.getByTestId("ota-version-table")).toBeVisible();
  await keepScreenshot(page, "ota-versions-th-375");
});

test("a vendor admin uploads a package, rolls it out from a canary to two running washers and watches the new version arrive live", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const version = `9.${newSuffix()}`;
  const bytes = Buffer.from(`washer firmware ${version} `.repeat(2048));
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const washers = demoFleet()
    .filter((entry) => entry.machine_type === "washer")
    .slice(0, 2);
  const machines: SimulatedDevice[] = [];
  try {
    // Two washers that run an old version no other demo machine runs: the rollout picks them by it.
    for (const entry of washers) machines.push(await runMachine(entry.serial, { firmware: "1.9.0" }));
    await signIn(page, "vendor_admin");
    const token = await storedToken(page);
    await expect
      .poll(async () => {
        const analysis = await apiCall<{ items: { firmware: string; online: number }[] }>(
          request,
          "/api/Ota/version_analysis",
          token,
        );
        return analysis.items.find((row) => row.firmware === "1.9.0")?.online ?? 0;
      })
      .toBe(2);

    await page.goto("/#/ota/index");
    await page.getByTestId("ota-package-add").click();
    const packageDialog = dialogOf(page, "ota-package-form");
    await packageDialog.getByTestId("ota-version").fill(version);
    // The file goes to this install, which serves it to each machine of the rollout by its own address.
    await packageDialog.getByTestId("ota-source").getByText(en("ota.sourceUpload")).click();
    await packageDialog
      .getByTestId("ota-file")
      .locator("input[type=file]")
      .setInputFiles({ name: `washer-${version}.bin`, mimeType: "application/octet-stream", buffer: bytes });
    await expect(packageDialog.getByTestId("ota-file-facts")).toContainText(sha256);
    await keepScreenshot(page, "ota-package-uploaded");
    await pick(page, packageDialog.getByTestId("ota-machine-types").locator("input"), en("machineTypes.washer"));
    await submitDialog(page, packageDialog, "success.add");
    await expect(rowsOf(page, "ota-package-table", version)).toContainText(en("ota.uploadedFile"));

    await page.getByRole("tab", { name: en("ota.tabs.rollouts") }).click();
    await page.getByTestId("ota-rollout-add").click();
    const rolloutDialog = dialogOf(page, "ota-rollout-form");
    await pick(page, rolloutDialog.getByTestId("ota-rollout-package").locator("input"), version, version);
    await rolloutDialog.getByTestId("ota-rollout-from").locator("input").fill("1.9.0");
    await page.keyboard.press("Enter");
    await rolloutDialog.getByTestId("ota-rollout-first").fill("1");
    expect(await seriousViolations(page, "[data-testid=ota-rollout-form]")).toEqual([]);
    await submitDialog(page, rolloutDialog, "success.add");

    const row = rowsOf(page, "ota-rollout-table", version);
    await expect(row).toHaveCount(1);
    await (await rowAction(row, "rollout-details")).click();
    const drawer = page.getByTestId("rollout-drawer");
    // The canary first, then the second wave; each machine downloads, installs and comes back on the new version.
    await expect(drawer.getByTestId("rollout-drawer-state")).toHaveText(en("ota.rolloutStates.completed"), {
      timeout: 90_000,
    });
    await expect(drawer.getByTestId("rollout-waves").locator("tbody tr")).toHaveCount(2);
    await expect(drawer.getByTestId("target-state")).toHaveText([
      en("ota.targetStates.succeeded"),
      en("ota.targetStates.succeeded"),
    ]);
    await expect(drawer.getByTestId("rollout-events")).toContainText(en("ota.events.completed"));
    for (const machine of machines) expect(machine.state.firmware).toBe(version);
    // The drawer, the rollouts tab and the new-rollout dialog are not screens of their own: audited here.
    expect(await seriousViolations(page, "[data-testid=rollout-drawer]")).toEqual([]);
    await keepScreenshot(page, "ota-rollout-completed");
    await drawer.getByRole("button", { name: /close/i }).click();

    expect(await seriousViolations(page, "[data-testid=ota-rollout-table]")).toEqual([]);
    await page.getByRole("tab", { name: en("ota.tabs.versions") }).click();
    await expect(rowsOf(page, "ota-version-table", version)).toHaveCount(1);
    // The chart changed too: the new version, which no machine ran before the rollout, is a series of its own.
    await expect(page.getByTestId("ota-version-chart").getByTestId("chart-legend")).toContainText(version);
  } finally {
    await Promise.all(machines.map((machine) => machine.disconnect({ forget: true }).catch(() => undefined)));
  }
});
