import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.js";
import type { AppDeps } from "../../platform/module.js";
import { adapterOf, type ProviderCall } from "../orders/public.js";
import { publicAddress, setSystemConfig, systemConfigValue } from "../system-config/public.js";
import { subscriptionPrices } from "./tables.js";

/**
 * The platform's side of renewals, set by its administrator (CLI) and never by a vendor: the price of a
 * machine-year per currency, the PayPal account renewals are paid into, and the seller's details the
 * receipt prints. The PayPal client secret is sealed at rest like every provider secret.
 */

const PAYPAL = {
  clientId: "subscriptions.paypal_client_id",
  clientSecret: "subscriptions.paypal_client_secret",
  webhookId: "subscriptions.paypal_webhook_id",
} as const;

export const SELLER_KEYS = {
  address: "platform.address",
  email: "platform.email",
  phone: "platform.phone",
} as const;

export interface PayPalAccount {
  clientId: string;
  clientSecret: string;
  webhookId: string;
}

/** Sets the platform's PayPal account for renewals (CLI `set-subscription-paypal`). */
export async function setPlatformPayPal(db: Db, secrets: AppDeps["secrets"], account: PayPalAccount): Promise<void> {
  await db.transaction(async (tx) => {
    await setSystemConfig(tx, PAYPAL.clientId, account.clientId);
    await setSystemConfig(tx, PAYPAL.clientSecret, secrets.seal(account.clientSecret));
    await setSystemConfig(tx, PAYPAL.webhookId, account.webhookId);
  });
}

/**
 * The platform's PayPal account: SUBSCRIPTION_PAYPAL_* in the environment when set there, else what the
 * CLI stored; undefined while either leaves it incomplete.
 */
async function platformPayPalAccount(deps: Pick<AppDeps, "db" | "secrets" | "config">) {
  const fromEnv = deps.config.subscriptionPayPal;
  if (fromEnv) return fromEnv;
  const [clientId, sealed, webhookId] = await Promise.all([
    systemConfigValue(deps.db, PAYPAL.clientId),
    systemConfigValue(deps.db, PAYPAL.clientSecret),
    systemConfigValue(deps.db, PAYPAL.webhookId),
  ]);
  if (!clientId || !sealed || !webhookId) return undefined;
  return { clientId, clientSecret: deps.secrets.open(sealed), webhookId };
}

/** A call to PayPal with the platform's account (PAYMENT_BASE_URL_PAYPAL, else PayPal's own address). */
export async function platformPayPalCall(
  deps: Pick<AppDeps, "db" | "secrets" | "config">,
): Promise<ProviderCall | undefined> {
  const account = await platformPayPalAccount(deps);
  const adapter = adapterOf("paypal");
  if (!account || !adapter) return undefined;
  return {
    baseUrl: (deps.config.paymentBaseUrls.paypal ?? adapter.defaultBaseUrl).replace(/\/+$/, ""),
    credentials: { client_id: account.clientId, client_secret: account.clientSecret, webhook_id: account.webhookId },
    publicUrl: (await publicAddress(deps.db)) ?? "",
    timeoutMs: 15_000,
  };
}

/** The price of one machine-year in `currency` (minor units), or undefined when the platform set none. */
export async function pricePerYear(db: Db | Tx, currency: string): Promise<number | undefined> {
  const [row] = await db
    .select({ price: subscriptionPrices.pricePerYear })
    .from(subscriptionPrices)
    .where(eq(subscriptionPrices.currency, currency));
  return row?.price;
}

/** Sets the price of a machine-year in a currency (CLI `set-subscription-price`); unpaid orders keep theirs. */
export async function setPricePerYear(db: Db | Tx, currency: string, price: number): Promise<void> {
  await db
    .insert(subscriptionPrices)
    .values({ currency, pricePerYear: price })
    .onConflictDoUpdate({ target: subscriptionPrices.currency, set: { pricePerYear: price, updatedAt: new Date() } });
}

/** Sets the seller's details the receipt prints (CLI `set-platform-details`); an absent one is kept. */
export async function setSellerDetails(db: Db, details: Partial<Record<keyof typeof SELLER_KEYS, string>>) {
  for (const [field, key] of Object.entries(SELLER_KEYS) as [keyof typeof SELLER_KEYS, string][]) {
    const value = details[field];
    if (value !== undefined) await setSystemConfig(db, key, value.trim());
  }
}
