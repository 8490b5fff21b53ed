import { z } from "zod";
import { leavesOf } from "../access/permissions.js";
import { LIMITS } from "../limits.js";
import { endpoint } from "./contract.js";
import { epochSeconds, machineType, recordId, requiredText } from "./fields.js";
import { listRequest, listResult } from "./list.js";
import { priceAmount } from "./price-templates.js";

/**
 * Promotions (spec §3 "Promotions", §6 v_promotion) and time-of-day prices (issue 29). A
 * promotion's kind is its permission key without `op_`: a sub-account sees and manages only the
 * kinds whose keys it holds. Every promotion has a name, a period, a scope (shops, machine types;
 * empty: all) and an on/off switch; the rest is the kind's own settings. The pricing engine
 * (server `modules/promotions/engine.ts`) applies them; docs/pricing.md says how they stack.
 */
export const PROMOTION_KINDS = [
  "timelimit",
  "firstfree",
  "referfriend",
  "dis_card",
  "present",
  "bonus",
  "washdry",
  "point",
] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** The permission key a kind needs (spec §6). */
export const promotionKey = (kind: PromotionKind) => `op_${kind}`;

export const PROMOTION_LIMITS = {
  name: 64,
  /** A scope names at most this many shops. */
  shops: 200,
  /** Validity of a discount card, in days. */
  validityDays: { min: 1, max: 3650 },
  /** Free washes or dries of a wash-dry card. */
  uses: { min: 0, max: 999 },
} as const;

/** §5 discount 1–99 percent. */
export const percentOff = z
  .number({ error: "validation.numeric" })
  .int({ error: "validation.discountRange" })
  .min(LIMITS.discount.min, { error: "validation.discountRange" })
  .max(LIMITS.discount.max, { error: "validation.discountRange" });

/** An amount that must give something: more than zero. */
const positiveAmount = priceAmount.refine((v) => v > 0, { error: "validation.amountPositive" });

const count = (range: { min: number; max: number }, key: string) =>
  z
    .number({ error: "validation.numeric" })
    .int({ error: key })
    .min(range.min, { error: key })
    .max(range.max, { error: key });

/** Each kind's own settings (spec §3). */
export const promotionSettings = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("timelimit"), percent_off: percentOff }),
    z.object({ kind: z.literal("firstfree") }),
    /** Given to the inviting member and to the friend when the friend first pays. */
    z.object({ kind: z.literal("referfriend"), gift_amount: positiveAmount }),
    z.object({
      kind: z.literal("dis_card"),
      percent_off: percentOff,
      validity_days: count(PROMOTION_LIMITS.validityDays, "validation.validityDays"),
    }),
    /** Welfare plan: a gift to every member of the scope, once per period. */
    z.object({ kind: z.literal("present"), gift_amount: positiveAmount }),
    /** Top-up bonus: a top-up of at least `top_up_amount` receives `gift_amount`. */
    z.object({ kind: z.literal("bonus"), top_up_amount: positiveAmount, gift_amount: positiveAmount }),
    z.object({
      kind: z.literal("washdry"),
      free_washes: count(PROMOTION_LIMITS.uses, "validation.useCount"),
      free_dries: count(PROMOTION_LIMITS.uses, "validation.useCount"),
      price: positiveAmount,
    }),
    /** Bonus points: one point per `earn_per` paid, each point worth `point_value` off a later payment. */
    z.object({ kind: z.literal("point"), earn_per: positiveAmount, point_value: positiveAmount }),
  ],
  { error: "validation.invalid" },
);
export type PromotionSettings = z.infer<typeof promotionSettings>;

const scopeFields = {
  /** Empty: every shop of the vendor. */
  shop_ids: z.array(recordId).max(PROMOTION_LIMITS.shops, { error: "validation.invalid" }).default([]),
  /** Empty: every machine type. */
  machine_types: z.array(machineType).max(20, { error: "validation.invalid" }).default([]),
};

const periodValid = (v: { starts_at: number; ends_at: number }) => v.ends_at > v.starts_at;

const promotionFields = {
  name: requiredText(PROMOTION_LIMITS.name),
  starts_at: epochSeconds,
  ends_at: epochSeconds,
  ...scopeFields,
  settings: promotionSettings,
};

export const promotionCreateRequest = z
  .object(promotionFields)
  .refine(periodValid, { error: "validation.periodOrder", path: ["ends_at"] });
export const promotionModifyRequest = z
  .object({ id: recordId, ...promotionFields })
  .refine(periodValid, { error: "validation.periodOrder", path: ["ends_at"] });
