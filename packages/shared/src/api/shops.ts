import { z } from "zod";
import { LIMITS } from "../limits.js";
import { emptyBody, endpoint } from "./contract.js";
import { mailPort } from "./email-config.js";
import { recordId, requiredText, timeZone } from "./fields.js";
import { listRequest, listResult } from "./list.js";
import { nameSort } from "./name-sort.js";
import { imageList } from "./uploads.js";

/** One choice of a select: a record's id and its name. */
export const namedOption = z.object({ id: z.number().int(), name: z.string() });
export type NamedOption = z.infer<typeof namedOption>;

/**
 * What the shop screens choose from: the vendor's shops, locations and alliances, and the brands of
 * its group. Small lists (a vendor's shops are capped by its plan), so one call fills every select.
 */
export const shopOptionsResult = z.object({
  shops: z.array(namedOption),
  locations: z.array(namedOption),
  alliances: z.array(namedOption),
  brands: z.array(namedOption),
});
export type ShopOptions = z.infer<typeof shopOptionsResult>;

/** Spec §9 service types of a shop. */
export const SHOP_SERVICE_TYPE = { washing: 1, pet: 2, composite: 3 } as const;
export type ShopServiceType = (typeof SHOP_SERVICE_TYPE)[keyof typeof SHOP_SERVICE_TYPE];
export const shopServiceType = z.union(
  [z.literal(SHOP_SERVICE_TYPE.washing), z.literal(SHOP_SERVICE_TYPE.pet), z.literal(SHOP_SERVICE_TYPE.composite)],
  {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ""
        ? "validation.required"
        : "validation.invalid",
  },
);

/** The shop's secret fields: sealed at rest, answered masked, never logged. */
export const SHOP_SECRET_FIELDS = ["mqtt_password", "payment_id"] as const;
export type ShopSecretField = (typeof SHOP_SECRET_FIELDS)[number];

/** A reference the shop may leave empty (no location, brand or alliance): null or omitted. */
const optionalRef = recordId.nullable().default(null);
const optionalText = (max: number) => z.string().trim().max(max, { error: "validation.tooLong" }).default("");

/**
 * A secret as a change sends it: omitted, "" or exactly the mask the answer showed keep the stored
 * secret (the form leaves the field blank unless the operator types a new one); null clears it;
 * any other text replaces it.
 */
export const shopSecretInput = z.string().trim().max(255, { error: "validation.tooLong" }).nullable().optional();

export const shopFields = {
  name: requiredText(64),
  address: requiredText(255),
  location_id: optionalRef,
  icon: imageList(LIMITS.imageCounts.shopIcon).default([]),
  images: imageList(LIMITS.imageCounts.shopImages).default([]),
  service_type: shopServiceType,
  brand_id: optionalRef,
  alliance_id: optionalRef,
  /** Accepts electronic payment for laundry points, and for member cards. */
  epay_laundry_points: z.boolean({ error: "validation.invalid" }).default(false),
  epay_member_cards: z.boolean({ error: "validation.invalid" }).default(false),
  mqtt_username: optionalText(128),
  mqtt_password: shopSecretInput,
  mqtt_client_id: optionalText(128),
  mqtt_host: optionalText(255),
  /** Spec §5: ports are whole numbers below 65535 (LIMITS.portExclusiveMax); empty when not set. */
  mqtt_port: mailPort.nullable().default(null),
  product_key: optionalText(128),
  payment_id: shopSecretInput,
  /** The shop's IANA time zone (firmware maintenance windows); null or omitted: the merchant's. */
  time_zone: timeZone.nullable().default(null),
};

export const shopCreateRequest = z.object(shopFields);
export const shopModifyRequest = z.object({ id: recordId, ...shopFields });
export const shopIdRequest = z.object({ id: recordId });

export const shopItem = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  location_id: z.number().int().nullable(),
  location_name: z.string().nullable(),
  icon: z.array(z.string()),
  images: z.array(z.string()),
  service_type: shopServiceType,
  brand_id: z.number().int().nullable(),
  brand_name: z.string().nullable(),
  alliance_id: z.number().int().nullable(),
  alliance_name: z.string().nullable(),
  epay_laundry_points: z.boolean(),
  epay_member_cards: z.boolean(),
  mqtt_username: z.string(),
  /** Masked: the last four characters at most, "" when none is stored. */
  mqtt_password: z.string(),
  mqtt_client_id: z.string(),
  mqtt_host: z.string(),
  mqtt_port: z.number().int().nullable(),
  product_key: z.string(),
  /** Masked like mqtt_password. */
  payment_id: z.string(),
  /** Null: the shop keeps its merchant's time zone. */
  time_zone: z.string().nullable(),
  /** What depends on the shop: while either is above zero it cannot be removed. */
  device_count: z.number().int(),
  payqr_count: z.number().int(),
  created_at: z.number().int(),
});
export type ShopItem = z.infer<typeof shopItem>;

