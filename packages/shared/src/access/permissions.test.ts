import { describe, expect, it } from "vitest";
import {
  ALL_PERMISSION_LEAVES,
  APP_ROLES,
  effectivePermissions,
  hasPermission,
  isPermissionKey,
  LOCKED_PERMISSION_KEYS,
  PERMISSION_TREE,
} from "./permissions.js";

const crud = (p: string): string[] => [`${p}_query`, `${p}_add`, `${p}_modify`, `${p}_remove`];

const SPEC_SUB_ACT = [...crud("role"), ...crud("sub_act")];
const SPEC_LOG = ["log_opts", "log_dev"];

/** Spec §6 permission tree, transcribed independently of the source. */
const SPEC_TREE: Record<string, readonly string[]> = {
  v_console: ["console"],
  v_vendor: ["vendor_info"],
  v_shop: [...crud("loc"), ...crud("shop"), ...crud("allia"), ...crud("payqr"), "dev_query", "dev_control"],
  v_promotion: [
    "op_timelimit",
    "op_firstfree",
    "op_referfriend",
    "op_dis_card",
    "op_present",
    "op_bonus",
    "op_washdry",
    "op_dis_point",
    "op_point",
    "op_goodnews",
  ],
  v_revenue: ["reve_total", "reve_shop", "reve_other", "reve_device", "reve_usage"],
  v_order: [
    "order_freestart",
    "order_rewards",
    "order_mem_account",
    "order_mem_card",
    "fomo",
    "rmpay",
    "linepay",
    "iyzipay",
    "gbprimepay",
    "wechat",
    "alipay",
    "Razer_DuitNow",
    "paypal",
    "gkash",
    "qris",
    "xendit",
    "abapay",
    "pocket",
    "stripe",
  ],
  v_form: [
    "form_dis_card",
    "form_point",
    "forms_kiosk_business",
    "card_bussiness_forms",
    "form_account",
    "form_coin_exchanger",
    "form_vending_machine",
    "form_device_operations",
    "form_account_manager",
    "form_payqr_operations",
  ],
  v_data_center: ["dc_statistic"],
  v_member: ["mem_query", "mem_modify", "mem_give_discounts"],
  v_usercard: ["ucard_query", "ucard_modify"],
  v_wild_dev: ["wd_query"],
  v_ota: ["ota_query", "ota_add"],
  v_sub_act: SPEC_SUB_ACT,
  v_log: SPEC_LOG,
  v_setting: ["sett_acct"],
};

/** Spec §6 app_role group; the source keeps it apart as APP_ROLES (mobile-app roles, not console keys). */
const SPEC_APP_ROLES = ["submanager", "financial", "operator", "investor", "outlet_support"];

const SPEC_LEAVES = Object.values(SPEC_TREE).flat();

/**
 * Spec §6: "Query-type keys, console, vendor, location, alliance, sub-account and log items are
 * locked on by default." Query-type keys are the `*_query` leaves; "sub-account items" is the
 * whole v_sub_act group (roles and sub-accounts).
 */
const SPEC_LOCKED = new Set<string>([
  ...SPEC_LEAVES.filter((k) => k.endsWith("_query")),
  "console",
  "vendor_info",
  ...crud("loc"),
  ...crud("allia"),
  ...SPEC_SUB_ACT,
  ...SPEC_LOG,
]);

const groupOf = (key: string) => PERMISSION_TREE.find((g) => g.key === key);

describe("PERMISSION_TREE (spec §6)", () => {
  it("has exactly the §6 groups, in order", () => {
    expect(PERMISSION_TREE.map((g) => g.key)).toEqual(Object.keys(SPEC_TREE));
  });

  it.each(Object.entries(SPEC_TREE))("group %s has exactly the §6 leaves", (key, leaves) => {
    const group = groupOf(key);
    expect(group, key).toBeDefined();
    expect(group?.leaves).toEqual(leaves);
  });

  it("lists every leaf once, across the whole tree", () => {
    expect(ALL_PERMISSION_LEAVES).toEqual(SPEC_LEAVES);
    expect(new Set(ALL_PERMISSION_LEAVES).size).toBe(ALL_PERMISSION_LEAVES.length);
    const groupKeys = PERMISSION_TREE.map((g) => g.key);
    for (const leaf of ALL_PERMISSION_LEAVES) expect(groupKeys).not.toContain(leaf);
  });

  it("marks op_dis_point, op_point and op_goodnews as variant-only promotion leaves", () => {
    const promotion = PERMISSION_TREE.find((g) => g.key === "v_promotion");
    expect(promotion && "optional" in promotion ? promotion.optional : undefined).toEqual([
      "op_dis_point",
      "op_point",
      "op_goodnews",
    ]);
    for (const g of PERMISSION_TREE) {
      if (g.key !== "v_promotion") expect("optional" in g, g.key).toBe(false);
    }
  });

  it("keeps the §6 app_role group as APP_ROLES", () => {
    expect([...APP_ROLES]).toEqual(SPEC_APP_ROLES);
  });

  it("recognises group and leaf keys and nothing else", () => {
    for (const key of [...Object.keys(SPEC_TREE), ...SPEC_LEAVES]) expect(isPermissionKey(key), key).toBe(true);
    for (const key of ["", "v_nothing", "shop", "CONSOLE", "razer_duitnow", "app_role", "submanager"]) {
      expect(isPermissionKey(key), key).toBe(false);
    }
  });
});

