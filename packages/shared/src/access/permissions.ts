/**
 * The permission tree of spec §6. It is the one table behind role editing, level-4 menus and the
 * server's access checks. Leaf keys are what a role stores; a group key counts as granted when any
 * of its leaves is granted.
 */
export interface PermissionGroup {
  key: string;
  leaves: readonly string[];
  /** Leaves shown only by some product variants (e.g. hidden for car-wash operators). */
  optional?: readonly string[];
}

const crud = (prefix: string) => [`${prefix}_query`, `${prefix}_add`, `${prefix}_modify`, `${prefix}_remove`] as const;

export const PERMISSION_TREE = [
  { key: "v_console", leaves: ["console"] },
  { key: "v_vendor", leaves: ["vendor_info"] },
  {
    key: "v_shop",
    leaves: [...crud("loc"), ...crud("shop"), ...crud("allia"), ...crud("payqr"), "dev_query", "dev_control"],
  },
  {
    key: "v_promotion",
    leaves: [
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
    optional: ["op_dis_point", "op_point", "op_goodnews"],
  },
  { key: "v_revenue", leaves: ["reve_total", "reve_shop", "reve_other", "reve_device", "reve_usage"] },
  {
    key: "v_order",
    leaves: [
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
  },
  {
    key: "v_form",
    leaves: [
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
  },
  { key: "v_data_center", leaves: ["dc_statistic"] },
  { key: "v_member", leaves: ["mem_query", "mem_modify", "mem_give_discounts"] },
  { key: "v_usercard", leaves: ["ucard_query", "ucard_modify"] },
  { key: "v_wild_dev", leaves: ["wd_query"] },
  { key: "v_ota", leaves: ["ota_query", "ota_add"] },
  { key: "v_sub_act", leaves: [...crud("role"), ...crud("sub_act")] },
  { key: "v_log", leaves: ["log_opts", "log_dev"] },
  { key: "v_setting", leaves: ["sett_acct"] },
] as const satisfies readonly PermissionGroup[];

export type PermissionGroupKey = (typeof PERMISSION_TREE)[number]["key"];
export type PermissionLeafKey = (typeof PERMISSION_TREE)[number]["leaves"][number];
export type PermissionKey = PermissionGroupKey | PermissionLeafKey;

export const ALL_PERMISSION_LEAVES: readonly PermissionLeafKey[] = PERMISSION_TREE.flatMap(
  (g) => g.leaves as readonly PermissionLeafKey[],
);

/**
 * Keys that are always on and cannot be cleared (spec §6): every query-type key, the console,
 * vendor info, the location and alliance items, sub-account items and logs.
 */
export const LOCKED_PERMISSION_KEYS: ReadonlySet<PermissionLeafKey> = new Set<PermissionLeafKey>([
  "console",
  "vendor_info",
  ...crud("loc"),
  ...crud("allia"),
  "shop_query",
  "payqr_query",
  "dev_query",
  "mem_query",
  "ucard_query",
  "wd_query",
  "ota_query",
  ...crud("role"),
  ...crud("sub_act"),
  "log_opts",
  "log_dev",
]);

/** App roles (spec §6), assigned to accounts of the mobile operator app. */
export const APP_ROLES = ["submanager", "financial", "operator", "investor", "outlet_support"] as const;
export type AppRole = (typeof APP_ROLES)[number];

const GROUP_OF_LEAF = new Map<string, string>(
  PERMISSION_TREE.flatMap((g) => g.leaves.map((leaf) => [leaf, g.key] as const)),
);

export function isPermissionKey(key: string): key is PermissionKey {
  return GROUP_OF_LEAF.has(key) || PERMISSION_TREE.some((g) => g.key === key);
}

/** A role's stored keys plus the locked ones: what a level-4 account really holds. */
export function effectivePermissions(roleKeys: readonly string[]): PermissionLeafKey[] {
  const keys = new Set<string>(LOCKED_PERMISSION_KEYS);
  for (const key of roleKeys) if (GROUP_OF_LEAF.has(key)) keys.add(key);
  return ALL_PERMISSION_LEAVES.filter((leaf) => keys.has(leaf));
}

/**
 * The one permission check. `granted` holds leaf keys (a level-4 permission list); `required` is a
 * leaf or a group key. A group key is satisfied by any of its leaves.
 */
export function hasPermission(granted: readonly string[], required: string): boolean {
  if (granted.includes(required)) return true;
  const group = PERMISSION_TREE.find((g) => g.key === required);
  return group?.leaves.some((leaf) => granted.includes(leaf)) ?? false;
}
