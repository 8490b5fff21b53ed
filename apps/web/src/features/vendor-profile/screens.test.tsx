import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { LOCKED_PERMISSION_KEYS, PAYMENT_SETTINGS_PROVIDERS } from "@washboard/shared";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18next, initI18n, loadConsoleCatalogue, loadScreenCatalogue } from "../../app/i18n";
import { MORE_ACTIONS_TEST_ID } from "../../app/ui/data-table/row-actions";
import { renderInApp } from "../../test/render";

/** The API client answers from fixtures, by path. */
const answers = new Map<string, unknown>();
vi.mock("../../app/api/client", () => ({
  call: vi.fn(async (contract: { path: string }) => {
    if (!answers.has(contract.path)) throw new Error(`unexpected call ${contract.path}`);
    return answers.get(contract.path);
  }),
  ApiError: class extends Error {},
}));

const { sessionStore } = await import("../../app/session/store");
const { default: VendorProfilePage } = await import("./VendorProfilePage");
const { RoleDialog } = await import("../roles/RoleDialog");
const { default: RolesPage } = await import("../roles/RolesPage");
const { default: SubAccountsPage } = await import("../sub-accounts/SubAccountsPage");

function signInAs(level: number) {
  sessionStore.signIn({
    token: "t",
    level,
    vendor_id: 1,
    group_id: null,
    username: "someone",
    name: "Someone",
    avatar: "",
    roles: [String(level)],
    expires_at: 0,
  });
  sessionStore.updateUser({ permissions: level === 4 ? [...LOCKED_PERMISSION_KEYS, "shop_add"] : [] });
}

beforeAll(async () => {
  await initI18n();
  await Promise.all([loadConsoleCatalogue(), loadScreenCatalogue()]);
  await i18next.changeLanguage("en");
  answers.set("/api/Vendor/get_vendor_profile", {
    vendor_id: 1,
    name: "Demo Laundry Kuala Lumpur",
    real_name: "",
    id_number: "",
    phone: "+60 3",
    home_page: "",
    settlement_cycle_days: 7,
    fee_rate_coins: 0,
    fee_rate_no_coins: 0,
    currency: "MYR",
    language: "en",
    time_zone: "Asia/Kuala_Lumpur",
    coin_denomination: 100,
    max_balance: 123456,
    withdrawable_balance: 1000,
    group_name: "Demo Group",
  });
  answers.set("/api/v2/Role/get_role", {
    items: [
      {
        id: 7,
        name: "Cashier",
        description: "Counts money",
        permissions: [...LOCKED_PERMISSION_KEYS, "reve_total"],
        app_roles: ["financial"],
        account_count: 2,
        created_at: 1_700_000_000,
      },
    ],
    total: 1,
    next_cursor: null,
  });
  answers.set("/api/v2/Vendor/get_sub_acts", {
    items: [
      {
        id: 9,
        username: "till_one",
        email: "till@demo.test",
        nickname: "Till",
        role_id: 7,
        role_name: "Cashier",
        status: "disabled",
        last_login_at: null,
        created_at: 1_700_000_000,
        shop_ids: null,
      },
    ],
    total: 1,
    next_cursor: null,
  });
  answers.set("/api/Vendor/get_vendor_payment_info", {
    providers: PAYMENT_SETTINGS_PROVIDERS.map((provider) => ({
      provider,
      enabled: provider === "stripe",
      flag: null,
      fields: provider === "stripe" ? { publishable_key: "pk", secret_key: "••••••••1234", webhook_secret: "" } : {},
      secrets_set: [],
      discount: null,
      updated_at: null,
    })),
  });
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
});

describe("vendor profile screen", () => {
  it("shows the profile and every provider; level 3 may configure", async () => {
    signInAs(3);
    renderInApp(<VendorProfilePage />);
    expect(await screen.findByText("Demo Laundry Kuala Lumpur")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("provider-state-stripe").textContent).toBe("Enabled"));
    expect(screen.getByTestId("provider-configure-pay_account")).toBeTruthy();
    expect(screen.getByTestId("vendor-edit-contact")).toBeTruthy();
    expect(screen.queryByText("••••••••1234")).toBeNull();
  });

  it("is read-only for level 4", async () => {
    signInAs(4);
    renderInApp(<VendorProfilePage />);
    expect(await screen.findByText("Only the merchant main administrator can change payment settings.")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("provider-state-stripe")).toBeTruthy());
    expect(screen.queryByTestId("provider-configure-stripe")).toBeNull();
    expect(screen.queryByTestId("vendor-edit-contact")).toBeNull();
  });
});

describe("role dialog", () => {
  it("shows the permission tree with the locked keys checked and disabled, and variant-only keys marked", async () => {
    signInAs(3);
    renderInApp(<RoleDialog item={null} onClose={() => {}} />);
    const tree = await screen.findByTestId("permission-tree");
    const node = (key: string) => screen.getByTestId(`perm-${key}`).closest(".ant-tree-treenode");
    expect(node("console")?.querySelector(".ant-tree-checkbox-checked")).toBeTruthy();
    expect(node("console")?.querySelector(".ant-tree-checkbox-disabled")).toBeTruthy();
    expect(node("stripe")?.querySelector(".ant-tree-checkbox-checked")).toBeNull();
    expect(node("stripe")?.querySelector(".ant-tree-checkbox-disabled")).toBeNull();
    expect(node("op_goodnews")?.textContent).toContain("Some variants only");
    expect(tree).toBeTruthy();
  });

  it("lets a level-4 editor check only keys it holds", async () => {
    signInAs(4);
    renderInApp(<RoleDialog item={null} onClose={() => {}} />);
    await screen.findByTestId("permission-tree");
    const node = (key: string) => screen.getByTestId(`perm-${key}`).closest(".ant-tree-treenode");
    expect(node("shop_add")?.querySelector(".ant-tree-checkbox-disabled")).toBeNull();
    expect(node("stripe")?.querySelector(".ant-tree-checkbox-disabled")).toBeTruthy();
  });
});

describe("roles and sub-accounts screens", () => {
  it("list the vendor's roles with their holders, app roles and actions", async () => {
    signInAs(3);
    renderInApp(<RolesPage />);
    expect(await screen.findByText("Cashier")).toBeTruthy();
    expect(screen.getAllByText("Financial staff").length).toBeGreaterThan(0);
    expect(screen.getByTestId("role-add")).toBeTruthy();
    expect(screen.getByTestId("role-remove")).toBeTruthy();
  });

  it("list sub-accounts with their role and status, offering to enable a disabled one", async () => {
    signInAs(3);
    renderInApp(<SubAccountsPage />);
    expect(await screen.findByText("till_one")).toBeTruthy();
    expect(screen.getAllByText("Cashier").length).toBeGreaterThan(0);
    // Edit is the row's button; enabling and the rest are in its "more actions" menu.
    fireEvent.click(screen.getByTestId(MORE_ACTIONS_TEST_ID));
    expect((await screen.findByTestId("sub-toggle")).textContent).toBe("Enable");
    expect(screen.getByTestId("sub-add")).toBeTruthy();
  });
});
