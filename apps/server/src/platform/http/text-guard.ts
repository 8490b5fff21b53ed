import { AppError } from "./app-error.js";

/** Deeper than any payload of ours; what lies below is refused rather than walked. */
const MAX_DEPTH = 64;

/**
 * U+0000 (PostgreSQL text cannot hold it) and a UTF-16 surrogate without its pair (JSON may escape
 * one, but jsonb refuses it and UTF-8 cannot carry it): no text of ours.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is exactly what is looked for.
const UNSTORABLE = /\u0000|\p{Surrogate}/u;

/**
 * The dotted path of the first string or key holding text PostgreSQL cannot store (see UNSTORABLE),
 * or of a structure nested deeper than any payload of ours; null when there is none. Such input is
 * refused as invalid before it reaches a query, a JSON column or the operation log.
 */
export function unstorableTextAt(value: unknown, path = "", depth = 0): string | null {
  if (typeof value === "string") return UNSTORABLE.test(value) ? path : null;
  if (value === null || typeof value !== "object") return null;
  if (depth >= MAX_DEPTH) return path;
  for (const [key, child] of Object.entries(value)) {
    const at = path === "" ? key : `${path}.${key}`;
    if (UNSTORABLE.test(key)) return at;
    const found = unstorableTextAt(child, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Refuses a payload `unstorableTextAt` finds something in, naming the field. */
export function assertStorableText(payload: unknown): void {
  const at = unstorableTextAt(payload);
  if (at !== null) throw new AppError("VALIDATION_FAILED", { field: at, messageKey: "validation.invalid" });
}
