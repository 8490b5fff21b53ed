import { z } from "zod";
import { LIMITS } from "../limits.js";
import { endpoint } from "./contract.js";
import { ENABLED_STATUS, enabledStatus, recordId, requiredText } from "./fields.js";
import { listRequest, listResult } from "./list.js";
import { imageList } from "./uploads.js";

const optionalText = (max: number) => z.string().trim().max(max, { error: "validation.tooLong" }).default("");

/**
 * A coordinate in decimal degrees (spec §5 "coordinates must be decimals"): a number, or text that
 * is one ("3.1390"); empty is "required", anything else ("abc") is "must be a decimal number".
 */
export function coordinate(range: { min: number; max: number }, rangeKey: string) {
  return z.preprocess(
    (value) => {
      if (typeof value !== "string") return value;
      const text = value.trim();
      if (text === "") return undefined;
      return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
    },
    z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === null ? "validation.required" : "validation.decimal",
      })
      .min(range.min, { error: rangeKey })
      .max(range.max, { error: rangeKey }),
  );
}

export const brandFields = {
  name: requiredText(64),
  longitude: coordinate(LIMITS.longitude, "validation.longitude"),
  latitude: coordinate(LIMITS.latitude, "validation.latitude"),
  service_time: requiredText(64),
  country: requiredText(64),
  province: requiredText(64),
  city: requiredText(64),
  address: requiredText(255),
  manager: optionalText(64),
  region: optionalText(64),
  contact_phone: requiredText(32),
  icon: imageList(LIMITS.imageCounts.brandIcon).default([]),
  logo: imageList(LIMITS.imageCounts.brandLogo).default([]),
  status: enabledStatus.default(ENABLED_STATUS.enabled),
};

export const brandCreateRequest = z.object(brandFields);
export const brandModifyRequest = z.object({
  id: recordId,
  ...brandFields,
});
export const brandIdRequest = z.object({ id: recordId });
export const enabledStatusRequest = z.object({ id: brandIdRequest.shape.id, status: enabledStatus });

export const brandItem = z.object({
  id: z.number().int(),
  name: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  service_time: z.string(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  address: z.string(),
  manager: z.string(),
  region: z.string(),
  contact_phone: z.string(),
  icon: z.array(z.string()),
  logo: z.array(z.string()),
  status: enabledStatus,
  created_at: z.number().int(),
});
export type BrandItem = z.infer<typeof brandItem>;

export const brandListFilters = {
  /** Part of the brand's name, case-insensitive. */
  name: z.string().trim().max(64, { error: "validation.tooLong" }).optional(),
  status: enabledStatus.optional(),
};

export const brandListRequest = listRequest(brandListFilters);
export const brandListResult = listResult(brandItem).extend({
  /** The group's cap on brands ("brand count exceeds limit, contact admin"). */
  brand_limit: z.number().int(),
});

const GROUP_ONLY = { kind: "session", levels: [6, 7] } as const;

export const brandEndpoints = {
  list: endpoint({
    method: "POST",
    path: "/api/Brand/get_brand_list",
    summary: "Brands of the signed-in account's group, newest first, filtered and paged by cursor",
    access: GROUP_ONLY,
    body: brandListRequest,
    result: brandListResult,
    mutates: false,
  }),
  create: endpoint({
    method: "POST",
    path: "/api/Brand/create_brand",
    summary: "Creates a brand of the group; refused with BRAND_LIMIT when the group's brand cap is reached",
    access: GROUP_ONLY,
    body: brandCreateRequest,
    result: brandItem,
    mutates: true,
    log: "brands.create",
  }),
  modify: endpoint({
    method: "POST",
    path: "/api/Brand/modify_brand",
    summary: "Changes every field of a brand of the group",
    access: GROUP_ONLY,
    body: brandModifyRequest,
    result: brandItem,
    mutates: true,
    log: "brands.modify",
  }),
  setStatus: endpoint({
    method: "POST",
    path: "/api/Brand/modify_brand_status",
    summary: "Enables (1) or disables (0) a brand of the group",
    access: GROUP_ONLY,
    body: enabledStatusRequest,
    result: brandItem,
    mutates: true,
    log: "brands.setStatus",
  }),
  remove: endpoint({
    method: "POST",
    path: "/api/Brand/remove_brand",
    summary: "Removes a brand of the group",
    access: GROUP_ONLY,
    body: brandIdRequest,
    result: z.object({ id: z.number().int() }),
    mutates: true,
    log: "brands.remove",
  }),
} as const;
