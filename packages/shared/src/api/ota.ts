import { z } from "zod";
import { MACHINE_TYPES } from "../devices/machine-types.js";
import { LIMITS } from "../limits.js";
import { endpoint } from "./contract.js";
import { machineType, recordId, requiredText } from "./fields.js";
import { listRequest, listResult } from "./list.js";

/**
 * Firmware over the air (spec §2 /ota/index, §3 OTA package, §5, §6 v_ota, §7 "OTA"): the vendor's
 * firmware packages and the distribution of versions over its machines. docs/ota-design.md has
 * the whole plan; rollouts come with their own calls.
 */

const OTA_QUERY = { kind: "session", levels: [3, 4], permission: "ota_query" } as const;
const OTA_ADD = { kind: "session", levels: [3, 4], permission: "ota_add" } as const;

/** A firmware version as machines name it (the device protocol's rule: 1–32 characters of text). */
export const firmwareVersion = requiredText(32).refine((text) => !/[\p{Cc}]/u.test(text), {
  error: "validation.invalid",
});

/**
 * Where machines fetch the file (spec §5 "download link required"): an http or https address, at
 * most 512 characters (the device protocol's `firmware_notice` carries it).
 */
export const downloadLink = requiredText(512).refine(
  (text) => {
    try {
      const url = new URL(text);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
    } catch {
      return false;
    }
  },
  { error: "validation.downloadUrl" },
);

/** SHA-256 of the file as 64 hex digits (stored lower-case); empty when the operator does not know it. */
export const sha256Hex = z
  .string()
  .trim()
  .transform((text) => text.toLowerCase())
  .refine((text) => text === "" || /^[0-9a-f]{64}$/.test(text), { error: "validation.sha256" });

/** The file's size in bytes, when known (0: unknown). At most 2 GiB: a controller's image is far smaller. */
export const FIRMWARE_MAX_BYTES = 2 * 1024 ** 3;
const fileSize = z
  .number({ error: "validation.fileSize" })
  .int({ error: "validation.fileSize" })
  .min(0, { error: "validation.fileSize" })
  .max(FIRMWARE_MAX_BYTES, { error: "validation.fileSize" });

/** An uploaded firmware file's key: the SHA-256 of its bytes (content-addressed), kept per vendor. */
export const FIRMWARE_FILE_KEY_PATTERN = /^[0-9a-f]{64}\.fw$/;
export const firmwareFileKey = z
  .string({ error: "validation.required" })
  .regex(FIRMWARE_FILE_KEY_PATTERN, { error: "validation.invalid" });

/** Where the server serves uploaded firmware to machines: `<path>/<signed token>` (docs/ota-design.md "Downloads"). */
export const FIRMWARE_DOWNLOAD_PATH = "/ota/files";

/** A controller model a package is built for, as the machine's maker names it. */
const modelName = requiredText(64);

export const firmwarePackageFields = {
  version: firmwareVersion,
  /** The vendor's own link; "" when the file was uploaded instead (`file_key`). */
  download_url: z.union([z.literal(""), downloadLink]).default(""),
  /** A file uploaded with upload_firmware: the server serves it, and its size and hash are the file's. */
  file_key: firmwareFileKey.nullable().default(null),
  size: fileSize.default(0),
  sha256: sha256Hex.default(""),
  /** The machine types the package fits: at least one. */
  machine_types: z
    .array(machineType)
    .min(1, { error: "validation.noMachineType" })
    .max(MACHINE_TYPES.length)
    .transform((types) => [...new Set(types)]),
  /** The models it fits; none: every model of those types. */
  models: z
    .array(modelName)
    .max(50, { error: "validation.tooManyModels" })
    .default([])
    .transform((models) => [...new Set(models)]),
  note: z.string().trim().max(255, { error: "validation.tooLong" }).default(""),
};

/** Spec §5 "download link required": a link, or an uploaded file in its place — one of the two. */
function linkOrFile(body: { download_url: string; file_key: string | null }, ctx: z.RefinementCtx) {
  if ((body.download_url === "") === (body.file_key === null)) {
    ctx.addIssue({ code: "custom", path: ["download_url"], message: "validation.downloadOrFile" });
  }
}

