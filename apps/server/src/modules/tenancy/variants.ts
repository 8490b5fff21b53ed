import {
  hiddenPermissionsOf,
  VARIANTS,
  type VendorCustomization,
  type VendorRoutesMap,
  variantOf,
} from "@washboard/shared";
import type { VendorRow } from "./store.js";

/** Tenant/get_sys_cust_vendor: the vendor's variant and the keys it hides. */
export function customizationOf(vendor: VendorRow): VendorCustomization {
  const variant = variantOf(vendor.variant);
  return { vendor_id: vendor.id, variant, hidden_permissions: [...hiddenPermissionsOf(variant)] };
}

/** Custom/get_vendor_routes_map: the variant's route map, in the API's field names. */
export function routesMapOf(vendor: VendorRow): VendorRoutesMap {
  const variant = variantOf(vendor.variant);
  return {
    vendor_id: vendor.id,
    variant,
    routes: VARIANTS[variant].routes.map((route) => ({
      path: route.path,
      title_key: route.titleKey,
      ...(route.group && { group: route.group }),
      ...(route.levels && { levels: [...route.levels] }),
      ...(route.permission && { permission: route.permission }),
      ...(route.screenOf && { screen_of: route.screenOf }),
      ...(route.hidden !== undefined && { hidden: route.hidden }),
    })),
  };
}
