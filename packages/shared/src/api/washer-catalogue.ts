import { z } from "zod";
import { endpoint } from "./contract.js";
import { machineType, recordId, requiredRecordId, requiredText } from "./fields.js";
import { listPaging, listResult } from "./list.js";
import { nameSort } from "./name-sort.js";
import { namedOption } from "./shops.js";

/**
 * The washer catalogue (spec §3 "Washer brand", "Control template", §7 get_laundry_brands /
 * get_laundry_models): the platform's starter catalogue, which every vendor reads and nobody
 * changes, plus each vendor's own brands, models and control templates.
 */
export const WASHER_CATALOGUE_LIMITS = {
  manufacturer: 128,
  brand: 64,
  alias: 64,
  logoUrl: 512,
  modelName: 64,
  templateName: 64,
  /** The data head is stored as canonical hex text ("AA 55 01"): 85 bytes fill 254 of 255 characters. */
  dataHead: 255,
  dataBody: 2000,
} as const;

const DEV_QUERY = { kind: "session", levels: [3, 4], permission: "dev_query" } as const;
const DEV_CONTROL = { kind: "session", levels: [3, 4], permission: "dev_control" } as const;

/**
 * A logo link: an absolute http(s) address, or a path on this site starting with one "/" (the
 * starter catalogue's logos ship with the console under /washer-logos/).
 */
export function isLogoLink(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Bytes written as hex pairs, optionally separated by single spaces: "AA 55 01" or "AA5501". */
const HEX_BYTES = /^[0-9a-f]{2}( ?[0-9a-f]{2})*$/i;

/** Hex byte text in its canonical form: upper case, one space between bytes. */
export function canonicalHex(text: string): string {
  return (text.replace(/\s+/g, "").match(/../g) ?? []).join(" ").toUpperCase();
}

/**
 * A number read from a GET query, where every value arrives as text. The declared input stays the
 * schema's own (callers pass numbers; the client writes them into the query string).
 */
function fromQuery<T extends z.ZodType>(schema: T): T {
  return z.preprocess((value) => {
    if (typeof value !== "string") return value;
    const text = value.trim();
    if (text === "") return undefined;
    return /^\d{1,10}$/.test(text) ? Number(text) : value;
  }, schema) as unknown as T;
}

export const washerBrandFields = {
  manufacturer: requiredText(WASHER_CATALOGUE_LIMITS.manufacturer),
  brand: requiredText(WASHER_CATALOGUE_LIMITS.brand),
  alias: requiredText(WASHER_CATALOGUE_LIMITS.alias),
  logo_url: requiredText(WASHER_CATALOGUE_LIMITS.logoUrl).refine(isLogoLink, {
    error: "validation.logoUrl",
  }),
};

export const washerModelFields = {
  brand_id: requiredRecordId,
  name: requiredText(WASHER_CATALOGUE_LIMITS.modelName),
  machine_type: machineType,
  control_template_id: recordId.nullable().default(null),
};

export const controlTemplateFields = {
  name: requiredText(WASHER_CATALOGUE_LIMITS.templateName),
  data_head: requiredText(WASHER_CATALOGUE_LIMITS.dataHead)
    .regex(HEX_BYTES, { error: "validation.hexBytes" })
    .transform(canonicalHex)
    // The stored (canonical) text must fit too: at most 85 bytes.
    .pipe(z.string().max(WASHER_CATALOGUE_LIMITS.dataHead, { error: "validation.tooLong" })),
  data_body: requiredText(WASHER_CATALOGUE_LIMITS.dataBody),
};

/** Starter rows (the platform's) or the vendor's own additions. */
export const CATALOGUE_ORIGINS = ["starter", "own"] as const;
export const catalogueOrigin = z.enum(CATALOGUE_ORIGINS, { error: "validation.invalid" });

const searchText = (max: number) => z.string().trim().max(max, { error: "validation.tooLong" }).optional();

/** GET lists take their paging from the query string. */
const queryPaging = {
  cursor: listPaging.cursor,
  page_size: fromQuery(listPaging.page_size),
};

export const washerBrandListRequest = z.object({
  /** Part of the manufacturer, brand or alias, case-insensitive. */
  name: searchText(WASHER_CATALOGUE_LIMITS.manufacturer),
  origin: catalogueOrigin.optional(),
  /** Newest first by default; "name_*" sorts by brand or model name. */
  sort: nameSort,
  ...queryPaging,
});

export const washerModelListRequest = z.object({
  brand_id: fromQuery(recordId.optional()),
  /** Part of the model's name, case-insensitive. */
  name: searchText(WASHER_CATALOGUE_LIMITS.modelName),
  machine_type: machineType.optional(),
  origin: catalogueOrigin.optional(),
  /** Newest first by default; "name_*" sorts by brand or model name. */
  sort: nameSort,
  ...queryPaging,
});

export const controlTemplateListRequest = z.object({
  name: searchText(WASHER_CATALOGUE_LIMITS.templateName),
  origin: catalogueOrigin.optional(),
  /** Newest first by default; "name_*" sorts by brand or model name. */
  sort: nameSort,
  ...listPaging,
});

/** `editable`: the vendor's own row; starter rows are read-only. */
export const washerBrandItem = z.object({
  id: z.number().int(),
  manufacturer: z.string(),
  brand: z.string(),
  alias: z.string(),
  logo_url: z.string(),
  editable: z.boolean(),
  /** Models of this brand the vendor sees (starter and own). */
  model_count: z.number().int().nonnegative(),
  created_at: z.number().int(),
});
export type WasherBrandItem = z.infer<typeof washerBrandItem>;

export const washerModelItem = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  /** The brand's name, for the table. */
  brand: z.string(),
  name: z.string(),
  machine_type: z.string(),
  control_template_id: z.number().int().nullable(),
  control_template: z.string().nullable(),
  editable: z.boolean(),
  created_at: z.number().int(),
});
export type WasherModelItem = z.infer<typeof washerModelItem>;

