import { z } from "zod";
import { MENU_GROUPS } from "../access/routes.js";
import { VENDOR_VARIANTS } from "../access/variants.js";
import { endpoint } from "./contract.js";
import { recordId } from "./fields.js";
import { providerFlagsSchema } from "./vendor-shared.js";

export const vendorSummary = z
  .object({
    vendor_id: z.number().int(),
    name: z.string(),
    currency: z.string(),
    language: z.string(),
    time_zone: z.string(),
    hide_symbol: z.enum(["0", "1"]),
  })
  .extend(providerFlagsSchema.shape);
export type VendorSummary = z.infer<typeof vendorSummary>;

export const vendorListByGroupResult = z.object({ vendor_list: z.array(vendorSummary) });

/** Tenant/get_sys_cust_vendor: how the vendor's variant customizes the console. */
export const vendorCustomization = z.object({
  vendor_id: z.number().int(),
  variant: z.enum(VENDOR_VARIANTS),
  /** Permission keys hidden from the role editor and never held by the vendor's sub-accounts. */
  hidden_permissions: z.array(z.string()),
});
export type VendorCustomization = z.infer<typeof vendorCustomization>;

/** One route the variant renames, hides or adds (variants.ts `VariantRoute`), as the console's registry takes it. */
export const variantRouteItem = z.object({
  path: z.string(),
  title_key: z.string(),
  group: z.enum(MENU_GROUPS).optional(),
  levels: z.array(z.number().int()).optional(),
  permission: z.string().optional(),
  /** An added route opens this path's screen. */
  screen_of: z.string().optional(),
  hidden: z.boolean().optional(),
});
export type VariantRouteItem = z.infer<typeof variantRouteItem>;

export const vendorRoutesMap = z.object({
  vendor_id: z.number().int(),
  variant: z.enum(VENDOR_VARIANTS),
  routes: z.array(variantRouteItem),
});
export type VendorRoutesMap = z.infer<typeof vendorRoutesMap>;

export const tenancyEndpoints = {
  listByGroup: endpoint({
    method: "POST",
    path: "/api/Vendor/get_vendor_list_by_group",
    summary: "Vendors of the signed-in account's group, with currency and provider flags",
    access: { kind: "session", levels: [6, 7] },
    body: z.object({ group_id: recordId.optional() }),
    result: vendorListByGroupResult,
    mutates: false,
  }),
  current: endpoint({
    method: "POST",
    path: "/api/Vendor/get_vendor_info",
    summary: "The active vendor's summary: currency, time zone and provider flags",
    access: { kind: "session", levels: [3, 4] },
    body: z.object({}),
    result: vendorSummary,
    mutates: false,
  }),
  customization: endpoint({
    method: "POST",
    path: "/api/Tenant/get_sys_cust_vendor",
    summary: "The active vendor's variant and the permission keys it hides",
    access: { kind: "session", levels: [3, 4, 6, 7] },
    body: z.object({}),
    result: vendorCustomization,
    mutates: false,
  }),
  routesMap: endpoint({
    method: "POST",
    path: "/api/Custom/get_vendor_routes_map",
    summary: "The routes the active vendor's variant renames, hides or adds, applied by the console at sign-in",
    access: { kind: "session", levels: [3, 4, 6, 7] },
    body: z.object({}),
    result: vendorRoutesMap,
    mutates: false,
  }),
} as const;
