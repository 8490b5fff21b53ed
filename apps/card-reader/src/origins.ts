/**
 * Which web pages may drive the reader. A browser sends its page's Origin with every WebSocket
 * upgrade and cannot forge it, so refusing foreign origins keeps a site the operator happens to
 * visit from reading or rewriting the card on the counter. Programs that send no Origin (scripts,
 * tests, the tap tool) are let through: they already run on this PC.
 */

/** The console served from this PC in development and preview; the deployed console is added with --allow-origin. */
export const DEFAULT_ALLOWED_ORIGINS: readonly string[] = [
  "http://localhost:*",
  "http://127.0.0.1:*",
  "https://localhost:*",
];

/**
 * Whether `origin` matches one of `allowed`: an exact origin ("https://console.example.com") or one
 * whose port is "*" (any port, or none).
 */
export function originAllowed(origin: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  // The origin as the URL parser writes it, so "HTTP://LOCALHOST:80" compares equal to "http://localhost".
  const canonical = url.origin;
  const withoutPort = `${url.protocol}//${url.hostname}`;
  return allowed.some((pattern) => {
    if (pattern.endsWith(":*")) return pattern.slice(0, -2).toLowerCase() === withoutPort;
    return pattern.toLowerCase().replace(/\/+$/, "") === canonical;
  });
}

/** An --allow-origin value: a scheme and host with an optional port or ":*", nothing else. */
export function parseAllowedOrigin(text: string): string {
  const anyPort = text.endsWith(":*");
  const base = anyPort ? text.slice(0, -2) : text;
  const refused = new Error(`--allow-origin must be an origin like https://console.example.com, not "${text}"`);
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw refused;
  }
  const onlyOrigin = url.pathname === "/" && url.search === "" && url.hash === "" && url.username === "";
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !onlyOrigin) throw refused;
  if (anyPort && url.port !== "") throw refused;
  return anyPort ? `${url.origin}:*` : url.origin;
}