export const promotionStatusRequest = z.object({ id: recordId, enabled: z.boolean({ error: "validation.invalid" }) });
/** "No promotion selected" (spec §5) where an action needs one. */
export const promotionIdRequest = z.object({
  id: z
    .number({ error: "validation.noPromotion" })
    .int()
    .positive({ error: "validation.noPromotion" })
    .max(2_147_483_647),
});

/** Where a promotion stands now: before its period, running, after it, or switched off. */
export const PROMOTION_STATES = ["scheduled", "active", "ended", "disabled"] as const;

export const promotionItem = z.object({
  id: z.number().int(),
  name: z.string(),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  shop_ids: z.array(z.number().int()),
  machine_types: z.array(z.string()),
  settings: promotionSettings,
  enabled: z.boolean(),
  state: z.enum(PROMOTION_STATES),
  /** Paid orders whose price it lowered, and what it gave away in total (minor units), from the orders' explanations. */
  applied_count: z.number().int().nonnegative(),
  cost: z.number().int().nonnegative(),
  created_at: z.number().int(),
});
export type PromotionItem = z.infer<typeof promotionItem>;

export const promotionListRequest = listRequest({
  kind: z.enum(PROMOTION_KINDS, { error: "validation.invalid" }).optional(),
  name: z.string().trim().max(PROMOTION_LIMITS.name, { error: "validation.tooLong" }).optional(),
  state: z.enum(PROMOTION_STATES, { error: "validation.invalid" }).optional(),
});
export const promotionListResult = listResult(promotionItem);

/** A clock time "HH:MM" of the vendor's zone. */
export const clockTime = z.string({ error: "validation.required" }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
  error: "validation.minuteOfDay",
});

/**
 * A time-of-day price: on some weekdays (0 Sunday … 6 Saturday), between two local times (a `to`
 * not after `from` crosses midnight), a percentage off the list price or a fixed price.
 */
export const priceWindowFields = {
  name: requiredText(PROMOTION_LIMITS.name),
  days: z
    .array(z.number().int().min(0).max(6), { error: "validation.invalid" })
    .min(1, { error: "validation.noDays" })
    .max(7, { error: "validation.invalid" })
    .transform((days) => [...new Set(days)].sort()),
  from: clockTime,
  to: clockTime,
  ...scopeFields,
  change: z.discriminatedUnion(
    "mode",
    [
      z.object({ mode: z.literal("percent_off"), percent_off: percentOff }),
      z.object({ mode: z.literal("price"), price: priceAmount }),
    ],
    { error: "validation.invalid" },
  ),
  enabled: z.boolean({ error: "validation.invalid" }).default(true),
};
const windowHasLength = (v: { from: string; to: string }) => v.from !== v.to;
export const priceWindowCreateRequest = z
  .object(priceWindowFields)
  .refine(windowHasLength, { error: "validation.windowEmpty", path: ["to"] });
export const priceWindowModifyRequest = z
  .object({ id: recordId, ...priceWindowFields })
  .refine(windowHasLength, { error: "validation.windowEmpty", path: ["to"] });

export const priceWindowItem = z.object({
  id: z.number().int(),
  name: z.string(),
  days: z.array(z.number().int()),
  from: z.string(),
  to: z.string(),
  shop_ids: z.array(z.number().int()),
  machine_types: z.array(z.string()),
  change: z.discriminatedUnion("mode", [
    z.object({ mode: z.literal("percent_off"), percent_off: z.number().int() }),
    z.object({ mode: z.literal("price"), price: z.number().int() }),
  ]),
  enabled: z.boolean(),
  /** Machines its last push to machines reached, and how many of them applied it. */
  machines: z.number().int().nonnegative(),
  applied: z.number().int().nonnegative(),
  created_at: z.number().int(),
});
export type PriceWindowItem = z.infer<typeof priceWindowItem>;
export const priceWindowListRequest = listRequest({
  name: z.string().trim().max(PROMOTION_LIMITS.name, { error: "validation.tooLong" }).optional(),
});
export const priceWindowListResult = listResult(priceWindowItem);

/** The kinds of step a price's explanation lists, in the order they apply. */
export const ADJUSTMENT_KINDS = [
  "time_of_day",
  "promotion",
  "wash_dry_card",
  "discount_card",
  "coupon",
  "pay_discount",
] as const;

/** One step of a price's explanation (what an order stores and the pay page shows). */
export const priceAdjustment = z.object({
  kind: z.enum(ADJUSTMENT_KINDS),
  /** The rule's id (promotion, window, card, coupon); 0 for the provider's discount. */
  rule_id: z.number().int(),
  name: z.string(),
  /** Negative: off the price; positive: a time-of-day price above the list price. */
  amount: z.number().int(),
  price_after: z.number().int(),
});
export type PriceAdjustment = z.infer<typeof priceAdjustment>;

