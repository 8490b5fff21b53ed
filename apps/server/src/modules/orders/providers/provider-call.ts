import { publicSite } from "@washboard/shared";
import type { AppDeps } from "../../../platform/module.js";
import { systemConfigValue } from "../../system-config/public.js";
import { providerCredentials } from "../../vendor-profile/public.js";
import type { ProviderAdapter, ProviderCall } from "./adapter.js";

/**
 * What a call to a vendor's provider needs: its base URL (PAYMENT_BASE_URL_<ID>, else the
 * provider's own), the vendor's credentials, and our public site for notify and return URLs.
 * Undefined when the vendor has the provider switched off.
 */
export async function providerCall(
  deps: Pick<AppDeps, "db" | "secrets" | "config">,
  adapter: ProviderAdapter,
  vendorId: number,
): Promise<ProviderCall | undefined> {
  const credentials = await providerCredentials(deps.db, deps.secrets, vendorId, adapter.id);
  if (!credentials) return undefined;
  return {
    baseUrl: (deps.config.paymentBaseUrls[adapter.id] ?? adapter.defaultBaseUrl).replace(/\/+$/, ""),
    credentials,
    publicUrl: publicSite(await systemConfigValue(deps.db, "website")),
    timeoutMs: 15_000,
  };
}

/** Our notification endpoint for a vendor's provider (registered by webhooks.ts). */
export const notifyPath = (provider: string, vendorId: number) => `/webhooks/${provider}/${vendorId}`;
