/**
 * Readers for what a provider sends us. Its JSON is untrusted input, so a field is only used when
 * it has the type we expect; anything else reads as null (or an empty object), never as a throw.
 */

export type Json = Record<string, unknown>;

export const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The object under `key`; an empty one when there is none, so that reading on gives nulls. */
export const record = (value: unknown, key: string): Json => {
  const inner = isRecord(value) ? value[key] : undefined;
  return isRecord(inner) ? inner : {};
};

/** A non-empty string field, else null. */
export const text = (value: Json, key: string): string | null => {
  const field = value[key];
  return typeof field === "string" && field !== "" ? field : null;
};

/** A safe-integer field, else null. */
export const integer = (value: Json, key: string): number | null => {
  const field = value[key];
  return typeof field === "number" && Number.isSafeInteger(field) ? field : null;
};

/** The text parsed as JSON; null when it is not JSON (an HTML error page, an empty answer). */
export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

/** An ISO 8601 / RFC 3339 time; null when absent or unreadable. */
export function dateOf(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
