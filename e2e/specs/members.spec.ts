import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { API, CARD_READER_TAP_PORT, formatMoney } from "@washboard/shared";
import { apiToken, confirmDialog, expect, keepScreenshot, signIn, test } from "../fixtures";
import { apiCall, newSuffix, rowAction, rowOffers } from "../support/ui";
import { text } from "./catalogue";

/**
 * Members and cards as the counter uses them: the card-reader app (our bridge, with its simulated
 * reader) runs on this machine; the console connects to it, a card is tapped, registered, bound to
 * a demo member and topped up, the balance shows and the ledger has the row — and with the app
 * stopped, the console says to run it first.
 */
test.describe.configure({ mode: "serial" });

const root = path.resolve(import.meta.dirname, "../..");
/** The first demo member of Kuala Lumpur (seeded through the member app). */
const DEMO_MEMBER_PHONE = "6012000000";
let bridge: ChildProcess | null = null;

async function startBridge(): Promise<void> {
  const child = spawn(process.execPath, ["--import", "tsx", "apps/card-reader/src/cli.ts", "--simulated"], {
    cwd: root,
    stdio: ["pipe", "pipe", "inherit"],
  });
  bridge = child;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the card-reader app did not start")), 20_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("listening")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => reject(new Error(`the card-reader app exited with ${code}`)));
  });
}

