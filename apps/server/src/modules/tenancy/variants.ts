import {
  hiddenPermissionsOf,
  VARIANTS,
  type VendorCustomization,
  type VendorRoutesMap,
  variantOf,
} from "@washboard/shared";
import type { Db } from "../../platform/db/client.js";
import type { TenantScope } from "../../platform/http/context.js";
import { scopedVendor } from "./queries.js";
import type { VendorRow } from "./store.js";

/** The permission keys a vendor's variant hides: never held by its sub-accounts, refused in its roles. */
export function hiddenKeysOfVendor(vendor: Pick<VendorRow, "variant"> | null | undefined): readonly string[] {
  return hiddenPermissionsOf(variantOf(vendor?.variant));
}

/** The keys hidden by the variant of the vendor a request acts on. */
export async function hiddenKeysOfScope(db: Db, scope: TenantScope): Promise<readonly string[]> {
  return hiddenKeysOfVendor(await scopedVendor(db, scope));
}

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
