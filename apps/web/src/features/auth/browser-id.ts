const SEED_KEY = "wb_browser_seed";

function base64url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/**
 * The identifier a quick registration is keyed to: a digest of stable browser traits and a random
 * seed kept in this browser. Null when the browser cannot give one (no storage, or no Web Crypto
 * outside a secure context); the person then registers manually (spec §8).
 */
export async function getBrowserId(): Promise<string | null> {
  try {
    if (!globalThis.crypto?.subtle) return null;
    let seed = localStorage.getItem(SEED_KEY);
    if (!seed) {
      seed = crypto.randomUUID();
      localStorage.setItem(SEED_KEY, seed);
    }
    const traits = [
      navigator.userAgent,
      navigator.language,
      String(screen.colorDepth),
      Intl.DateTimeFormat().resolvedOptions().timeZone,
      String(navigator.hardwareConcurrency ?? ""),
      seed,
    ].join("|");
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(traits));
    return base64url(digest);
  } catch {
    return null;
  }
}
