import { startCapturingSmtp } from "@washboard/server/test/smtp";
import { API_KEY, DEMO_PASSWORD, expect, keepScreenshot, menuLabels, signIn, test } from "../fixtures";
import { newSuffix, pick, signOut, storedToken, submitDialog } from "../support/ui";
import { text } from "./catalogue";

const en = (key: string) => text("en", key);

/** Keys ticked in the tree: two under Revenue, one under Shops (none of them locked). */
const ROLE_KEYS = ["reve_total", "reve_shop", "shop_add"] as const;

test("a group creates a vendor and its admin; the admin's role limits a sub-account in menus and on the API; the log shows it all", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const suffix = newSuffix();
  const VENDOR_NAME = `E2E Laundry ${suffix}`;
  const ADMIN = `e2e_adm_${suffix}`;
  const ADMIN_PASSWORD = `Adm${suffix}!`;
  const ROLE_NAME = `Revenue clerk ${suffix}`;
  const SUB = `e2e_sub_${suffix}`;
  const SUB_PASSWORD = `Sub${suffix}?`;

  await test.step("group_admin creates a vendor with every required field", async () => {
    await signIn(page, "group_admin", DEMO_PASSWORD);
    await expect(page.getByTestId("dashboard")).toBeVisible();
    await page.goto("/#/groups/vendors");
    await page.getByTestId("vendor-add").click();
    const dialog = page.getByRole("dialog").filter({ has: page.getByTestId("vendor-form") });
    await expect(dialog).toBeVisible();
    await page.getByTestId("vendor-name").fill(VENDOR_NAME);
    await page.getByTestId("vendor-real_name").fill("Aminah binti Yusof");
    await page.getByTestId("vendor-id_number").fill(`ID-${suffix}`);
    await page.getByTestId("vendor-phone").fill("+60 12-345 6789");
    await page.getByTestId("vendor-home_page").fill(`https://${suffix}.laundry.example`);
    await page.getByTestId("vendor-settlement_cycle_days").fill("14");
    await page.getByTestId("vendor-fee_rate_coins").fill("0.05");
    await page.getByTestId("vendor-fee_rate_no_coins").fill("0.1");
    await pick(page, dialog.getByLabel(en("vendorAdmin.fields.currency")), /^MYR · /, "MYR");
    await page.getByTestId("vendor-coin").fill("1.00");
    await pick(page, dialog.getByLabel(en("vendorAdmin.fields.language")), "English");
    await pick(page, dialog.getByLabel(en("vendorAdmin.fields.timeZone")), "Asia/Kuala_Lumpur", "Kuala_Lumpur");
    await submitDialog(page, dialog, "success.add");
    const row = page.getByTestId("vendors-table").locator("tr").filter({ hasText: VENDOR_NAME });
    await expect(row).toBeVisible();
    await expect(row).toContainText("MYR");
    await expect(row).toContainText("Asia/Kuala_Lumpur");
    await keepScreenshot(page, "vendor-created");
  });

  await test.step("group_admin creates the vendor's level-3 admin account", async () => {
    await page.goto("/#/groups/vendor_account");
    await page.getByTestId("account-add").click();
    const dialog = page.getByRole("dialog").filter({ has: page.getByTestId("managed-account-form") });
    await expect(dialog).toBeVisible();
    await pick(page, page.getByTestId("account-vendor"), VENDOR_NAME, VENDOR_NAME);
    await page.getByTestId("account-username").fill(ADMIN);
    await page.getByTestId("account-nickname").fill(`Admin ${suffix}`);
    await page.getByTestId("account-email").fill(`${ADMIN}@laundry.example`);
    await page.getByTestId("account-password").fill(ADMIN_PASSWORD);
    await page.getByTestId("account-confirm").fill(ADMIN_PASSWORD);
    await submitDialog(page, dialog, "success.add");
    const row = page.getByTestId("managed-accounts-table").locator("tr").filter({ hasText: ADMIN });
    await expect(row).toContainText(VENDOR_NAME);
    await expect(row.getByTestId("account-status")).toHaveText(en("common.enabled"));
    await signOut(page);
  });

  await test.step("the new admin signs in and creates a role with a few keys", async () => {
    await signIn(page, ADMIN, ADMIN_PASSWORD);
    await expect(page.getByTestId("dashboard")).toBeVisible();
    await expect(page.getByTestId("scope-name")).toHaveText(VENDOR_NAME);
    await page.goto("/#/account/role");
    await page.getByTestId("role-add").click();
    const dialog = page.getByRole("dialog").filter({ has: page.getByTestId("role-form") });
    await expect(dialog).toBeVisible();
    await page.getByTestId("role-name").fill(ROLE_NAME);
    const tree = page.getByTestId("permission-tree");
    const node = (key: string) => tree.locator(".ant-tree-treenode").filter({ has: page.getByTestId(`perm-${key}`) });
    // Locked keys are on from the start and cannot be cleared: the console and the query keys, the
    // location and sub-account queries among them, but not adding, modifying or removing those.
    for (const key of ["console", "loc_query", "sub_act_query"]) {
      await expect(node(key)).toHaveClass(/ant-tree-treenode-checkbox-checked/);
      await expect(node(key).locator(".ant-tree-checkbox")).toHaveClass(/ant-tree-checkbox-disabled/);
    }
    for (const key of ["loc_remove", "allia_add", "role_add", "sub_act_add"]) {
      await expect(node(key), key).not.toHaveClass(/ant-tree-treenode-checkbox-checked/);
      await expect(node(key).locator(".ant-tree-checkbox"), key).not.toHaveClass(/ant-tree-checkbox-disabled/);
    }
    // Our sandbox orders have a key of their own in the tree.
    await expect(node("order_sandbox")).toContainText(en("permissions.order_sandbox"));
    for (const key of ROLE_KEYS) {
      await expect(node(key)).not.toHaveClass(/ant-tree-treenode-checkbox-checked/);
      await node(key).locator(".ant-tree-checkbox").click();
      await expect(node(key)).toHaveClass(/ant-tree-treenode-checkbox-checked/);
    }
    await expect(node("reve_other")).not.toHaveClass(/ant-tree-treenode-checkbox-checked/);
    await expect(node("sett_acct")).not.toHaveClass(/ant-tree-treenode-checkbox-checked/);
    await node("reve_total").scrollIntoViewIfNeeded();
    await keepScreenshot(page, "role-tree");
    await submitDialog(page, dialog, "success.add");
    const row = page.getByTestId("role-table").locator("tr").filter({ hasText: ROLE_NAME });
    await expect(row).toBeVisible();
  });

  await test.step("the new admin creates a sub-account with that role", async () => {
    await page.goto("/#/account/sub_manager");
    await page.getByTestId("sub-add").click();
    const dialog = page.getByRole("dialog").filter({ has: page.getByTestId("sub-account-form") });
    await expect(dialog).toBeVisible();
    await page.getByTestId("sub-username").fill(SUB);
    await page.getByTestId("sub-email").fill(`${SUB}@laundry.example`);
    await page.getByTestId("sub-nickname").fill(`Clerk ${suffix}`);
    await pick(page, page.getByTestId("sub-role"), ROLE_NAME);
    await page.getByTestId("sub-password").fill(SUB_PASSWORD);
    await page.getByTestId("sub-confirm").fill(SUB_PASSWORD);
    await submitDialog(page, dialog, "success.add");
    const row = page.getByTestId("sub-table").locator("tr").filter({ hasText: SUB });
    await expect(row).toContainText(ROLE_NAME);
    await signOut(page);
  });

  await test.step("the sub-account sees only the menus its keys allow", async () => {
    await signIn(page, SUB, SUB_PASSWORD);
    await expect(page.getByTestId("dashboard")).toBeVisible();
    await expect(page.getByTestId("scope-name")).toHaveText(VENDOR_NAME);
    const labels = await menuLabels(page);
    // §6 locks the query keys on for every level-4 account, so the shop screens, the wild devices
    // (wd_query, under members and cards), the firmware screen (ota_query), roles and sub-accounts
    // show beside what the role granted (reve_total and reve_shop: the revenue menu with those two);
    // the subscription screens need vendor_info, locked on too: every sub-account sees its machines'
    // renewal and the vendor's renewal orders; the coupon and invitation screens open with mem_query,
    // locked on too, so the promotions menu shows them (changing anything there needs its own keys).
    expect(labels).toEqual([
      en("routes.dashboard"),
      en("menu.shop"),
      en("menu.promotion"),
      en("menu.income_report"),
      en("menu.member"),
      en("menu.ota"),
      en("menu.account"),
      en("menu.log"),
      en("menu.subscribe"),
    ]);
    expect(labels).not.toContain(en("menu.group"));
    const sidebar = page.locator(".sidebar");
    await sidebar.getByText(en("menu.income_report"), { exact: true }).click();
    await expect(sidebar.getByText(en("routes.income_total"), { exact: true })).toBeVisible();
    await expect(sidebar.getByText(en("routes.income_shop"), { exact: true })).toBeVisible();
    await expect(sidebar.getByText(en("routes.income_device"), { exact: true })).toHaveCount(0);
    await sidebar.getByText(en("menu.account"), { exact: true }).click();
    await expect(sidebar.getByText(en("routes.role"), { exact: true })).toBeVisible();
    await expect(sidebar.getByText(en("routes.sub_manager"), { exact: true })).toBeVisible();
    // It sees the sub-accounts but may not add one: sub_act_add is not locked on.
    await page.goto("/#/account/sub_manager");
    await expect(page.getByTestId("sub-table").locator("tr").filter({ hasText: SUB })).toBeVisible();
    await expect(page.getByTestId("sub-add")).toHaveCount(0);
    // sett_acct was not granted: no account settings in the dropdown, and the page is refused.
    await page.getByTestId("account-dropdown").click();
    await expect(page.getByRole("menuitem", { name: en("layout.logout") })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: en("layout.accountSettings") })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await keepScreenshot(page, "sub-account-menu");
    await page.goto("/#/groups/vendors");
    await expect(page).toHaveURL(/#\/nopermission\/index$/);
    await page.goto("/#/settings/account");
    await expect(page).toHaveURL(/#\/nopermission\/index$/);
  });

  await test.step("the sub-account holds exactly its role's keys and is refused other screens' calls", async () => {
    const token = await storedToken(page);
    const headers = { "api-key": API_KEY };
    const permissions = await request.post("/api/v2/Auth/get_permission_list", { headers, data: { token } });
    expect(permissions.status()).toBe(200);
    const held = JSON.stringify(await permissions.json());
    for (const key of ROLE_KEYS) expect(held).toContain(`"${key}"`);
    for (const key of [
      "reve_other",
      "reve_device",
      "sett_acct",
      "shop_remove",
      "loc_remove",
      "allia_add",
      "role_add",
      "sub_act_add",
      "order_sandbox",
    ]) {
      expect(held).not.toContain(`"${key}"`);
    }

    const refused = [
      // The vendor profile's payment providers: level 3 only.
      { path: "/api/Vendor/modify_vendor_payment_info", data: { provider: "stripe", enabled: false } },
      // Group screens' calls.
      { path: "/api/Group/get_group_email_cfg", data: {} },
      { path: "/api/v2/Vendor/get_vendor_list_by_group", data: {} },
      // The account settings screen's call: open to level 4 only with sett_acct, which the role lacks.
      { path: "/api/v2/Auth/modify", data: { old_pwd: SUB_PASSWORD, nickname: "Renamed" } },
      // Locations and sub-accounts: only their queries are locked on (issue 23).
      { path: "/api/Location/remove_location", data: { id: 1 } },
      { path: "/api/v2/Role/create_sub_act", data: {} },
      { path: "/api/v2/Role/create_role", data: { name: "Escalated" } },
      // Sandbox orders need their own key, not any order key.
      { path: "/api/Order/get_sandbox_orders", data: {} },
    ];
    for (const call of refused) {
      const response = await page.request.post(call.path, { headers, data: { ...call.data, token } });
      expect(response.status(), call.path).toBe(403);
      expect(await response.json(), call.path).toMatchObject({ code: "NO_PERMISSION" });
    }
    await signOut(page);
  });

  await test.step("the vendor admin's operation log shows every step", async () => {
    await signIn(page, ADMIN, ADMIN_PASSWORD);
    await expect(page.getByTestId("dashboard")).toBeVisible();
    await page.goto("/#/log/log_opts");
    const rows = page.getByTestId("log-table").locator("tr.ant-table-row");
    const row = (actor: string, actionKey: string) =>
      rows.filter({ hasText: actor }).filter({ hasText: en(actionKey) });
    // The group's steps that made the vendor and its admin are in the vendor's log too.
    await expect(row("group_admin", "actions.vendorAdmin.create").first()).toBeVisible();
    await expect(row("group_admin", "actions.vendorAccounts.create").first()).toContainText(ADMIN);
    await expect(row(ADMIN, "actions.roles.create").first()).toBeVisible();
    await expect(row(ADMIN, "actions.roles.create").first()).toContainText(en("operationLog.outcome.success"));
    await expect(row(ADMIN, "actions.subAccounts.create").first()).toContainText(en("operationLog.outcome.success"));
    await expect(row(ADMIN, "actions.auth.login")).toHaveCount(2);
    await expect(row(ADMIN, "actions.auth.logout").first()).toBeVisible();
    await expect(row(SUB, "actions.auth.login").first()).toContainText(en("operationLog.outcome.success"));
    await expect(row(SUB, "actions.auth.logout").first()).toBeVisible();
    // The refused direct call is on record too, as a failure with its reason.
    const refusedRow = row(SUB, "actions.vendorProfile.modifyPaymentInfo").first();
    await expect(refusedRow).toContainText(en("operationLog.outcome.failure"));
    await expect(refusedRow).toContainText(en("errors.NO_PERMISSION"));
    await page.mouse.move(0, 0);
    await keepScreenshot(page, "operation-log");
  });
});