export const controlTemplateItem = z.object({
  id: z.number().int(),
  name: z.string(),
  data_head: z.string(),
  data_body: z.string(),
  editable: z.boolean(),
  /** Models (starter and the vendor's own) that use this template. */
  model_count: z.number().int().nonnegative(),
  created_at: z.number().int(),
});
export type ControlTemplateItem = z.infer<typeof controlTemplateItem>;

/** Names of the brands and control templates a vendor may pick for a model. */
export const washerCatalogueOptionsResult = z.object({
  brands: z.array(namedOption),
  control_templates: z.array(namedOption),
});
export type WasherCatalogueOptions = z.infer<typeof washerCatalogueOptionsResult>;

export const washerBrandCreateRequest = z.object(washerBrandFields);
export const washerBrandModifyRequest = z.object({ id: recordId, ...washerBrandFields });
export const washerModelCreateRequest = z.object(washerModelFields);
export const washerModelModifyRequest = z.object({ id: recordId, ...washerModelFields });
export const controlTemplateCreateRequest = z.object(controlTemplateFields);
export const controlTemplateModifyRequest = z.object({ id: recordId, ...controlTemplateFields });
export const catalogueIdRequest = z.object({ id: recordId });
const removed = z.object({ id: z.number().int() });

const READ_ONLY_NOTE = "starter rows answer NO_PERMISSION, another vendor's NOT_FOUND";

