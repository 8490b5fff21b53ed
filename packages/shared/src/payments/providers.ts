import type { PermissionLeafKey } from "../access/permissions.js";

/**
 * The payment providers, one descriptor each: what the console and the server need to know of a
 * provider in one place — its order screen and the vendor switch that shows it (spec §2 "Menu
 * visibility", §6 v_order keys), the credentials a vendor stores for it (§7 get/modify pairs), and
 * which of pay, refund, query and webhook our adapter for it does. The orders work adds one adapter
 * file per provider on the server; nothing else lists providers.
 */
export interface ProviderField {
  name: string;
  secret?: boolean;
  /** May stay empty when the provider is enabled. */
  optional?: boolean;
}

export interface ProviderCapabilities {
  /** Takes payments (a checkout, a QR code). */
  pay: boolean;
  /** Refunds through its API (spec §7 refund_by_vendor: WeChat Pay and Alipay). */
  refund: boolean;
  /** Answers an order's state on demand (spec §7 check_order: QRIS and FOMO). */
  query: boolean;
  /** Notifies payments with signed webhooks. */
  webhook: boolean;
}

/**
 * How a provider counts money on its wire (`provider-money.ts` converts):
 * - `iso_minor`: an integer in the currency's ISO 4217 minor unit (WeChat Pay: 5000 for ฿50);
 * - `decimal`: a decimal string in major units with the provider's decimals for the currency (Alipay
 *   "50.00", PayPal "50");
 * - `ours`: an integer in our own minor unit, as the shared currency table counts (the providers we
 *   speak our signed REST scheme with, and the sandbox).
 */
export type ProviderAmountUnit = "iso_minor" | "decimal" | "ours";

/**
 * What money a provider takes and how (defect-proof conversion needs all three): its unit, the
 * currencies it takes with the merchant model each is taken under (WeChat Pay's domestic API takes
 * CNY only; other currencies go through its global API), and where its decimals differ from ISO
 * 4217 (PayPal counts HUF and TWD in whole units; Stripe its zero-decimal list).
 */
export interface ProviderMoney {
  unit: ProviderAmountUnit;
  /** Currency code → the merchant model it is taken under; "*": every currency we hold but the platform's own units. */
  currencies: Readonly<Record<string, string>> | "*";
  /** The model of every currency when `currencies` is "*". */
  model?: string;
  /** Decimals the provider counts a currency in, where they are not ISO 4217's. */
  decimals?: Readonly<Record<string, number>>;
}

export interface PaymentProviderDescriptor {
  /** The settings key, the provider name on orders, and the `has_*` flag's suffix. */
  id: string;
  /** The order screen and its vendor switch; null for settings without orders (a POS terminal, a bank account). */
  orders: { flag: `has_${string}`; route: string; permission: PermissionLeafKey } | null;
  credentials: readonly ProviderField[];
  capabilities: ProviderCapabilities;
  /** What money it takes; absent for a provider we do not take payments through yet. */
  money?: ProviderMoney;
}

const each = (model: string, ...codes: string[]) => Object.fromEntries(codes.map((code) => [code, model]));

const f = (name: string, options: Omit<ProviderField, "name"> = {}): ProviderField => ({ name, ...options });
const secret = (name: string, optional = false): ProviderField => ({ name, secret: true, optional });
const can = (...what: (keyof ProviderCapabilities)[]): ProviderCapabilities => ({
  pay: what.includes("pay"),
  refund: what.includes("refund"),
  query: what.includes("query"),
  webhook: what.includes("webhook"),
});

