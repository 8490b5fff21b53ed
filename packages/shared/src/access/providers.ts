/**
 * The fifteen payment providers whose order pages show only when the vendor has enabled them
 * (spec §2 "Menu visibility"): the vendor's `has_*` flag, the order route, and the level-4
 * permission key of §6.
 */
export const PAYMENT_PROVIDERS = [
  { id: "fomo", flag: "has_fomo", route: "/order/fomo", permission: "fomo" },
  { id: "razer", flag: "has_razer", route: "/order/razer", permission: "Razer_DuitNow" },
  { id: "paypal", flag: "has_paypal", route: "/order/paypal", permission: "paypal" },
  { id: "rmpay", flag: "has_rmpay", route: "/order/rmpay", permission: "rmpay" },
  { id: "linepay", flag: "has_linepay", route: "/order/linepay", permission: "linepay" },
  { id: "iyzipay", flag: "has_iyzipay", route: "/order/iyzipay", permission: "iyzipay" },
  { id: "gbprimepay", flag: "has_gbprimepay", route: "/order/gbprimepay", permission: "gbprimepay" },
  { id: "gkash", flag: "has_gkash", route: "/order/gkash", permission: "gkash" },
  { id: "wechatpay", flag: "has_wechatpay", route: "/order/wechat_pay", permission: "wechat" },
  { id: "alipay", flag: "has_alipay", route: "/order/alipay", permission: "alipay" },
  { id: "qris", flag: "has_qris", route: "/order/Qris", permission: "qris" },
  { id: "xendit", flag: "has_xendit", route: "/order/xendit", permission: "xendit" },
  { id: "abapay", flag: "has_abapay", route: "/order/abapay", permission: "abapay" },
  { id: "pocket", flag: "has_pocket", route: "/order/pocket", permission: "pocket" },
  { id: "stripe", flag: "has_stripe", route: "/order/stripe", permission: "stripe" },
] as const;

export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number]["id"];
export type ProviderFlag = (typeof PAYMENT_PROVIDERS)[number]["flag"];
export type ProviderFlags = Record<ProviderFlag, boolean>;

export const PROVIDER_IDS = PAYMENT_PROVIDERS.map((p) => p.id) as PaymentProviderId[];

export function providerFlags(enabled: readonly string[]): ProviderFlags {
  return Object.fromEntries(PAYMENT_PROVIDERS.map((p) => [p.flag, enabled.includes(p.id)])) as ProviderFlags;
}
