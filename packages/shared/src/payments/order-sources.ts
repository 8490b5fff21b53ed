import { ORDER_PROVIDER_IDS, type OrderProviderId } from "./providers.js";

/**
 * Where an order's money came from. Machines report coins, notes, card taps and free starts; the
 * member app pays from a member balance; customers pay through a provider (the fifteen and our
 * sandbox). One order model holds them all; the source says which screen lists it.
 */
export const DEVICE_SOURCES = ["coin", "note", "card", "free_start"] as const;
export const MEMBER_SOURCES = ["mem_account", "mem_card"] as const;
export const ORDER_SOURCES = [...DEVICE_SOURCES, ...MEMBER_SOURCES, ...ORDER_PROVIDER_IDS] as [
  OrderSource,
  ...OrderSource[],
];
export type OrderSource = (typeof DEVICE_SOURCES)[number] | (typeof MEMBER_SOURCES)[number] | OrderProviderId;

/**
 * Spec §6 payment-type codes, in one table. The spec lists the codes (1–9, then AP … SP) and the
 * names (WeChat … Stripe) in two lists whose exact pairing it leaves open; we pair them in list
 * order where the letters do not say otherwise, and by their letters where they do (AP Apple Pay,
 * IP Iyzipay, RZ Razer, RM Revenue Monster, GK Gkash, XD Xendit, ABA ABApay, PK Pocket, SP Stripe,
 * COIN coin, F free start, CAL cashless). M is cash (money: banknotes); 4C1 and 2C1, which the
 * names list leaves unpaired, are the cashless readers that combine four or two payment kinds in
 * one terminal. docs/decisions.md records this choice. A code maps to the source its orders carry;
 * codes of wallets we do not take directly (Google Pay, Apple Pay, the cashless readers) come from
 * the machine's card reader, so their orders are card orders.
 */
export const PAYMENT_TYPES = [
  { code: "1", name: "WeChat", source: "wechatpay" },
  { code: "2", name: "Linepay", source: "linepay" },
  { code: "3", name: "Alipay", source: "alipay" },
  { code: "4", name: "FOMO", source: "fomo" },
  { code: "5", name: "Member account", source: "mem_account" },
  { code: "6", name: "Card consumption", source: "mem_card" },
  { code: "7", name: "Gbprimepay", source: "gbprimepay" },
  { code: "8", name: "Paypal", source: "paypal" },
  { code: "9", name: "Google Pay", source: "card" },
  { code: "AP", name: "Apple Pay", source: "card" },
  { code: "IP", name: "Iyzipay", source: "iyzipay" },
  { code: "M", name: "Cash", source: "note" },
  { code: "RZ", name: "Razer", source: "razer" },
  { code: "RM", name: "Revenue Monster", source: "rmpay" },
  { code: "COIN", name: "Coin", source: "coin" },
  { code: "F", name: "Free start", source: "free_start" },
  { code: "4C1", name: "Cashless (4-in-1 reader)", source: "card" },
  { code: "2C1", name: "Cashless (2-in-1 reader)", source: "card" },
  { code: "CAL", name: "Cashless", source: "card" },
  { code: "GK", name: "Gkash", source: "gkash" },
  { code: "QRIS", name: "QRIS", source: "qris" },
  { code: "XD", name: "Xendit", source: "xendit" },
  { code: "ABA", name: "ABApay", source: "abapay" },
  { code: "PK", name: "Pocket", source: "pocket" },
  { code: "SP", name: "Stripe", source: "stripe" },
  // Ours, beyond the spec: the sandbox provider of demonstrations.
  { code: "SBX", name: "Sandbox", source: "sandbox" },
] as const satisfies readonly { code: string; name: string; source: OrderSource }[];

export type PaymentTypeCode = (typeof PAYMENT_TYPES)[number]["code"];
export const PAYMENT_TYPE_CODES = PAYMENT_TYPES.map((p) => p.code) as [PaymentTypeCode, ...PaymentTypeCode[]];

/** The code an order of a source is recorded with (the first the table pairs with it). */
export function paymentTypeOf(source: OrderSource): PaymentTypeCode {
  const row = PAYMENT_TYPES.find((p) => p.source === source);
  if (!row) throw new Error(`no payment-type code for the source "${source}"`);
  return row.code;
}

export function paymentTypeName(code: string): string | undefined {
  return PAYMENT_TYPES.find((p) => p.code === code)?.name;
}