describe("LOCKED_PERMISSION_KEYS (spec §6)", () => {
  it("is exactly the query keys plus console, vendor, location, alliance, sub-account and log items", () => {
    expect([...LOCKED_PERMISSION_KEYS].sort()).toEqual([...SPEC_LOCKED].sort());
  });

  it("includes every *_query leaf of the tree", () => {
    const queries = ALL_PERMISSION_LEAVES.filter((k) => k.endsWith("_query"));
    expect(queries).toHaveLength(11);
    for (const q of queries) expect(LOCKED_PERMISSION_KEYS.has(q), q).toBe(true);
  });

  it("does not lock modifying keys of other items", () => {
    for (const key of [
      "shop_add",
      "shop_modify",
      "shop_remove",
      "payqr_add",
      "dev_control",
      "mem_modify",
      "ucard_modify",
      "ota_add",
      "sett_acct",
      "stripe",
      "reve_total",
      "op_timelimit",
      "dc_statistic",
    ]) {
      expect(LOCKED_PERMISSION_KEYS.has(key as never), key).toBe(false);
    }
  });

  it("only holds real leaves", () => {
    for (const key of LOCKED_PERMISSION_KEYS) expect(ALL_PERMISSION_LEAVES).toContain(key);
  });
});

describe("effectivePermissions", () => {
  it("gives exactly the locked keys for an empty role", () => {
    expect([...effectivePermissions([])].sort()).toEqual([...SPEC_LOCKED].sort());
  });

  it("adds exactly the locked keys to a role's keys", () => {
    const role = ["shop_add", "stripe", "reve_total", "sett_acct"];
    expect(new Set(effectivePermissions(role))).toEqual(new Set([...SPEC_LOCKED, ...role]));
  });

  it("drops unknown keys, group keys and app roles", () => {
    const result = effectivePermissions(["shop_add", "bogus", "v_order", "v_shop", "financial", "", "SHOP_ADD"]);
    expect(new Set(result)).toEqual(new Set([...SPEC_LOCKED, "shop_add"]));
  });

  it("lists each key once, in tree order", () => {
    const result = effectivePermissions(["stripe", "console", "stripe", "op_point", "shop_add"]);
    expect(new Set(result).size).toBe(result.length);
    expect(result).toEqual(ALL_PERMISSION_LEAVES.filter((k) => result.includes(k)));
  });

  it("gives every leaf for a role holding every leaf", () => {
    expect(effectivePermissions(SPEC_LEAVES)).toEqual(SPEC_LEAVES);
  });
});

describe("hasPermission", () => {
  it("accepts a held leaf and refuses an unheld leaf", () => {
    expect(hasPermission(["shop_query", "stripe"], "stripe")).toBe(true);
    expect(hasPermission(["shop_query", "stripe"], "shop_query")).toBe(true);
    expect(hasPermission(["shop_query", "stripe"], "shop_add")).toBe(false);
    expect(hasPermission([], "console")).toBe(false);
  });

  it.each(Object.entries(SPEC_TREE))("accepts group %s when any one of its leaves is held", (group, leaves) => {
    for (const leaf of leaves) expect(hasPermission([leaf], group), `${group} via ${leaf}`).toBe(true);
  });

  it.each(Object.entries(SPEC_TREE))("refuses group %s when none of its leaves is held", (group, leaves) => {
    const others = SPEC_LEAVES.filter((k) => !leaves.includes(k));
    expect(hasPermission(others, group)).toBe(false);
    expect(hasPermission([], group)).toBe(false);
  });

  it("does not treat a held group key as granting its leaves", () => {
    expect(hasPermission(["v_setting"], "sett_acct")).toBe(false);
  });

  it("refuses unknown keys", () => {
    expect(hasPermission(SPEC_LEAVES, "v_unknown")).toBe(false);
    expect(hasPermission(SPEC_LEAVES, "")).toBe(false);
  });

  it("is case-sensitive", () => {
    expect(hasPermission(["Razer_DuitNow"], "razer_duitnow")).toBe(false);
    expect(hasPermission(["Razer_DuitNow"], "Razer_DuitNow")).toBe(true);
  });
});
