import { z } from "zod";
import type { PermissionLeafKey } from "../access/permissions.js";
import { emptyBody, endpoint } from "./contract.js";
import { enabledStatus, recordId, requiredText } from "./fields.js";
import { listRequest, listResult } from "./list.js";
import { nameSort } from "./name-sort.js";
import { namedOption } from "./shops.js";

/** Spec §9: the two kinds of shop alliance. */
export const ALLIANCE_TYPE = { laundry: 1, crossIndustry: 2 } as const;
export const ALLIANCE_TYPES = [ALLIANCE_TYPE.laundry, ALLIANCE_TYPE.crossIndustry] as const;
export type AllianceType = (typeof ALLIANCE_TYPES)[number];
export const allianceType = z.union([z.literal(ALLIANCE_TYPE.laundry), z.literal(ALLIANCE_TYPE.crossIndustry)], {
  error: (issue) => (issue.input === undefined || issue.input === "" ? "validation.required" : "validation.invalid"),
});

export const allianceFields = {
  name: requiredText(64),
  type: allianceType,
  /** The vendor's shops that form the alliance; a shop belongs to one alliance at most. */
  shop_ids: z
    .array(recordId, { error: "validation.invalid" })
    .max(1000, { error: "validation.invalid" })
    .refine((ids) => new Set(ids).size === ids.length, { error: "validation.invalid" })
    .default([]),
  /** The virtual card template: one of the e-cards of the vendor's group, or none. */
  ecard_id: recordId.nullable().default(null),
  remark: z.string().trim().max(255, { error: "validation.tooLong" }).default(""),
};

export const allianceCreateRequest = z.object({ ...allianceFields, status: enabledStatus.default(1) });
/** Modify replaces every field, the member shops included (one transaction). */
export const allianceModifyRequest = z.object({ id: recordId, ...allianceFields });
export const allianceIdRequest = z.object({ id: recordId });
export const allianceStatusRequest = z.object({ id: recordId, status: enabledStatus });

export const allianceItem = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  ecard_id: z.number().int().nullable(),
  ecard_name: z.string().nullable(),
  remark: z.string(),
  status: z.number().int(),
  /** Member shops, ordered by name. */
  shops: z.array(namedOption),
  created_at: z.number().int(),
});
export type AllianceItem = z.infer<typeof allianceItem>;

export const allianceListFilters = {
  /** Part of the alliance's name, case-insensitive. */
  name: z.string().trim().max(64, { error: "validation.tooLong" }).optional(),
  type: allianceType.optional(),
  status: enabledStatus.optional(),
  sort: nameSort,
};
export const allianceListRequest = listRequest(allianceListFilters);
export const allianceListResult = listResult(allianceItem);

/** A shop for the member picker. */
export const allianceShopOption = z.object({ id: z.number().int(), name: z.string(), address: z.string() });
export type AllianceShopOption = z.infer<typeof allianceShopOption>;

/** An alliance as the session keeps it (spec §3 "Session": alliances). */
export const sessionAlliance = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  status: z.number().int(),
});
export type SessionAlliance = z.infer<typeof sessionAlliance>;

const VENDOR = [3, 4] as const;
const access = (permission: PermissionLeafKey) => ({ kind: "session", levels: VENDOR, permission }) as const;

export const allianceEndpoints = {
  list: endpoint({
    method: "POST",
    path: "/api/Alliance/get_alliance_list",
    summary: "Alliances of the vendor with their member shops, newest first, filtered and paged by cursor",
    access: access("allia_query"),
    body: allianceListRequest,
    result: allianceListResult,
    mutates: false,
  }),
  /** Spec §3 "Session": the alliance list loaded at sign-in (names only). */
  sessionList: endpoint({
    method: "POST",
    path: "/api/Alliance/get_session_alliances",
    summary: "Every alliance of the vendor (id, name, type, status), for the session loaded at sign-in",
    access: access("allia_query"),
    body: emptyBody,
    result: z.object({ alliances: z.array(sessionAlliance) }),
    mutates: false,
  }),
  freeShops: endpoint({
    method: "POST",
    path: "/api/Alliance/get_no_alliance_shoplist",
    summary: "The vendor's shops in no alliance, ordered by name, for the member picker",
    access: access("allia_query"),
    body: emptyBody,
    result: z.object({ shops: z.array(allianceShopOption) }),
    mutates: false,
  }),
  ecards: endpoint({
    method: "POST",
    path: "/api/Alliance/get_ecardlist",
    summary: "Virtual cards of the vendor's group an alliance may use as its card template (empty without a group)",
    access: access("allia_query"),
    body: emptyBody,
    result: z.object({ ecards: z.array(namedOption) }),
    mutates: false,
  }),
  create: endpoint({
    method: "POST",
    path: "/api/Alliance/create_alliance",
    summary: "Creates an alliance of the vendor with its member shops (shops in another alliance are refused)",
    access: access("allia_add"),
    body: allianceCreateRequest,
    result: allianceItem,
    mutates: true,
    log: "alliances.create",
  }),
  modify: endpoint({
    method: "POST",
    path: "/api/Alliance/modify_alliance",
    summary: "Changes an alliance and replaces its member shops in one transaction",
    access: access("allia_modify"),
    body: allianceModifyRequest,
    result: allianceItem,
    mutates: true,
    log: "alliances.modify",
  }),
  setStatus: endpoint({
    method: "POST",
    path: "/api/Alliance/modify_alliance_status",
    summary: "Enables (1) or disables (0) an alliance of the vendor",
    access: access("allia_modify"),
    body: allianceStatusRequest,
    result: allianceItem,
    mutates: true,
    log: "alliances.setStatus",
  }),
  remove: endpoint({
    method: "POST",
    path: "/api/Alliance/remove_alliance",
    summary: "Removes an alliance of the vendor; refused (HAS_DEPENDENTS) while it has member shops",
    access: access("allia_remove"),
    body: allianceIdRequest,
    result: z.object({ id: z.number().int() }),
    mutates: true,
    log: "alliances.remove",
  }),
} as const;
