import type { ProviderAdapter } from "./adapter.js";
import { alipay } from "./alipay.js";
import { fomo } from "./fomo.js";
import { paypal } from "./paypal.js";
import { qris } from "./qris.js";
import { sandbox } from "./sandbox.js";
import { stripe } from "./stripe.js";
import { wechatPay } from "./wechatpay.js";

/**
 * The providers we speak to, by id: one adapter file each. A provider of the fifteen without an
 * adapter here has orders (listed, exported) but no online payment, refund or notification yet.
 */
export const ADAPTERS: ReadonlyMap<string, ProviderAdapter> = new Map(
  [sandbox, wechatPay, alipay, stripe, paypal, fomo, qris].map((adapter) => [adapter.id, adapter]),
);

export function adapterOf(provider: string): ProviderAdapter | undefined {
  return ADAPTERS.get(provider);
}