export const shopListFilters = {
  /** Part of the shop's name, case-insensitive. */
  name: z.string().trim().max(64, { error: "validation.tooLong" }).optional(),
  location_id: recordId.optional(),
  brand_id: recordId.optional(),
  alliance_id: recordId.optional(),
  service_type: shopServiceType.optional(),
  sort: nameSort,
};

export const shopListRequest = listRequest(shopListFilters);
export const shopListResult = listResult(shopItem).extend({
  /** The vendor's cap on shops ("shop permission over maximum"). */
  shop_limit: z.number().int(),
  /** All of the vendor's shops, whatever the filters: with shop_limit, "n of limit". */
  shop_total: z.number().int(),
});

/** What a shop's database log records of one change. */
export const SHOP_CHANGE_ACTIONS = ["create", "modify", "remove"] as const;
export const shopChangeAction = z.enum(SHOP_CHANGE_ACTIONS);
export type ShopChangeAction = z.infer<typeof shopChangeAction>;

/** What a changed secret shows in the log instead of its values. */
export const SHOP_SECRET_CHANGED = "changed" as const;

/** A field's value as the log keeps it: text, a number, a switch, a list of images, or nothing. */
const shopFieldValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]);
export type ShopFieldValue = z.infer<typeof shopFieldValue>;

/** One changed field: its value before and after, or only the marker for a secret. */
export const shopFieldChange = z.union([
  z.literal(SHOP_SECRET_CHANGED),
  z.object({ before: shopFieldValue, after: shopFieldValue }),
]);
export type ShopFieldChange = z.infer<typeof shopFieldChange>;
/** The changed fields of one change, by their API names (`name`, `mqtt_port`, …). */
export type ShopFieldChanges = Record<string, ShopFieldChange>;

export const shopChangeItem = z.object({
  id: z.number().int(),
  /** Who changed the shop; null when no account did (the demo's own set-up) or it was removed. */
  account_id: z.number().int().nullable(),
  username: z.string().nullable(),
  nickname: z.string().nullable(),
  action: shopChangeAction,
  changes: z.record(z.string(), shopFieldChange),
  created_at: z.number().int(),
});
export type ShopChangeItem = z.infer<typeof shopChangeItem>;

export const shopDbLogsRequest = listRequest({ shop_id: recordId });

const VENDOR = [3, 4] as const;

export const shopEndpoints = {
  options: endpoint({
    method: "POST",
    path: "/api/Shop/get_shop_options",
    summary: "Names of the vendor's shops, locations and alliances and of its group's brands, for selects",
    access: { kind: "session", levels: VENDOR, permission: "shop_query" },
    body: emptyBody,
    result: shopOptionsResult,
    mutates: false,
  }),
  list: endpoint({
    method: "POST",
    path: "/api/Shop/get_shopall_by_vendor",
    summary:
      "The vendor's shops with location, brand and alliance names and dependent counts, filtered, sorted and paged by cursor; secrets masked",
    access: { kind: "session", levels: VENDOR, permission: "shop_query" },
    body: shopListRequest,
    result: shopListResult,
    mutates: false,
  }),
  create: endpoint({
    method: "POST",
    path: "/api/Shop/create_shop",
    summary: "Creates a shop of the vendor; refused with SHOP_LIMIT when the vendor's shop cap is reached",
    access: { kind: "session", levels: VENDOR, permission: "shop_add" },
    body: shopCreateRequest,
    result: shopItem,
    mutates: true,
    log: "shops.create",
  }),
  modify: endpoint({
    method: "POST",
    path: "/api/Shop/modify_shop",
    summary:
      "Changes a shop of the vendor; a secret left empty or sent back as its mask keeps the stored one, null clears it",
    access: { kind: "session", levels: VENDOR, permission: "shop_modify" },
    body: shopModifyRequest,
    result: shopItem,
    mutates: true,
    log: "shops.modify",
  }),
  remove: endpoint({
    method: "POST",
    path: "/api/Shop/remove_shop",
    summary: "Removes a shop of the vendor; refused with HAS_DEPENDENTS while devices or pay QR codes use it",
    access: { kind: "session", levels: VENDOR, permission: "shop_remove" },
    body: shopIdRequest,
    result: z.object({ id: z.number().int() }),
    mutates: true,
    log: "shops.remove",
  }),
  dbLogs: endpoint({
    method: "POST",
    path: "/api/Shop/get_shop_db_logs",
    summary:
      "One shop's database log, newest first, paged by cursor: who changed it, when, and each changed field before and after; secrets only marked as changed",
    access: { kind: "session", levels: VENDOR, permission: "shop_query" },
    body: shopDbLogsRequest,
    result: listResult(shopChangeItem),
    mutates: false,
  }),
} as const;
