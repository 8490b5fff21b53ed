import { describe, expect, it } from "vitest";
import {
  ALL_PERMISSION_LEAVES,
  APP_ROLES,
  chosenPermissions,
  effectivePermissions,
  hasPermission,
  isPermissionKey,
  isPermissionLeaf,
  LOCKED_PERMISSION_KEYS,
  PERMISSION_TREE,
  type PermissionRequirement,
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

/** Leaves of ours beyond §6: the sandbox provider's order screen (after the fifteen providers'). */
const OUR_LEAVES: Record<string, readonly string[]> = { v_order: ["order_sandbox"] };
const TREE: Record<string, readonly string[]> = Object.fromEntries(
  Object.entries(SPEC_TREE).map(([group, leaves]) => [group, [...leaves, ...(OUR_LEAVES[group] ?? [])]]),
);

/** Spec §6 app_role group; the source keeps it apart as APP_ROLES (mobile-app roles, not console keys). */
const SPEC_APP_ROLES = ["submanager", "financial", "operator", "investor", "outlet_support"];

const SPEC_LEAVES = Object.values(SPEC_TREE).flat();
const LEAVES = Object.values(TREE).flat();

/**
 * Spec §6: "Query-type keys, console, vendor, location, alliance, sub-account and log items are
 * locked on by default." The location, alliance and sub-account items are locked through their
 * query keys (loc_query, allia_query, role_query, sub_act_query): adding, modifying and removing them
 * are not queries, or "financial staff: vendor info and revenue only" could remove locations and
 * manage sub-accounts. The log items only read, so both are locked.
 */
const SPEC_LOCKED = new Set<string>([
  ...SPEC_LEAVES.filter((k) => k.endsWith("_query")),
  "console",
  "vendor_info",
  ...SPEC_LOG,
]);
/** Rights over locations, alliances, roles and sub-accounts that the lock must not give. */
const NOT_LOCKED_ITEMS = [...crud("loc"), ...crud("allia"), ...SPEC_SUB_ACT].filter((k) => !k.endsWith("_query"));

const groupOf = (key: string) => PERMISSION_TREE.find((g) => g.key === key);

describe("PERMISSION_TREE (spec §6)", () => {
  it("has exactly the §6 groups, in order", () => {
    expect(PERMISSION_TREE.map((g) => g.key)).toEqual(Object.keys(SPEC_TREE));
  });

  it.each(Object.entries(TREE))("group %s has exactly the §6 leaves (and ours after them)", (key, leaves) => {
    const group = groupOf(key);
    expect(group, key).toBeDefined();
    expect(group?.leaves).toEqual(leaves);
  });

  it("lists every leaf once, across the whole tree", () => {
    expect(ALL_PERMISSION_LEAVES).toEqual(LEAVES);
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
    for (const key of [...Object.keys(TREE), ...LEAVES]) expect(isPermissionKey(key), key).toBe(true);
    for (const key of ["", "v_nothing", "shop", "CONSOLE", "razer_duitnow", "app_role", "submanager"]) {
      expect(isPermissionKey(key), key).toBe(false);
    }
    for (const key of LEAVES) expect(isPermissionLeaf(key), key).toBe(true);
    for (const key of [...Object.keys(TREE), "", "sandbox", "submanager"])
      expect(isPermissionLeaf(key), key).toBe(false);
  });
});

describe("LOCKED_PERMISSION_KEYS (spec §6)", () => {
  it("is exactly the query keys (location, alliance, role and sub-account queries among them), console, vendor info and the logs", () => {
    expect([...LOCKED_PERMISSION_KEYS].sort()).toEqual([...SPEC_LOCKED].sort());
  });

  it("locks no right to add, modify or remove locations, alliances, roles or sub-accounts", () => {
    expect(NOT_LOCKED_ITEMS).toHaveLength(12);
    for (const key of NOT_LOCKED_ITEMS) expect(LOCKED_PERMISSION_KEYS.has(key as never), key).toBe(false);
    for (const key of LOCKED_PERMISSION_KEYS) expect(/_(add|modify|remove|control)$/.test(key), key).toBe(false);
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
    expect(effectivePermissions(LEAVES)).toEqual(LEAVES);
  });
});

describe("chosenPermissions (what a role row stores)", () => {
  it("keeps the chosen leaves, without the locked ones, group keys or unknown keys", () => {
    expect(chosenPermissions(["console", "loc_query", "loc_remove", "v_order", "bogus", "stripe"])).toEqual([
      "loc_remove",
      "stripe",
    ]);
    expect(chosenPermissions([...LOCKED_PERMISSION_KEYS])).toEqual([]);
  });

  it("gives back the same effective keys once the lock is added", () => {
    const role = ["shop_add", "stripe", "role_add", "console", "mem_query"];
    expect(effectivePermissions(chosenPermissions(role))).toEqual(effectivePermissions(role));
  });
});

describe("hasPermission", () => {
  it("accepts a held leaf and refuses an unheld leaf", () => {
    expect(hasPermission(["shop_query", "stripe"], "stripe")).toBe(true);
    expect(hasPermission(["shop_query", "stripe"], "shop_query")).toBe(true);
    expect(hasPermission(["shop_query", "stripe"], "shop_add")).toBe(false);
    expect(hasPermission([], "console")).toBe(false);
  });

  it.each(Object.entries(TREE))("never accepts group %s, whichever of its leaves are held", (group, leaves) => {
    const required = group as PermissionRequirement;
    for (const leaf of leaves) expect(hasPermission([leaf], required), `${group} via ${leaf}`).toBe(false);
    expect(hasPermission(leaves, required), `${group} with all its leaves`).toBe(false);
    expect(hasPermission([...LEAVES, group], required), `${group} held as a key`).toBe(false);
    expect(hasPermission([], required)).toBe(false);
  });

  it.each(LEAVES.map((leaf) => [leaf] as const))("refuses %s to a list holding every other leaf", (leaf) => {
    const others = LEAVES.filter((k) => k !== leaf);
    expect(hasPermission(others, leaf as PermissionRequirement)).toBe(false);
    expect(hasPermission([leaf], leaf as PermissionRequirement)).toBe(true);
  });

  it("accepts `oneOf` leaves with one of them held, and only real leaves count", () => {
    const required: PermissionRequirement = { oneOf: ["stripe", "order_sandbox"] };
    expect(hasPermission(["order_sandbox"], required)).toBe(true);
    expect(hasPermission(["stripe"], required)).toBe(true);
    expect(
      hasPermission(
        LEAVES.filter((k) => k !== "stripe" && k !== "order_sandbox"),
        required,
      ),
    ).toBe(false);
    expect(hasPermission(["v_order"], { oneOf: ["v_order" as never] })).toBe(false);
    expect(hasPermission(LEAVES, { oneOf: [] })).toBe(false);
  });

  it("does not treat a held group key as granting its leaves", () => {
    expect(hasPermission(["v_setting"], "sett_acct")).toBe(false);
  });

  it("refuses unknown keys", () => {
    expect(hasPermission(LEAVES, "v_unknown" as never)).toBe(false);
    expect(hasPermission(["v_unknown"], "v_unknown" as never)).toBe(false);
    expect(hasPermission(LEAVES, "" as never)).toBe(false);
  });

  it("is case-sensitive", () => {
    expect(hasPermission(["Razer_DuitNow"], "razer_duitnow" as never)).toBe(false);
    expect(hasPermission(["Razer_DuitNow"], "Razer_DuitNow")).toBe(true);
  });
});
