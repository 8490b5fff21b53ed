import { z } from "zod";
import { VENDOR_VARIANTS } from "../access/variants.js";
import { LIMITS } from "../limits.js";
import { PROVIDER_IDS } from "../payments/providers.js";
import { endpoint } from "./contract.js";
import { currencyCode, languageCode, recordId, requiredText, timeZone } from "./fields.js";
import { listRequest, listResult } from "./list.js";

/**
 * /groups/vendors: a group's merchants with every vendor field of spec §3. Money (coin
 * denomination, balances) is an integer in the vendor's currency's minor unit.
 */

/** Ways a vendor takes payment: coins, member account and card, and the payment providers. */
export const VENDOR_PAYMENT_METHODS = ["coin", "member_account", "member_card", ...PROVIDER_IDS] as const;
export type VendorPaymentMethod = (typeof VENDOR_PAYMENT_METHODS)[number];

/** Spec §5: a fee rate is 0 to 0.99, in hundredths. */
export const feeRate = z
  .number({ error: "validation.feeRate" })
  .min(LIMITS.feeRate.min, { error: "validation.feeRate" })
  .max(LIMITS.feeRate.max, { error: "validation.feeRate" })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, { error: "validation.feeRate" });

/** Spec §5: the coin denomination is not below zero; minor units of the vendor's currency. */
export const coinDenomination = z
  .number({ error: "validation.coinDenomination" })
  .int({ error: "validation.coinDenomination" })
  .min(0, { error: "validation.coinDenomination" })
  .max(1_000_000_000, { error: "validation.coinDenomination" });

export const SETTLEMENT_CYCLE_DAYS = { min: 1, max: 365 } as const;
export const settlementCycleDays = z
  .number({ error: "validation.settlementCycle" })
  .int({ error: "validation.settlementCycle" })
  .min(SETTLEMENT_CYCLE_DAYS.min, { error: "validation.settlementCycle" })
  .max(SETTLEMENT_CYCLE_DAYS.max, { error: "validation.settlementCycle" });

export const vendorPhone = requiredText(32).regex(/^\+?[0-9][0-9 ()-]{2,31}$/, { error: "validation.phone" });

/** The editable fields of a vendor; all required (spec §5). */
export const vendorAdminFields = {
  name: requiredText(128),
  real_name: requiredText(64),
  id_number: requiredText(64),
  phone: vendorPhone,
  home_page: requiredText(255),
  settlement_cycle_days: settlementCycleDays,
  fee_rate_coins: feeRate,
  fee_rate_no_coins: feeRate,
  currency: currencyCode,
  language: languageCode,
  time_zone: timeZone,
  coin_denomination: coinDenomination,
  payment_methods: z
    .array(z.enum(VENDOR_PAYMENT_METHODS, { error: "validation.invalid" }))
    .max(VENDOR_PAYMENT_METHODS.length, { error: "validation.invalid" })
    .default([]),
  /** The trade the console is shaped for (variants.ts); left out: laundry on create, unchanged on modify. */
  variant: z.enum(VENDOR_VARIANTS, { error: "validation.invalid" }).optional(),
};

export const vendorAdminItem = z.object({
  vendor_id: z.number().int(),
  name: z.string(),
  real_name: z.string(),
  id_number: z.string(),
  phone: z.string(),
  home_page: z.string(),
  settlement_cycle_days: z.number().int(),
  fee_rate_coins: z.number(),
  fee_rate_no_coins: z.number(),
  currency: z.string(),
  language: z.string(),
  time_zone: z.string(),
  coin_denomination: z.number().int(),
  payment_methods: z.array(z.string()),
  variant: z.enum(VENDOR_VARIANTS),
  /** Read-only: kept by settlement. */
  max_balance: z.number().int(),
  withdrawable_balance: z.number().int(),
  created_at: z.number().int(),
  /** What still depends on the vendor: a vendor with dependents cannot be removed. */
  account_count: z.number().int(),
  device_count: z.number().int(),
});
export type VendorAdminItem = z.infer<typeof vendorAdminItem>;

export const vendorAdminListRequest = listRequest({
  /** Part of the name, real name or phone, case-insensitive. */
  keyword: z.string().trim().max(64, { error: "validation.tooLong" }).optional(),
});
export const vendorAdminListResult = listResult(vendorAdminItem);

export const createVendorRequest = z.object(vendorAdminFields);
/** `vendor_id` names the vendor; the server resolves it within the caller's group. */
export const modifyVendorRequest = z.object({ vendor_id: recordId, ...vendorAdminFields });

const GROUP_LEVELS = [6, 7] as const;

export const vendorAdminEndpoints = {
  list: endpoint({
    method: "POST",
    path: "/api/v2/Vendor/get_vendor_list_by_group",
    summary: "Every vendor of the group with all its fields and dependents, filtered and paged by cursor",
    access: { kind: "session", levels: GROUP_LEVELS },
    body: vendorAdminListRequest,
    result: vendorAdminListResult,
    mutates: false,
  }),
  create: endpoint({
    method: "POST",
    path: "/api/Vendor/create_new_vendor_by_group",
    summary: "Create a vendor in the group",
    access: { kind: "session", levels: GROUP_LEVELS },
    body: createVendorRequest,
    result: vendorAdminItem,
    mutates: true,
    log: "vendorAdmin.create",
  }),
  modify: endpoint({
    method: "POST",
    path: "/api/Vendor/modify_vendor_info_by_group",
    summary: "Change a vendor of the group; balances are read-only",
    access: { kind: "session", levels: GROUP_LEVELS },
    body: modifyVendorRequest,
    result: vendorAdminItem,
    mutates: true,
    log: "vendorAdmin.modify",
  }),
  remove: endpoint({
    method: "POST",
    path: "/api/Vendor/remove_vendor_by_group",
    summary: "Remove a vendor of the group; refused while accounts, devices or other records depend on it",
    access: { kind: "session", levels: GROUP_LEVELS },
    body: z.object({ vendor_id: recordId }),
    result: z.object({ vendor_id: z.number().int() }),
    mutates: true,
    log: "vendorAdmin.remove",
  }),
} as const;
