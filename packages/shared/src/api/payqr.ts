import { z } from "zod";
import type { PermissionLeafKey } from "../access/permissions.js";
import { endpoint } from "./contract.js";
import { recordId, requiredRecordId, requiredText } from "./fields.js";
import { listRequest, listResult } from "./list.js";
import { nameSort } from "./name-sort.js";

/** How a payment QR code routes a payment: to a shop, or to one device of that shop. */
export const PAYQR_BIND_MODE = { shop: 1, device: 2 } as const;
export const PAYQR_BIND_MODES = [PAYQR_BIND_MODE.shop, PAYQR_BIND_MODE.device] as const;
export const payQrBindMode = z.union([z.literal(PAYQR_BIND_MODE.shop), z.literal(PAYQR_BIND_MODE.device)], {
  error: (issue) => (issue.input === undefined || issue.input === "" ? "validation.required" : "validation.invalid"),
});

/**
 * What a payment QR code carries: `<site>/pay/qr/<code>`. The site is the platform's "website"
 * system setting (no trailing slash), or PAYQR_DEFAULT_SITE while that is empty; the code is the
 * record's random token. The server builds it once and answers it as `content`, so nobody else
 * rebuilds it.
 */
export const PAYQR_DEFAULT_SITE = "https://pay.washboard.example";
export const PAYQR_PATH = "/pay/qr/";

/** The public site QR contents start with: the "website" setting without a trailing slash, or the default. */
export const publicSite = (website: string) => website.trim().replace(/\/+$/, "") || PAYQR_DEFAULT_SITE;

export function payQrContent(website: string, code: string): string {
  return `${publicSite(website)}${PAYQR_PATH}${code}`;
}

/**
 * What a device's own QR sticker carries: `<site>/pay/d/<serial number>`, the machine a customer
 * stands at (the serial is printed on the machine anyway; paying still needs the customer's page).
 */
export const DEVICE_PAY_PATH = "/pay/d/";

export function devicePayContent(website: string, serialNumber: string): string {
  return `${publicSite(website)}${DEVICE_PAY_PATH}${encodeURIComponent(serialNumber)}`;
}

/** The device of a device-mode binding (the form's rule in device mode). */
export const boundDeviceId = requiredRecordId;

/** Where the code sends a payment. A device is required (and must be of the shop) in device mode. */
export const payQrBinding = {
  bind_mode: payQrBindMode,
  shop_id: requiredRecordId,
  /** Null in shop mode. */
  device_id: boundDeviceId.nullable().default(null),
};

export const payQrFields = {
  name: requiredText(64),
  remark: z.string().trim().max(255, { error: "validation.tooLong" }).default(""),
};

/** Device mode needs a device; shop mode keeps none. */
function deviceWhenDeviceMode(value: { bind_mode: number; device_id: number | null }, ctx: z.RefinementCtx) {
  if (value.bind_mode === PAYQR_BIND_MODE.device && value.device_id === null) {
    ctx.addIssue({ code: "custom", path: ["device_id"], message: "validation.required" });
  }
}

export const payQrCreateRequest = z.object({ ...payQrFields, ...payQrBinding }).superRefine(deviceWhenDeviceMode);
export const payQrUpdateRequest = z.object({ id: recordId, ...payQrFields });
export const payQrBindRequest = z.object({ id: recordId, ...payQrBinding }).superRefine(deviceWhenDeviceMode);
export const payQrIdRequest = z.object({ id: recordId });

export const payQrItem = z.object({
  id: z.number().int(),
  code: z.string(),
  /** The text the QR image encodes (see payQrContent). */
  content: z.string(),
  name: z.string(),
  bind_mode: z.number().int(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  device_id: z.number().int().nullable(),
  device_name: z.string().nullable(),
  device_serial_number: z.string().nullable(),
  remark: z.string(),
  created_at: z.number().int(),
});
export type PayQrItem = z.infer<typeof payQrItem>;

export const payQrListFilters = {
  shop_id: recordId.optional(),
  bind_mode: payQrBindMode.optional(),
  /** Part of the code's name, case-insensitive. */
  name: z.string().trim().max(64, { error: "validation.tooLong" }).optional(),
  sort: nameSort,
};
export const payQrListRequest = listRequest(payQrListFilters);
export const payQrListResult = listResult(payQrItem);

export const payQrDevice = z.object({ id: z.number().int(), name: z.string(), serial_number: z.string() });
export type PayQrDevice = z.infer<typeof payQrDevice>;

const VENDOR = [3, 4] as const;
const access = (permission: PermissionLeafKey) => ({ kind: "session", levels: VENDOR, permission }) as const;

export const payQrEndpoints = {
  list: endpoint({
    method: "POST",
    path: "/api/v3/Payqr/get_payqr_all",
    summary: "Payment QR codes of the vendor with their content, newest first, filtered and paged by cursor",
    access: access("payqr_query"),
    body: payQrListRequest,
    result: payQrListResult,
    mutates: false,
  }),
  bindDevices: endpoint({
    method: "POST",
    path: "/api/v3/Payqr/get_bind_devices",
    summary: "Devices of one of the vendor's shops a code may be bound to",
    access: access("payqr_query"),
    body: z.object({ shop_id: recordId }),
    result: z.object({ devices: z.array(payQrDevice) }),
    mutates: false,
  }),
  create: endpoint({
    method: "POST",
    path: "/api/v3/Payqr/create",
    summary: "Creates a payment QR code with a new random code, bound to a shop or to a device of that shop",
    access: access("payqr_add"),
    body: payQrCreateRequest,
    result: payQrItem,
    mutates: true,
    log: "payqr.create",
  }),
  update: endpoint({
    method: "POST",
    path: "/api/v3/Payqr/update",
    summary: "Changes the name and remark of a payment QR code",
    access: access("payqr_modify"),
    body: payQrUpdateRequest,
    result: payQrItem,
    mutates: true,
    log: "payqr.update",
  }),
  bindMode: endpoint({
    method: "POST",
    path: "/api/v3/Payqr/bind_mode",
    summary: "Binds a payment QR code to a shop, or to a device of that shop; the code itself stays",
    access: access("payqr_modify"),
    body: payQrBindRequest,
    result: payQrItem,
    mutates: true,
    log: "payqr.bindMode",
  }),
  remove: endpoint({
    method: "POST",
    path: "/api/v3/Payqr/delete",
    summary: "Removes a payment QR code of the vendor",
    access: access("payqr_remove"),
    body: payQrIdRequest,
    result: z.object({ id: z.number().int() }),
    mutates: true,
    log: "payqr.remove",
  }),
} as const;