test("a test email from the group's email configuration arrives at a local SMTP server", async ({ page }) => {
  const smtp = await startCapturingSmtp();
  const received = smtp.received;
  try {
    const port = smtp.port;
    const suffix = newSuffix();
    const sender = `mailer-${suffix}@laundry.example`;
    const senderName = `Washboard Mailer ${suffix}`;
    const subject = `Organization test ${suffix}`;
    const to = `owner-${suffix}@laundry.example`;

    await signIn(page, "group_admin", DEMO_PASSWORD);
    await expect(page.getByTestId("dashboard")).toBeVisible();
    await page.goto("/#/group/email");
    await expect(page.getByTestId("email-config")).toBeVisible();
    await expect(page.getByTestId("email-smtp-server")).toBeEditable();
    await pick(page, page.getByTestId("email-send-method"), en("emailConfig.sendMethods.smtp"));
    await page.getByTestId("email-smtp-server").fill("127.0.0.1");
    await page.getByTestId("email-port").fill(String(port));
    await pick(page, page.getByTestId("email-auth-method"), en("emailConfig.authMethods.none"));
    // No authentication: the username is only the sender address; no password.
    await page.getByTestId("email-username").fill(sender);
    await page.getByTestId("email-password").fill("");
    await page.getByTestId("email-sender-name").fill(senderName);
    await page.getByTestId("email-title").fill(subject);
    await page.getByTestId("email-save").click();
    await expect(
      page
        .locator(".toast-success")
        .filter({ hasText: en("success.set") })
        .first(),
    ).toBeVisible();
    await expect(page.getByTestId("email-test-send")).toBeEnabled();

    await page.getByTestId("email-test-to").fill(to);
    await page.getByTestId("email-test-send").click();
    const result = page.getByTestId("email-test-result");
    await expect(result).toHaveText(en("emailConfig.test.sent").replace("{{to}}", to));
    await expect(result).toHaveClass(/ant-alert-success/);
    await keepScreenshot(page, "email-sent");

    await expect.poll(() => received.filter((m) => m.to.includes(to)).length).toBe(1);
    const mail = received.find((m) => m.to.includes(to));
    expect(mail?.from).toBe(sender);
    expect(mail?.raw).toMatch(new RegExp(`^Subject: ${subject}\\r?$`, "m"));
    expect(mail?.raw).toMatch(new RegExp(`^From: ${senderName} <${sender.replace(/\./g, "\\.")}>\\r?$`, "m"));
    expect(mail?.raw).toMatch(new RegExp(`^To: ${to.replace(/\./g, "\\.")}\\r?$`, "m"));
  } finally {
    await smtp.close();
  }
});