/** In the order of the order screens (spec §2), then the settings-only entries. */
export const PAYMENT_PROVIDERS = [
  {
    id: "fomo",
    orders: { flag: "has_fomo", route: "/order/fomo", permission: "fomo" },
    credentials: [f("merchant_id"), secret("api_key")],
    capabilities: can("pay", "query"),
    money: { unit: "ours", currencies: each("merchant", "SGD", "MYR", "HKD") },
  },
  {
    id: "razer",
    orders: { flag: "has_razer", route: "/order/razer", permission: "Razer_DuitNow" },
    credentials: [f("merchant_id"), secret("verify_key"), secret("secret_key")],
    capabilities: can("pay"),
  },
  {
    id: "paypal",
    orders: { flag: "has_paypal", route: "/order/paypal", permission: "paypal" },
    credentials: [f("client_id"), secret("client_secret"), f("webhook_id", { optional: true })],
    capabilities: can("pay", "webhook"),
    // PayPal's own list of currencies; it counts HUF, JPY and TWD in whole units.
    money: {
      unit: "decimal",
      currencies: each(
        "merchant",
        "AUD",
        "BRL",
        "CAD",
        "CNY",
        "CZK",
        "DKK",
        "EUR",
        "HKD",
        "HUF",
        "ILS",
        "JPY",
        "MYR",
        "MXN",
        "TWD",
        "NZD",
        "NOK",
        "PHP",
        "PLN",
        "GBP",
        "SGD",
        "SEK",
        "CHF",
        "THB",
        "USD",
      ),
      decimals: { HUF: 0, JPY: 0, TWD: 0 },
    },
  },
  {
    id: "rmpay",
    orders: { flag: "has_rmpay", route: "/order/rmpay", permission: "rmpay" },
    credentials: [f("client_id"), secret("client_secret"), secret("private_key"), f("store_id")],
    capabilities: can("pay"),
  },
  {
    id: "linepay",
    orders: { flag: "has_linepay", route: "/order/linepay", permission: "linepay" },
    credentials: [f("channel_id"), secret("channel_secret")],
    capabilities: can("pay"),
  },
  {
    id: "iyzipay",
    orders: { flag: "has_iyzipay", route: "/order/iyzipay", permission: "iyzipay" },
    credentials: [f("api_key"), secret("secret_key"), f("base_url", { optional: true })],
    capabilities: can("pay"),
  },
  {
    id: "gbprimepay",
    orders: { flag: "has_gbprimepay", route: "/order/gbprimepay", permission: "gbprimepay" },
    credentials: [f("public_key"), secret("secret_key"), secret("token")],
    capabilities: can("pay"),
  },
  {
    id: "gkash",
    orders: { flag: "has_gkash", route: "/order/gkash", permission: "gkash" },
    credentials: [f("cid"), secret("signature_key")],
    capabilities: can("pay"),
  },
  {
    id: "wechatpay",
    orders: { flag: "has_wechatpay", route: "/order/wechat_pay", permission: "wechat" },
    // platform_public_key: WeChat Pay's own public key, which its notifications and answers are signed with.
    credentials: [
      f("app_id"),
      f("mch_id"),
      f("serial_no"),
      secret("api_v3_key"),
      secret("private_key"),
      f("platform_public_key"),
      // Merchants outside Mainland China (WeChat Pay Global): the category code of their business.
      f("merchant_category_code", { optional: true }),
    ],
    capabilities: can("pay", "refund", "webhook"),
    // The domestic v3 API takes CNY only; the currencies WeChat Pay Global settles go through its
    // global API (`/v3/global/…`), in each currency's ISO 4217 minor unit.
    money: {
      unit: "iso_minor",
      currencies: {
        ...each("domestic", "CNY"),
        ...each(
          "global",
          "HKD",
          "USD",
          "EUR",
          "GBP",
          "JPY",
          "KRW",
          "CAD",
          "AUD",
          "NZD",
          "SGD",
          "THB",
          "MYR",
          "CHF",
          "DKK",
          "NOK",
          "SEK",
        ),
      },
    },
  },
  {
    id: "alipay",
    orders: { flag: "has_alipay", route: "/order/alipay", permission: "alipay" },
    credentials: [f("app_id"), secret("private_key"), f("alipay_public_key")],
    capabilities: can("pay", "refund", "webhook"),
    // CNY as a domestic merchant; a cross-border merchant prices in its own currency with
    // `trans_currency` (and settles in it with `settle_currency`). Amounts: "50.00", "500" for yen.
    money: {
      unit: "decimal",
      currencies: {
        ...each("domestic", "CNY"),
        ...each(
          "cross_border",
          "USD",
          "EUR",
          "GBP",
          "HKD",
          "JPY",
          "KRW",
          "SGD",
          "AUD",
          "CAD",
          "NZD",
          "CHF",
          "SEK",
          "DKK",
          "NOK",
          "THB",
          "MYR",
        ),
      },
    },
  },
  {
    id: "qris",
    orders: { flag: "has_qris", route: "/order/Qris", permission: "qris" },
    credentials: [f("merchant_id"), secret("api_key")],
    capabilities: can("pay", "query"),
    money: { unit: "ours", currencies: each("merchant", "IDR") },
  },
  {
    id: "xendit",
    orders: { flag: "has_xendit", route: "/order/xendit", permission: "xendit" },
    credentials: [f("public_key"), secret("secret_key"), secret("callback_token", true)],
    capabilities: can("pay"),
  },
  {
    id: "abapay",
    orders: { flag: "has_abapay", route: "/order/abapay", permission: "abapay" },
    credentials: [f("merchant_id"), secret("api_key"), f("base_url", { optional: true })],
    capabilities: can("pay"),
  },
  {
    id: "pocket",
    orders: { flag: "has_pocket", route: "/order/pocket", permission: "pocket" },
    credentials: [f("merchant_id"), secret("api_key")],
    capabilities: can("pay"),
  },
  {
    id: "stripe",
    orders: { flag: "has_stripe", route: "/order/stripe", permission: "stripe" },
    credentials: [f("publishable_key"), secret("secret_key"), secret("webhook_secret", true)],
    capabilities: can("pay", "webhook"),
    // Stripe counts each currency's smallest unit (its "zero-decimal currencies" — of ours JPY, KRW,
    // VND, PYG — in whole units), but for ISK, which its API keeps in hundredths.
    money: { unit: "iso_minor", currencies: "*", model: "account", decimals: { ISK: 2 } },
  },
  {
    id: "pos",
    orders: null,
    credentials: [f("merchant_id"), f("terminal_id"), secret("api_key")],
    capabilities: can(),
  },
  {
    id: "pay_account",
    orders: null,
    credentials: [f("account_name"), f("account_number"), f("bank_name")],
    capabilities: can(),
  },
] as const satisfies readonly PaymentProviderDescriptor[];

