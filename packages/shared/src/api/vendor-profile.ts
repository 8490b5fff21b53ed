import { z } from "zod";
import { LIMITS } from "../limits.js";
import { PAYMENT_SETTINGS_PROVIDERS, type PaymentSettingsProvider } from "../payments/providers.js";
import { endpoint } from "./contract.js";
import { requiredText } from "./fields.js";
import { vendorAdminItem } from "./vendor-admin.js";

/**
 * Payment-provider credentials of a vendor (spec §3 Vendor, §7 "get/modify pairs per provider"):
 * one generic pair of calls reads and writes any provider of the descriptor list
 * (payments/providers.ts), which says which fields each has and which are secret. Secrets are
 * sealed at rest and answered masked; sending the mask back unchanged keeps the stored secret.
 */
export const PAYMENT_FIELD_MAX = 4096;

const providerId = z.enum(PAYMENT_SETTINGS_PROVIDERS as [PaymentSettingsProvider, ...PaymentSettingsProvider[]], {
  error: "validation.invalid",
});

/** §5 discount rate 1 to 99 (percent), or null for none. */
export const payDiscount = z
  .number({ error: "validation.numeric" })
  .int({ error: "validation.discountRange" })
  .min(LIMITS.discount.min, { error: "validation.discountRange" })
  .max(LIMITS.discount.max, { error: "validation.discountRange" })
  .nullable();

export const paymentProviderItem = z.object({
  provider: providerId,
  enabled: z.boolean(),
  /** The has_* flag enabling this provider sets, if any. */
  flag: z.string().nullable(),
  /** Non-secret fields as stored; secret fields masked ("" when not set). */
  fields: z.record(z.string(), z.string()),
  /** Names of the secret fields that hold a value. */
  secrets_set: z.array(z.string()),
  discount: z.number().int().nullable(),
  updated_at: z.number().int().nullable(),
});
export type PaymentProviderItem = z.infer<typeof paymentProviderItem>;

export const getPaymentInfoRequest = z.object({ provider: providerId.optional() });
export const getPaymentInfoResult = z.object({ providers: z.array(paymentProviderItem) });

export const modifyPaymentInfoRequest = z.object({
  provider: providerId,
  enabled: z.boolean(),
  fields: z.record(z.string().max(64), z.string().max(PAYMENT_FIELD_MAX, { error: "validation.tooLong" })).default({}),
});

export const modifyPayDiscountsRequest = z.object({
  discounts: z
    .array(z.object({ provider: providerId, discount: payDiscount }))
    .min(1)
    .max(50),
});

/**
 * The vendor's own profile (spec §3 Vendor), as its administrators see it: the same fields, of the
 * same types, as the group's vendor list answers (`vendorAdminItem`).
 */
export const vendorProfile = vendorAdminItem
  .pick({
    vendor_id: true,
    name: true,
    real_name: true,
    id_number: true,
    phone: true,
    home_page: true,
    settlement_cycle_days: true,
    fee_rate_coins: true,
    fee_rate_no_coins: true,
    currency: true,
    language: true,
    time_zone: true,
    coin_denomination: true,
    max_balance: true,
    withdrawable_balance: true,
  })
  .extend({ group_name: z.string().nullable() });
export type VendorProfile = z.infer<typeof vendorProfile>;

/** Contact fields a merchant main administrator may change; the group manages the rest. */
export const modifyVendorContactRequest = z.object({
  phone: requiredText(32),
  home_page: requiredText(255),
});

const VENDOR = [3, 4] as const;

export const vendorProfileEndpoints = {
  profile: endpoint({
    method: "POST",
    path: "/api/Vendor/get_vendor_profile",
    summary: "The vendor's own profile: identity, contact, settlement, fees, currency, balances",
    access: { kind: "session", levels: VENDOR, permission: "vendor_info" },
    body: z.object({}),
    result: vendorProfile,
    mutates: false,
  }),
  modifyContact: endpoint({
    method: "POST",
    path: "/api/Vendor/modify_vendor_contact",
    summary: "Change the vendor's phone and home page (merchant main administrator)",
    access: { kind: "session", levels: [3] },
    body: modifyVendorContactRequest,
    result: vendorProfile,
    mutates: true,
    log: "vendorProfile.modifyContact",
  }),
  paymentInfo: endpoint({
    method: "POST",
    path: "/api/Vendor/get_vendor_payment_info",
    summary: "Payment-provider settings of the vendor (one provider, or all): secrets masked",
    access: { kind: "session", levels: VENDOR, permission: "vendor_info" },
    body: getPaymentInfoRequest,
    result: getPaymentInfoResult,
    mutates: false,
  }),
  modifyPaymentInfo: endpoint({
    method: "POST",
    path: "/api/Vendor/modify_vendor_payment_info",
    summary:
      "Set one provider's credentials and switch it on or off (sets its has_* flag); a masked secret sent back unchanged is kept",
    access: { kind: "session", levels: [3] },
    body: modifyPaymentInfoRequest,
    result: paymentProviderItem,
    mutates: true,
    log: "vendorProfile.modifyPaymentInfo",
  }),
  modifyPayDiscounts: endpoint({
    method: "POST",
    path: "/api/Vendor/modify_vendor_pay_discounts_info",
    summary: "Set the discount rate (1-99 %, or none) of payments through given providers",
    access: { kind: "session", levels: [3] },
    body: modifyPayDiscountsRequest,
    result: getPaymentInfoResult,
    mutates: true,
    log: "vendorProfile.modifyPayDiscounts",
  }),
} as const;