export const firmwarePackageCreateRequest = z.object(firmwarePackageFields).superRefine(linkOrFile);
export const firmwarePackageModifyRequest = z
  .object({ id: recordId, ...firmwarePackageFields })
  .superRefine(linkOrFile);
export const firmwarePackageIdRequest = z.object({ id: recordId });

export const firmwarePackageItem = z.object({
  id: z.number().int(),
  version: z.string(),
  download_url: z.string(),
  /** Set when the file was uploaded: machines get it from this server, by a signed address each. */
  file_key: z.string().nullable(),
  size: z.number().int(),
  sha256: z.string(),
  machine_types: z.array(z.enum(MACHINE_TYPES)),
  models: z.array(z.string()),
  note: z.string(),
  /** Machines of the vendor that fit the package and run this version now. */
  devices_on_version: z.number().int(),
  created_at: z.number().int(),
});
export type FirmwarePackageItem = z.infer<typeof firmwarePackageItem>;

export const firmwarePackageListRequest = listRequest({
  /** Part of the version, case-insensitive. */
  version: z.string().trim().max(32, { error: "validation.tooLong" }).optional(),
  machine_type: machineType.optional(),
});

/** One cell of the version analysis: how many machines of a type run a version. */
export const versionShare = z.object({
  machine_type: z.enum(MACHINE_TYPES),
  /** "" for machines that never reported a version. */
  firmware: z.string(),
  devices: z.number().int(),
  online: z.number().int(),
});
export type VersionShare = z.infer<typeof versionShare>;

export const firmwareUploadResult = z.object({
  /** Pass this key as the package's `file_key`. */
  file_key: firmwareFileKey,
  size: z.number().int().nonnegative(),
  sha256: z.string(),
});
export type FirmwareUploadResult = z.infer<typeof firmwareUploadResult>;

export const otaEndpoints = {
  uploadFirmware: endpoint({
    method: "POST",
    path: "/api/Ota/upload_firmware",
    summary: `Uploads a firmware file (multipart/form-data, field \`file\`, at most ${LIMITS.uploadFirmwareMaxBytes / 1024 / 1024} MB): answers its key, size and SHA-256, for a package's \`file_key\``,
    access: OTA_ADD,
    body: z.object({}),
    result: firmwareUploadResult,
    mutates: true,
    log: "ota.uploadFirmware",
  }),
  packages: endpoint({
    method: "POST",
    path: "/api/Ota/get_firmware_list",
    summary: "Firmware packages of the vendor, newest first, filtered by version and machine type, paged by cursor",
    access: OTA_QUERY,
    body: firmwarePackageListRequest,
    result: listResult(firmwarePackageItem),
    mutates: false,
  }),
  createPackage: endpoint({
    method: "POST",
    path: "/api/Ota/create_firmware",
    summary:
      "Adds a firmware package: version and a download link, or an uploaded file in its place, required (spec §5); RECORD_EXISTS when the vendor has the version",
    access: OTA_ADD,
    body: firmwarePackageCreateRequest,
    result: firmwarePackageItem,
    mutates: true,
    log: "ota.createPackage",
  }),
  modifyPackage: endpoint({
    method: "POST",
    path: "/api/Ota/modify_firmware",
    summary: "Changes every field of a firmware package of the vendor",
    access: OTA_ADD,
    body: firmwarePackageModifyRequest,
    result: firmwarePackageItem,
    mutates: true,
    log: "ota.modifyPackage",
  }),
  removePackage: endpoint({
    method: "POST",
    path: "/api/Ota/remove_firmware",
    summary: "Removes a firmware package of the vendor",
    access: OTA_ADD,
    body: firmwarePackageIdRequest,
    result: z.object({ id: z.number().int() }),
    mutates: true,
    log: "ota.removePackage",
  }),
  versionAnalysis: endpoint({
    method: "POST",
    path: "/api/Ota/version_analysis",
    summary:
      "How many machines of the vendor (or of one shop) run each firmware version, by machine type, with how many are online",
    access: OTA_QUERY,
    body: z.object({ shop_id: recordId.optional() }),
    result: z.object({ items: z.array(versionShare) }),
    mutates: false,
  }),
} as const;
