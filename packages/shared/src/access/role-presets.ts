import { type AppRole, leavesOf, PERMISSION_TREE, type PermissionLeafKey } from "./permissions.js";

/**
 * Starting roles offered when a vendor creates a role (spec §6 "Named roles"). Each lists the keys
 * its description names (a locked query key among them is held anyway) and the app role it maps
 * to. What a holder may really do is these plus the locked keys (`effectivePermissions`): the
 * tests check that against each description.
 */
export interface RolePreset {
  id: "sub_admin" | "financial" | "operator" | "investor";
  /** i18n key of the preset's name (`roles.presets.<id>`). */
  nameKey: string;
  permissions: readonly PermissionLeafKey[];
  appRoles: readonly AppRole[];
}

const REVENUE = leavesOf("v_revenue");

export const ROLE_PRESETS: readonly RolePreset[] = [
  {
    // Sub-admin: everything except sub-account management (roles and sub-accounts: it may view them,
    // as every role may, but not add, modify or remove them).
    id: "sub_admin",
    nameKey: "roles.presets.sub_admin",
    permissions: PERMISSION_TREE.filter((g) => g.key !== "v_sub_act").flatMap((g) => [...g.leaves]),
    appRoles: ["submanager"],
  },
  {
    // Financial staff: vendor info and revenue only.
    id: "financial",
    nameKey: "roles.presets.financial",
    permissions: ["vendor_info", ...REVENUE],
    appRoles: ["financial"],
  },
  {
    // Operator: view, create and edit shops (with their locations and devices) and wild devices.
    id: "operator",
    nameKey: "roles.presets.operator",
    permissions: [
      "loc_query",
      "loc_add",
      "loc_modify",
      "shop_query",
      "shop_add",
      "shop_modify",
      "dev_query",
      "dev_control",
      "wd_query",
    ],
    appRoles: ["operator"],
  },
  {
    // Shop owner / investor: finance plus some operator functions (see shops and devices, run devices).
    id: "investor",
    nameKey: "roles.presets.investor",
    permissions: ["vendor_info", ...REVENUE, "shop_query", "dev_query", "dev_control", "wd_query"],
    appRoles: ["investor"],
  },
];
