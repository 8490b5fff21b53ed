import { z } from "zod";
import { extraParamsValid, TEMPLATE_AMOUNT_MAX } from "../devices/template-params.js";
import { LIMITS } from "../limits.js";
import { endpoint } from "./contract.js";
import { commandItem, MAX_COMMAND_TARGETS } from "./devices.js";
import { recordId, requiredText } from "./fields.js";
import { listRequest, listResult } from "./list.js";
import { nameSort } from "./name-sort.js";
import { imageList } from "./uploads.js";

/**
 * Price templates (spec §3 "Price template / model"): a program a machine offers, its price in the
 * vendor's currency and a second-level menu of options. Amounts are integers in the currency's
 * minor unit (spec §9: ×100 for decimal currencies, whole units otherwise).
 */
export const PRICE_TEMPLATE_LIMITS = {
  modelName: 64,
  extraParams: 1000,
  optionName: 64,
  /** A program runs at least a minute and at most a day. */
  estimatedMinutes: { min: 1, max: 1440 },
  /** An option adds no time, or up to a day. */
  addedMinutes: { min: 0, max: 1440 },
  /**
   * The largest amount in minor units: what a machine's two 16-bit words carry when the template is
   * pushed to it (42,949,672.95 of a decimal currency; devices/template-params.ts).
   */
  amountMax: TEMPLATE_AMOUNT_MAX,
} as const;

const DEV_QUERY = { kind: "session", levels: [3, 4], permission: "dev_query" } as const;
const DEV_CONTROL = { kind: "session", levels: [3, 4], permission: "dev_control" } as const;

/** An amount of money in minor units: a whole number, not below zero. */
export const priceAmount = z
  .number({ error: "validation.numeric" })
  .int({ error: "validation.amount" })
  .min(0, { error: "validation.amountNotNegative" })
  .max(PRICE_TEMPLATE_LIMITS.amountMax, { error: "validation.amountTooLarge" });

const minutes = (range: { min: number; max: number }, key: string) =>
  z
    .number({ error: "validation.numeric" })
    .int({ error: key })
    .min(range.min, { error: key })
    .max(range.max, { error: key });

export const priceTemplateOptionFields = {
  name: requiredText(PRICE_TEMPLATE_LIMITS.optionName),
  added_price: priceAmount,
  added_minutes: minutes(PRICE_TEMPLATE_LIMITS.addedMinutes, "validation.addedMinutes"),
};
export const priceTemplateOption = z.object(priceTemplateOptionFields);
export type PriceTemplateOption = z.infer<typeof priceTemplateOption>;

export const priceTemplateFields = {
  model_name: requiredText(PRICE_TEMPLATE_LIMITS.modelName),
  icon: imageList(LIMITS.imageCounts.priceTemplateIcon).default([]),
  display_price: priceAmount,
  price: priceAmount,
  estimated_minutes: minutes(PRICE_TEMPLATE_LIMITS.estimatedMinutes, "validation.estimatedMinutes"),
  extra_params: z
    .string()
    .max(PRICE_TEMPLATE_LIMITS.extraParams, { error: "validation.tooLong" })
    .transform((text) => text.trim())
    // One `name=value` per line, as the machine receives it (devices/template-params.ts).
    .refine(extraParamsValid, { error: "validation.extraParams" })
    .default(""),
  /** The second-level menu, in the order shown. */
  options: z
    .array(priceTemplateOption, { error: "validation.invalid" })
    .max(LIMITS.priceTemplateOptions, { error: "validation.tooManyOptions" })
    .default([]),
};

export const priceTemplateCreateRequest = z.object(priceTemplateFields);
export const priceTemplateModifyRequest = z.object({ id: recordId, ...priceTemplateFields });
export const priceTemplateIdRequest = z.object({ id: recordId });

/** The template for a selection of devices, or for every device of one shop. */
export const priceTemplateAssignRequest = z
  .object({
    id: recordId,
    device_ids: z
      .array(recordId, { error: "validation.invalid" })
      .min(1, { error: "validation.noDevices" })
      .max(MAX_COMMAND_TARGETS, { error: "validation.invalid" })
      .optional(),
    shop_id: recordId.optional(),
  })
  .refine((v) => (v.device_ids === undefined) !== (v.shop_id === undefined), {
    error: "validation.noDevices",
    path: ["device_ids"],
  });

export const priceTemplateItem = z.object({
  id: z.number().int(),
  model_name: z.string(),
  icon: z.array(z.string()),
  display_price: z.number().int(),
  price: z.number().int(),
  estimated_minutes: z.number().int(),
  extra_params: z.string(),
  options: z.array(priceTemplateOption),
  /** Devices of the vendor running this template. */
  device_count: z.number().int().nonnegative(),
  created_at: z.number().int(),
});
export type PriceTemplateItem = z.infer<typeof priceTemplateItem>;

export const priceTemplateListRequest = listRequest({
  /** Part of the model name, case-insensitive. */
  name: z.string().trim().max(PRICE_TEMPLATE_LIMITS.modelName, { error: "validation.tooLong" }).optional(),
  /** Newest first by default; "name_*" sorts by model name. */
  sort: nameSort,
});
export const priceTemplateListResult = listResult(priceTemplateItem).extend({
  /** The cap on a vendor's templates ("too many price templates"). */
  template_limit: z.number().int(),
});

export const priceTemplateEndpoints = {
  list: endpoint({
    method: "POST",
    path: "/api/PriceTemplate/get_price_template_list",
    summary: "Price templates of the vendor, newest first, with their options and how many devices run each",
    access: DEV_QUERY,
    body: priceTemplateListRequest,
    result: priceTemplateListResult,
    mutates: false,
  }),
  create: endpoint({
    method: "POST",
    path: "/api/PriceTemplate/create_price_template",
    summary: "Creates a price template with its options; PRICE_TEMPLATE_LIMIT at the vendor's cap",
    access: DEV_CONTROL,
    body: priceTemplateCreateRequest,
    result: priceTemplateItem,
    mutates: true,
    log: "priceTemplates.create",
  }),
  modify: endpoint({
    method: "POST",
    path: "/api/PriceTemplate/modify_price_template",
    summary: "Changes every field of a price template; its options are replaced as one",
    access: DEV_CONTROL,
    body: priceTemplateModifyRequest,
    result: priceTemplateItem,
    mutates: true,
    log: "priceTemplates.modify",
  }),
  remove: endpoint({
    method: "POST",
    path: "/api/PriceTemplate/remove_price_template",
    summary: "Removes a price template no device runs (HAS_DEPENDENTS otherwise, naming how many)",
    access: DEV_CONTROL,
    body: priceTemplateIdRequest,
    result: z.object({ id: z.number().int() }),
    mutates: true,
    log: "priceTemplates.remove",
  }),
  assign: endpoint({
    method: "POST",
    path: "/api/PriceTemplate/assign_price_template",
    summary:
      "Puts devices of the vendor (a selection or a shop's) on a price template and pushes it to each as parameters; NOT_FOUND when any device is not the vendor's",
    access: DEV_CONTROL,
    body: priceTemplateAssignRequest,
    result: z.object({ id: z.number().int(), device_ids: z.array(z.number().int()), commands: z.array(commandItem) }),
    mutates: true,
    log: "priceTemplates.assign",
  }),
} as const;