export const priceExplanation = z.object({
  list_price: z.number().int(),
  adjustments: z.array(priceAdjustment),
  final_price: z.number().int(),
});
export type PriceExplanation = z.infer<typeof priceExplanation>;

/** The console's price preview: what a machine's program costs at a moment (now when absent). */
export const pricePreviewRequest = z.object({
  device_id: recordId,
  option: z.string().max(64).default(""),
  at: epochSeconds.optional(),
});
export const pricePreviewResult = z.object({
  currency: z.string(),
  programs: z.array(
    z.object({ option: z.string(), name: z.string(), minutes: z.number().int(), price: priceExplanation }),
  ),
});

const PROMOTIONS = { kind: "session", levels: [3, 4], permission: { oneOf: leavesOf("v_promotion") } } as const;
const DEV_QUERY = { kind: "session", levels: [3, 4], permission: "dev_query" } as const;
const DEV_CONTROL = { kind: "session", levels: [3, 4], permission: "dev_control" } as const;

export const promotionEndpoints = {
  list: endpoint({
    method: "POST",
    path: "/api/Promotion/get_promotion_list",
    summary:
      "Promotions of the vendor of the kinds the caller holds, newest first, each with its state, how often it applied and what it gave away",
    access: PROMOTIONS,
    body: promotionListRequest,
    result: promotionListResult,
    mutates: false,
  }),
  create: endpoint({
    method: "POST",
    path: "/api/Promotion/create_promotion",
    summary: "Creates a promotion of one kind (the caller must hold that kind's key), switched on",
    access: PROMOTIONS,
    body: promotionCreateRequest,
    result: promotionItem,
    mutates: true,
    log: "promotions.create",
  }),
  modify: endpoint({
    method: "POST",
    path: "/api/Promotion/modify_promotion",
    summary: "Changes a promotion's name, period, scope and settings (its kind stays)",
    access: PROMOTIONS,
    body: promotionModifyRequest,
    result: promotionItem,
    mutates: true,
    log: "promotions.modify",
  }),
  setStatus: endpoint({
    method: "POST",
    path: "/api/Promotion/set_promotion_status",
    summary: "Switches a promotion on or off",
    access: PROMOTIONS,
    body: promotionStatusRequest,
    result: promotionItem,
    mutates: true,
    log: "promotions.setStatus",
  }),
  remove: endpoint({
    method: "POST",
    path: "/api/Promotion/remove_promotion",
    summary: "Removes a promotion; orders keep the explanation that named it",
    access: PROMOTIONS,
    body: promotionIdRequest,
    result: z.object({ id: z.number().int() }),
    mutates: true,
    log: "promotions.remove",
  }),
  windows: endpoint({
    method: "POST",
    path: "/api/Promotion/get_price_window_list",
    summary: "Time-of-day prices of the vendor",
    access: DEV_QUERY,
    body: priceWindowListRequest,
    result: priceWindowListResult,
    mutates: false,
  }),
  createWindow: endpoint({
    method: "POST",
    path: "/api/Promotion/create_price_window",
    summary: "Creates a time-of-day price (weekdays, local hours, percent off or a fixed price, scope)",
    access: DEV_CONTROL,
    body: priceWindowCreateRequest,
    result: priceWindowItem,
    mutates: true,
    log: "promotions.createWindow",
  }),
  modifyWindow: endpoint({
    method: "POST",
    path: "/api/Promotion/modify_price_window",
    summary: "Changes a time-of-day price",
    access: DEV_CONTROL,
    body: priceWindowModifyRequest,
    result: priceWindowItem,
    mutates: true,
    log: "promotions.modifyWindow",
  }),
  removeWindow: endpoint({
    method: "POST",
    path: "/api/Promotion/remove_price_window",
    summary: "Removes a time-of-day price",
    access: DEV_CONTROL,
    body: z.object({ id: recordId }),
    result: z.object({ id: z.number().int() }),
    mutates: true,
    log: "promotions.removeWindow",
  }),
  pushWindows: endpoint({
    method: "POST",
    path: "/api/Promotion/push_price_windows",
    summary:
      "Sends the machines their time-of-day prices again as parameters: those whose prices changed and, with retry, those that have not applied them",
    access: DEV_CONTROL,
    body: z.object({ retry: z.boolean({ error: "validation.invalid" }).default(true) }),
    result: z.object({ machines: z.number().int() }),
    mutates: true,
    log: "promotions.pushWindows",
  }),
  preview: endpoint({
    method: "POST",
    path: "/api/Promotion/preview_price",
    summary:
      "What each program of a machine costs at a moment, with every adjustment and its reason (the pricing engine the pay page uses)",
    access: DEV_QUERY,
    body: pricePreviewRequest,
    result: pricePreviewResult,
    mutates: false,
  }),
} as const;