export const washerCatalogueEndpoints = {
  brands: endpoint({
    method: "GET",
    path: "/api/Manager/get_laundry_brands",
    summary:
      "Washer brands: the starter catalogue and the vendor's own, newest first, with `editable` and model counts",
    access: DEV_QUERY,
    body: washerBrandListRequest,
    result: listResult(washerBrandItem),
    mutates: false,
  }),
  models: endpoint({
    method: "GET",
    path: "/api/Manager/get_laundry_models",
    summary:
      "Washer models (starter and the vendor's own), newest first, filterable by brand_id, name and machine_type",
    access: DEV_QUERY,
    body: washerModelListRequest,
    result: listResult(washerModelItem),
    mutates: false,
  }),
  controlTemplates: endpoint({
    method: "POST",
    path: "/api/Manager/get_control_template_list",
    summary: "Control templates (starter and the vendor's own), newest first, with how many models use each",
    access: DEV_QUERY,
    body: controlTemplateListRequest,
    result: listResult(controlTemplateItem),
    mutates: false,
  }),
  options: endpoint({
    method: "POST",
    path: "/api/Manager/get_laundry_catalogue_options",
    summary: "Names of the washer brands and control templates the vendor may pick for a model, for selects",
    access: DEV_QUERY,
    body: z.object({}),
    result: washerCatalogueOptionsResult,
    mutates: false,
  }),
  createBrand: endpoint({
    method: "POST",
    path: "/api/Manager/create_laundry_brand",
    summary: "Adds a washer brand of the vendor (RECORD_EXISTS for a brand name it already has)",
    access: DEV_CONTROL,
    body: washerBrandCreateRequest,
    result: washerBrandItem,
    mutates: true,
    log: "washerCatalogue.createBrand",
  }),
  modifyBrand: endpoint({
    method: "POST",
    path: "/api/Manager/modify_laundry_brand",
    summary: `Changes a washer brand of the vendor; ${READ_ONLY_NOTE}`,
    access: DEV_CONTROL,
    body: washerBrandModifyRequest,
    result: washerBrandItem,
    mutates: true,
    log: "washerCatalogue.modifyBrand",
  }),
  removeBrand: endpoint({
    method: "POST",
    path: "/api/Manager/remove_laundry_brand",
    summary: `Removes a washer brand without models (HAS_DEPENDENTS otherwise); ${READ_ONLY_NOTE}`,
    access: DEV_CONTROL,
    body: catalogueIdRequest,
    result: removed,
    mutates: true,
    log: "washerCatalogue.removeBrand",
  }),
  createModel: endpoint({
    method: "POST",
    path: "/api/Manager/create_laundry_model",
    summary: "Adds a model of a brand the vendor sees, with a machine type of spec §9 and an optional control template",
    access: DEV_CONTROL,
    body: washerModelCreateRequest,
    result: washerModelItem,
    mutates: true,
    log: "washerCatalogue.createModel",
  }),
  modifyModel: endpoint({
    method: "POST",
    path: "/api/Manager/modify_laundry_model",
    summary: `Changes a model of the vendor; ${READ_ONLY_NOTE}`,
    access: DEV_CONTROL,
    body: washerModelModifyRequest,
    result: washerModelItem,
    mutates: true,
    log: "washerCatalogue.modifyModel",
  }),
  removeModel: endpoint({
    method: "POST",
    path: "/api/Manager/remove_laundry_model",
    summary: `Removes a model of the vendor; ${READ_ONLY_NOTE}`,
    access: DEV_CONTROL,
    body: catalogueIdRequest,
    result: removed,
    mutates: true,
    log: "washerCatalogue.removeModel",
  }),
  createControlTemplate: endpoint({
    method: "POST",
    path: "/api/Manager/create_control_template",
    summary: "Adds a control template of the vendor: name, data head (hex bytes) and data body",
    access: DEV_CONTROL,
    body: controlTemplateCreateRequest,
    result: controlTemplateItem,
    mutates: true,
    log: "washerCatalogue.createControlTemplate",
  }),
  modifyControlTemplate: endpoint({
    method: "POST",
    path: "/api/Manager/modify_control_template",
    summary: `Changes a control template of the vendor; ${READ_ONLY_NOTE}`,
    access: DEV_CONTROL,
    body: controlTemplateModifyRequest,
    result: controlTemplateItem,
    mutates: true,
    log: "washerCatalogue.modifyControlTemplate",
  }),
  removeControlTemplate: endpoint({
    method: "POST",
    path: "/api/Manager/remove_control_template",
    summary: `Removes a control template no model uses (HAS_DEPENDENTS otherwise); ${READ_ONLY_NOTE}`,
    access: DEV_CONTROL,
    body: catalogueIdRequest,
    result: removed,
    mutates: true,
    log: "washerCatalogue.removeControlTemplate",
  }),
} as const;
