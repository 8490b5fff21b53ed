import { z } from "zod";
import { PAYMENT_PROVIDERS, type ProviderFlag } from "../access/providers.js";
import { LIMITS } from "../limits.js";
import { endpoint } from "./contract.js";
import { requiredText } from "./fields.js";

/**
 * Payment-provider credentials of a vendor (spec §3 Vendor, §7 "get/modify pairs per provider").
 * One table says which fields each provider has and which are secret; one generic pair of calls
 * reads and writes any provider. Secrets are sealed at rest and answered masked; sending the mask
 * back unchanged keeps the stored secret.
 */
export interface ProviderField {
  name: string;
  secret?: boolean;
  /** May stay empty when the provider is enabled. */
  optional?: boolean;
}

const f = (name: string, options: Omit<ProviderField, "name"> = {}): ProviderField => ({ name, ...options });
const secret = (name: string, optional = false): ProviderField => ({ name, secret: true, optional });

/** The providers of §7, in the spec's order, with their credential fields. */
export const PROVIDER_SETTINGS = {
  iyzipay: [f("api_key"), secret("secret_key"), f("base_url", { optional: true })],
  stripe: [f("publishable_key"), secret("secret_key"), secret("webhook_secret", true)],
  xendit: [f("public_key"), secret("secret_key"), secret("callback_token", true)],
  abapay: [f("merchant_id"), secret("api_key"), f("base_url", { optional: true })],
  pocket: [f("merchant_id"), secret("api_key")],
  alipay: [f("app_id"), secret("private_key"), f("alipay_public_key")],
  paypal: [f("client_id"), secret("client_secret"), f("webhook_id", { optional: true })],
  fomo: [f("merchant_id"), secret("api_key")],
  razer: [f("merchant_id"), secret("verify_key"), secret("secret_key")],
  rmpay: [f("client_id"), secret("client_secret"), secret("private_key"), f("store_id")],
  linepay: [f("channel_id"), secret("channel_secret")],
  wechatpay: [f("app_id"), f("mch_id"), f("serial_no"), secret("api_v3_key"), secret("private_key")],
  gbprimepay: [f("public_key"), secret("secret_key"), secret("token")],
  gkash: [f("cid"), secret("signature_key")],
  qris: [f("merchant_id"), secret("api_key")],
  pos: [f("merchant_id"), f("terminal_id"), secret("api_key")],
  pay_account: [f("account_name"), f("account_number"), f("bank_name")],
} as const satisfies Record<string, readonly ProviderField[]>;

export type PaymentSettingsProvider = keyof typeof PROVIDER_SETTINGS;
export const PAYMENT_SETTINGS_PROVIDERS = Object.keys(PROVIDER_SETTINGS) as PaymentSettingsProvider[];

/** Every credential field name, for the console's labels (`vendorProfile.fields.<name>`). */
export const PROVIDER_FIELD_NAMES: readonly string[] = [
  ...new Set(Object.values(PROVIDER_SETTINGS).flatMap((fields) => fields.map((x) => x.name))),
];

/** The provider's has_* flag, when enabling it shows an order menu (pos and pay_account have none). */
export function providerFlagOf(provider: PaymentSettingsProvider): ProviderFlag | null {
  return PAYMENT_PROVIDERS.find((p) => p.id === provider)?.flag ?? null;
}

export function providerFields(provider: PaymentSettingsProvider): readonly ProviderField[] {
  return PROVIDER_SETTINGS[provider];
}

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

/** The vendor's own profile (spec §3 Vendor), as its administrators see it. */
export const vendorProfile = z.object({
  vendor_id: z.number().int(),
  name: z.string(),
  real_name: z.string(),
  id_number: z.string(),
  phone: z.string(),
  home_page: z.string(),
  settlement_cycle_days: z.number().int(),
  fee_rate_coins: z.string(),
  fee_rate_no_coins: z.string(),
  currency: z.string(),
  language: z.string(),
  time_zone: z.string(),
  coin_denomination: z.number().int(),
  max_balance: z.number().int(),
  withdrawable_balance: z.number().int(),
  group_name: z.string().nullable(),
});
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
  }),
  modifyPayDiscounts: endpoint({
    method: "POST",
    path: "/api/Vendor/modify_vendor_pay_discounts_info",
    summary: "Set the discount rate (1-99 %, or none) of payments through given providers",
    access: { kind: "session", levels: [3] },
    body: modifyPayDiscountsRequest,
    result: getPaymentInfoResult,
    mutates: true,
  }),
} as const;
