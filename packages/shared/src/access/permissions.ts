/**
 * The permission tree of spec §6. It is the one table behind role editing, level-4 menus and the
 * server's access checks. Leaf keys are the rights: what a role stores and what a call or a page
 * requires. A group key only arranges leaves in the role editor; it is never a right itself, and
 * holding some of a group's leaves grants nothing of the others.
 */
export interface PermissionGroup {
  key: string;
  leaves: readonly string[];
  /** Leaves shown only by some product variants (e.g. hidden for car-wash operators). */
  optional?: readonly string[];
}

const crud = <P extends string>(prefix: P) =>
  [`${prefix}_query`, `${prefix}_add`, `${prefix}_modify`, `${prefix}_remove`] as const;

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
      // Ours, beyond §6: the sandbox provider's order screen (its list, export and refunds).
      "order_sandbox",
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
 * Keys that are always on and cannot be cleared (spec §6: "query-type keys, console, vendor,
 * location, alliance, sub-account and log items are locked on"): the console, vendor info, the two
 * logs (which only read) and every query-type key — among them the location, alliance, role and
 * sub-account queries. Only the query: adding, modifying and removing those items are rights like
 * any other, or "financial staff" could remove locations and every sub-account manage the others.
 * The lock is a rule applied when a role is read (`effectivePermissions`), not keys stored in it.
 */
export const LOCKED_PERMISSION_KEYS: ReadonlySet<PermissionLeafKey> = new Set<PermissionLeafKey>([
  "console",
  "vendor_info",
  ...ALL_PERMISSION_LEAVES.filter((leaf) => leaf.endsWith("_query")),
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

export function isPermissionLeaf(key: string): key is PermissionLeafKey {
  return GROUP_OF_LEAF.has(key);
}

/** The leaves of a group, in tree order. */
export function leavesOf(group: PermissionGroupKey): PermissionLeafKey[] {
  return [...(PERMISSION_TREE.find((g) => g.key === group)?.leaves ?? [])];
}

/**
 * What a call or a page requires of a level-4 account: one leaf key, or — for a call that reaches
 * records of several screens (an order found by its number, whatever its source), or a page made of
 * sections (the promotions, one kind each) — `oneOf` leaves, each record or section under its own:
 * the account is let in holding one of them, and the handler or page gives it only the records or
 * sections of the leaves it holds. Never a group key.
 */
export type PermissionRequirement = PermissionLeafKey | { readonly oneOf: readonly PermissionLeafKey[] };

/** The leaves a requirement names. */
export function leavesRequired(required: PermissionRequirement): readonly PermissionLeafKey[] {
  return typeof required === "string" ? [required] : required.oneOf;
}

/**
 * A role's stored keys plus the locked ones: what a level-4 account really holds. `hidden` are the
 * keys its vendor's variant hides (variants.ts): never held, whatever a role stored before the
 * vendor's variant changed.
 */
export function effectivePermissions(roleKeys: readonly string[], hidden: readonly string[] = []): PermissionLeafKey[] {
  const keys = new Set<string>(LOCKED_PERMISSION_KEYS);
  for (const key of roleKeys) if (GROUP_OF_LEAF.has(key)) keys.add(key);
  return ALL_PERMISSION_LEAVES.filter((leaf) => keys.has(leaf) && !hidden.includes(leaf));
}

/** What a role stores: the leaves chosen beyond the locked ones (the lock is added when it is read). */
export function chosenPermissions(roleKeys: readonly string[]): PermissionLeafKey[] {
  return effectivePermissions(roleKeys).filter((leaf) => !LOCKED_PERMISSION_KEYS.has(leaf));
}

/**
 * The one permission check. `granted` holds leaf keys (a level-4 permission list); `required` is
 * the leaf a call or page needs (or `oneOf` leaves, see PermissionRequirement). Only a leaf is a
 * right: a group key, even one whose leaves are all held, is never satisfied, so a call that names
 * a group by mistake is refused to every level-4 account rather than granted by any leaf.
 */
export function hasPermission(granted: readonly string[], required: PermissionRequirement): boolean {
  return leavesRequired(required).some((leaf) => isPermissionLeaf(leaf) && granted.includes(leaf));
}