/**
 * Our own provider for demonstrations and tests: it completes payments and refunds without any
 * outside service. It is not one of the spec's fifteen and has no settings screen; a vendor has it
 * only when the demo seed (or the CLI) switches it on, and its orders have a screen of their own.
 */
export const SANDBOX_PROVIDER = {
  id: "sandbox",
  orders: { flag: "has_sandbox", route: "/order/sandbox", permission: "order_sandbox" },
  credentials: [],
  capabilities: can("pay", "refund"),
  money: { unit: "ours", currencies: "*", model: "sandbox" },
} as const satisfies PaymentProviderDescriptor;

type Descriptor = (typeof PAYMENT_PROVIDERS)[number];
type WithOrders = Extract<Descriptor, { orders: object }>;

/** Every provider a vendor can configure (spec §7). */
export type PaymentSettingsProvider = Descriptor["id"];
export const PAYMENT_SETTINGS_PROVIDERS = PAYMENT_PROVIDERS.map((p) => p.id) as PaymentSettingsProvider[];

/** The fifteen providers with an order screen, in menu order. */
export type PaymentProviderId = WithOrders["id"];
/** Every provider an order can be paid through: the fifteen and the sandbox. */
export type OrderProviderId = PaymentProviderId | typeof SANDBOX_PROVIDER.id;
export type ProviderFlag = WithOrders["orders"]["flag"] | typeof SANDBOX_PROVIDER.orders.flag;
export type ProviderFlags = Record<ProviderFlag, boolean>;
export const ORDER_PROVIDERS = PAYMENT_PROVIDERS.filter((p): p is WithOrders => p.orders !== null);
export const PROVIDER_IDS = ORDER_PROVIDERS.map((p) => p.id) as PaymentProviderId[];
/** The providers whose orders have a screen: the fifteen, then the sandbox. */
export const ORDER_SCREEN_PROVIDERS: readonly (WithOrders | typeof SANDBOX_PROVIDER)[] = [
  ...ORDER_PROVIDERS,
  SANDBOX_PROVIDER,
];
export const ORDER_PROVIDER_IDS = ORDER_SCREEN_PROVIDERS.map((p) => p.id) as OrderProviderId[];

export function providerOf(id: string): PaymentProviderDescriptor | undefined {
  return [...PAYMENT_PROVIDERS, SANDBOX_PROVIDER].find((p) => p.id === id);
}

/** The vendor's has_* flags from the providers it switched on. */
export function providerFlags(enabled: readonly string[]): ProviderFlags {
  return Object.fromEntries(
    ORDER_SCREEN_PROVIDERS.map((p) => [p.orders.flag, enabled.includes(p.id)]),
  ) as ProviderFlags;
}

/** The has_* flag enabling a provider sets, when it has an order screen (pos and pay_account have none). */
export function providerFlagOf(provider: PaymentSettingsProvider): ProviderFlag | null {
  return ORDER_PROVIDERS.find((p) => p.id === provider)?.orders.flag ?? null;
}

export function providerFields(provider: PaymentSettingsProvider): readonly ProviderField[] {
  return providerOf(provider)?.credentials ?? [];
}

/** Every credential field name, for the console's labels (`vendorProfile.fields.<name>`). */
export const PROVIDER_FIELD_NAMES: readonly string[] = [
  ...new Set(PAYMENT_PROVIDERS.flatMap((p) => p.credentials.map((x) => x.name))),
];

/** Each provider's own name, as customers know it (a brand, written the same in every language). */
export const PROVIDER_BRAND_NAMES: Record<OrderProviderId, string> = {
  fomo: "FOMO Pay",
  razer: "Razer Merchant Services",
  paypal: "PayPal",
  rmpay: "Revenue Monster",
  linepay: "LINE Pay",
  iyzipay: "iyzico",
  gbprimepay: "GB Prime Pay",
  gkash: "Gkash",
  wechatpay: "WeChat Pay",
  alipay: "Alipay",
  qris: "QRIS",
  xendit: "Xendit",
  abapay: "ABA PAY",
  pocket: "Pocket",
  stripe: "Stripe",
  sandbox: "Sandbox",
};
