import type { ConsoleLevel } from "./levels.js";
import { PERMISSION_TREE, type PermissionLeafKey } from "./permissions.js";
import type { MenuGroup } from "./routes.js";

/**
 * Vendor variants (spec §6, §7 "Tenant get_sys_cust_vendor, Custom get_vendor_routes_map"): a
 * merchant of another trade runs the same console with some keys hidden and some routes renamed or
 * added. The variant is a vendor field its group sets; the console asks for the route map when a
 * vendor's account signs in and adds it to the route registry (spec §2 "routes can be added at
 * runtime").
 */
export const VENDOR_VARIANTS = ["laundry", "car_wash"] as const;
export type VendorVariant = (typeof VENDOR_VARIANTS)[number];
export const DEFAULT_VENDOR_VARIANT: VendorVariant = "laundry";

/**
 * One entry of a variant's route map. An entry naming a path of the route table changes it (its
 * title, its place in the menu, or hides it); an entry with a new path adds a route, which opens the
 * screen of `screenOf` (a route needs a screen, and a variant brings no code of its own).
 */
export interface VariantRoute {
  path: string;
  titleKey: string;
  group?: MenuGroup;
  levels?: readonly ConsoleLevel[];
  permission?: PermissionLeafKey;
  screenOf?: string;
  hidden?: boolean;
}

interface VariantDefinition {
  /** Permission keys the variant's merchants never see nor hold (role editor, level-4 lists, checks). */
  hiddenPermissions: readonly PermissionLeafKey[];
  routes: readonly VariantRoute[];
}

/** The leaves §6 marks as shown only by some variants ("the last three hidden in some variants, e.g. car-wash"). */
const variantOnlyLeaves = PERMISSION_TREE.flatMap((g) =>
  "optional" in g ? (g.optional as readonly PermissionLeafKey[]) : [],
);

export const VARIANTS: Readonly<Record<VendorVariant, VariantDefinition>> = {
  laundry: { hiddenPermissions: [], routes: [] },
  car_wash: {
    hiddenPermissions: variantOnlyLeaves,
    routes: [
      // A car wash's machines are its bays.
      { path: "/shop/devices", titleKey: "routes.car_wash_devices" },
      { path: "/income_report/income_device", titleKey: "routes.car_wash_income_device" },
      // The bays' events sit with the bays, where a car-wash operator looks for them.
      {
        path: "/shop/bay_events",
        titleKey: "routes.car_wash_bay_events",
        group: "shop",
        levels: [3, 4],
        permission: "log_dev",
        screenOf: "/log/log_dev",
      },
    ],
  },
};

export function isVendorVariant(value: string): value is VendorVariant {
  return (VENDOR_VARIANTS as readonly string[]).includes(value);
}

/** The variant a stored value names; an unknown one (a variant since withdrawn) is the default. */
export function variantOf(value: string | null | undefined): VendorVariant {
  return value && isVendorVariant(value) ? value : DEFAULT_VENDOR_VARIANT;
}

export function hiddenPermissionsOf(variant: VendorVariant): readonly PermissionLeafKey[] {
  return VARIANTS[variant].hiddenPermissions;
}
