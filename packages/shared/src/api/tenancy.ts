import { z } from "zod";
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
} as const;
