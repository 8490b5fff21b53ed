/**
 * Browser persistence named by spec §3: the session and settings under one fixed localStorage key,
 * the language under its own key, the token also in a cookie, and the sidebar state in a cookie.
 */
export const STORAGE_KEY = "washboard";
export const LANGUAGE_KEY = "language";
export const TOKEN_COOKIE = "wb_token";
export const SIDEBAR_COOKIE = "sidebarStatus";

export function readJson<T>(key: string): T | undefined {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the session still works for this page's life.
  }
}

export function getCookie(name: string): string | undefined {
  const match = document.cookie.split("; ").find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

export function setCookie(name: string, value: string | undefined): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and Safari.
  document.cookie =
    value === undefined
      ? `${name}=; path=/; max-age=0; SameSite=Strict`
      : `${name}=${encodeURIComponent(value)}; path=/; SameSite=Strict`;
}
