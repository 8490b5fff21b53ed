import { type Credentials, ProviderError } from "./adapter.js";

/**
 * A credential field a call cannot go without, trimmed (vendors paste values with stray spaces).
 * A missing one is the vendor's configuration error: retrying cannot help.
 */
export function requiredCredential(provider: string, credentials: Credentials, name: string): string {
  const value = credentials[name]?.trim();
  if (!value) throw new ProviderError(`${provider} credentials lack ${name}`, false);
  return value;
}