async function stopBridge(): Promise<void> {
  const child = bridge;
  bridge = null;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** A customer puts a card on the simulated reader. */
async function tap(uuid: string): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${CARD_READER_TAP_PORT}/tap`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ uuid }),
  });
  expect(response.ok).toBe(true);
}

test.afterAll(stopBridge);

test("a card read at the counter is registered, bound to a member and topped up; the balance and its ledger row show", async ({
  page,
}) => {
  await startBridge();
  await signIn(page, "vendor_admin");
  await page.goto("/#/user_card/user_card");
  await page.getByTestId("card-reader-open").click();
  const state = page.getByTestId("card-reader-state");
  await expect(state).toHaveAttribute("data-state", "waiting");
  await expect(state).toContainText(text("en", "cardReader.state.waiting"));

  const suffix = newSuffix().toUpperCase();
  const uuid = `E2${suffix}00`.slice(0, 8);
  await tap(uuid);
  await expect(page.getByTestId("card-reader-uuid")).toHaveText(uuid);
  await expect(page.getByTestId("card-reader-unknown")).toBeVisible();

  await page.getByTestId("card-reader-register").click();
  await expect(page.getByTestId("card-form-uuid")).toHaveValue(uuid);
  await page.getByTestId("card-form-number").fill(`E2E-${suffix}`);
  await page
    .getByRole("dialog")
    .getByRole("button", { name: text("en", "common.save") })
    .click();
  await expect(page.getByTestId("card-reader-owner")).toHaveText(text("en", "cardReader.noOwner"));

  await page.getByTestId("card-reader-bind").click();
  await page.getByTestId("card-bind-member").click();
  await page.keyboard.type(DEMO_MEMBER_PHONE);
  await page.locator(".ant-select-item-option", { hasText: DEMO_MEMBER_PHONE }).first().click();
  await page
    .getByRole("dialog")
    .last()
    .getByRole("button", { name: text("en", "common.save") })
    .click();
  await expect(page.getByTestId("card-reader-owner")).toContainText(DEMO_MEMBER_PHONE);

  await page.getByTestId("card-reader-top-up").click();
  await page.getByTestId("card-top-up-amount").fill("25.50");
  await page
    .getByRole("dialog")
    .last()
    .getByRole("button", { name: text("en", "common.save") })
    .click();
  const balance = formatMoney(2_550, "MYR");
  await expect(page.getByTestId("card-reader-balance")).toHaveText(balance);
  // The top-up is written back to the card, so the reader reads the same balance.
  await expect(page.getByTestId("card-reader-card")).toContainText(text("en", "cardReader.onCard"));
  await expect(page.getByTestId("card-reader-write")).toHaveCount(0);
  await keepScreenshot(page, "card-reader-bound");
  await page.keyboard.press("Escape");

  await page.getByTestId("cards-search").fill(`E2E-${suffix}`);
  await page.getByTestId("cards-filters").getByTestId("filter-search").click();
  const row = page
    .getByTestId("cards-table")
    .locator("tbody tr.ant-table-row")
    .filter({ hasText: `E2E-${suffix}` });
  await expect(row.getByTestId("card-balance")).toHaveText(balance);
  await expect(row.getByTestId("card-member")).toContainText(DEMO_MEMBER_PHONE);
  await row.getByTestId("card-movements-open").click();
  const ledger = page.getByTestId("card-movements");
  await expect(ledger.locator("tbody tr.ant-table-row").first()).toContainText(text("en", "members.kind.topup"));
  await expect(ledger.getByTestId("movement-amount").first()).toHaveText(`+${balance}`);
});

test("unbinding asks first, names the card and the member, and is final", async ({ page }) => {
  await signIn(page, "vendor_admin");
  await page.goto("/#/user_card/user_card");
  await page.getByTestId("cards-search").fill("E2E-");
  await page.getByTestId("cards-filters").getByTestId("filter-search").click();
  const bound = page
    .getByTestId("cards-table")
    .locator("tbody tr.ant-table-row")
    .filter({ hasText: DEMO_MEMBER_PHONE });
  const cardNumber = await bound.first().getByTestId("card-number").innerText();
  // Found by its number from here on: once unbound, the row no longer names the member.
  const row = page.getByTestId("cards-table").locator("tbody tr.ant-table-row").filter({ hasText: cardNumber });
  await (await rowAction(row, "card-unbind")).click();
  await expect(page.locator(".ant-modal-confirm")).toContainText(cardNumber);
  await expect(page.locator(".ant-modal-confirm")).toContainText(DEMO_MEMBER_PHONE);
  await expect(page.locator(".ant-modal-confirm")).toContainText(text("en", "cards.unbind.text"));
  await confirmDialog(page, text("en", "common.confirm"));
  await expect(row.getByTestId("card-status")).toHaveText(text("en", "cards.status.unbound"));
  expect(await rowOffers(row, "card-bind")).toBe(false);
});

test("the members screen shows what the business holds for its members, and a member's ledger", async ({ page }) => {
  await signIn(page, "vendor_admin");
  await page.goto("/#/user_account/user_account");
  await expect(page.getByTestId("members-total-balance")).not.toContainText(formatMoney(0, "MYR"));
  await page.getByTestId("members-search").fill(DEMO_MEMBER_PHONE);
  await page.getByTestId("members-filters").getByTestId("filter-search").click();
  const row = page
    .getByTestId("members-table")
    .locator("tbody tr.ant-table-row")
    .filter({ hasText: DEMO_MEMBER_PHONE });
  await expect(row).toHaveCount(1);
  // Giving a coupon to nobody says so; to the chosen member, it arrives in their drawer.
  await page.getByTestId("member-give-coupon").click();
  await expect(page.locator(".toast-warning").first()).toContainText(text("en", "validation.noGiftUser"));
  await row.locator(".ant-checkbox-input").check();
  await page.getByTestId("member-give-coupon").click();
  await page.getByTestId("give-coupon-select").click();
  await page.locator(".ant-select-item-option", { hasText: "Welcome voucher" }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: text("en", "members.coupons.give") })
    .click();
  await expect(page.getByRole("dialog")).toBeHidden();

  await row.getByTestId("member-details").click();
  const drawer = page.getByTestId("member-drawer");
  await expect(drawer.getByTestId("member-movements").locator("tbody tr.ant-table-row").first()).toBeVisible();
  await keepScreenshot(page, "member-drawer");
  await drawer.getByRole("tab", { name: text("en", "members.drawer.coupons") }).click();
  await expect(drawer.getByTestId("member-coupons")).toContainText("Welcome voucher");
});

test("a member is given a wash-dry card from the drawer, and the drawer lists it with what it gives", async ({
  page,
  request,
}) => {
  const name = `Bundle ${newSuffix()}`;
  const now = Math.floor(Date.now() / 1000);
  await apiCall(request, API.promotions.create.path, await apiToken(request, "vendor_admin"), {
    name,
    starts_at: now - 60,
    ends_at: now + 86_400,
    settings: { kind: "washdry", free_washes: 5, free_dries: 2, price: 3_000 },
  });
  await signIn(page, "vendor_admin");
  await page.goto("/#/user_account/user_account");
  await page.getByTestId("members-search").fill(DEMO_MEMBER_PHONE);
  await page.getByTestId("members-filters").getByTestId("filter-search").click();
  const row = page
    .getByTestId("members-table")
    .locator("tbody tr.ant-table-row")
    .filter({ hasText: DEMO_MEMBER_PHONE });
  await row.getByTestId("member-details").click();
  const drawer = page.getByTestId("member-drawer");
  await drawer.getByRole("tab", { name: text("en", "members.drawer.passes") }).click();
  await drawer.getByTestId("give-pass").click();
  await page.getByTestId("give-pass-select").click();
  await page.locator(".ant-select-item-option", { hasText: name }).click();
  await page
    .getByRole("dialog")
    .last()
    .getByRole("button", { name: text("en", "members.passes.give") })
    .click();
  await expect(page.locator(".toast-success").first()).toContainText(text("en", "members.passes.given"));
  const card = drawer.getByTestId("member-passes").locator("tbody tr.ant-table-row").filter({ hasText: name });
  const uses = text("en", "members.passes.uses").replace("{{washes}}", "5").replace("{{dries}}", "2");
  await expect(card).toContainText(uses);
  await expect(card).toContainText(text("en", "members.passes.state.valid"));
  await expect(card).toContainText(text("en", "members.passes.untilUsed"));
  await keepScreenshot(page, "member-passes");
});

test("a member is topped up by the amount paid, and an adjustment shows the difference it will record", async ({
  page,
}) => {
  await signIn(page, "vendor_admin");
  await page.goto("/#/user_account/user_account");
  await page.getByTestId("members-search").fill(DEMO_MEMBER_PHONE);
  await page.getByTestId("members-filters").getByTestId("filter-search").click();
  const row = page
    .getByTestId("members-table")
    .locator("tbody tr.ant-table-row")
    .filter({ hasText: DEMO_MEMBER_PHONE });
  await expect(row).toHaveCount(1);
  const after = (balance: number) =>
    text("en", "members.topUp.after").replace("{{balance}}", formatMoney(balance, "MYR"));

  await (await rowAction(row, "member-top-up")).click();
  const shown = (await page.getByTestId("member-top-up-after").textContent()) ?? "";
  const before = Math.round(Number(/([\d,]+\.\d{2})/.exec(shown)?.[1]?.replace(/,/g, "")) * 100);
  expect(shown).toBe(after(before));
  // The operator types what the member paid; the dialog shows the balance it makes.
  await page.getByTestId("member-top-up-amount").fill("10");
  await expect(page.getByTestId("member-top-up-after")).toHaveText(after(before + 1_000));
  await page
    .getByRole("dialog")
    .getByRole("button", { name: text("en", "common.save") })
    .click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(row).toContainText(formatMoney(before + 1_000, "MYR", { hideSymbol: true }));

  await (await rowAction(row, "member-adjust")).click();
  await page.getByTestId("balance-input").fill(formatMoney(before + 1_500, "MYR", { hideSymbol: true }));
  await expect(page.getByTestId("balance-records")).toContainText(`+${formatMoney(500, "MYR")}`);
  await page
    .getByRole("dialog")
    .getByRole("button", { name: text("en", "common.cancel") })
    .click();
});

test("with the card-reader app stopped, the console says to run it first", async ({ page }) => {
  await stopBridge();
  await signIn(page, "vendor_admin");
  await page.goto("/#/user_card/user_card");
  await page.getByTestId("card-reader-open").click();
  const state = page.getByTestId("card-reader-state");
  await expect(state).toHaveAttribute("data-state", "failed");
  await expect(state).toContainText(text("en", "cardReader.state.failed"));
  await expect(page.getByTestId("card-reader-install")).toContainText("npm run card-reader");

  // The app offered for download is the bridge itself, one file that runs with Node.js alone.
  const downloading = page.waitForEvent("download");
  await page.getByTestId("card-reader-download").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("washboard-card-reader.mjs");
  const file = test.info().outputPath("washboard-card-reader.mjs");
  await download.saveAs(file);
  const child = spawn(process.execPath, [file, "--simulated", "--port", "47910", "--tap-port", "47911"], {
    cwd: path.dirname(file),
    stdio: ["pipe", "pipe", "inherit"],
  });
  try {
    const said = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the downloaded app did not start")), 20_000);
      child.stdout?.on("data", (chunk: Buffer) => {
        clearTimeout(timer);
        resolve(chunk.toString());
      });
    });
    expect(said).toContain("card-reader bridge listening on ws://127.0.0.1:47910");
  } finally {
    child.kill("SIGTERM");
  }
});
