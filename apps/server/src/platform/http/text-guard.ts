import { AppError } from "./app-error.js";

/** Deeper than any payload of ours; what lies below is refused rather than walked. */
const MAX_DEPTH = 64;

/**
 * The dotted path of the first string or key holding U+0000, or of a structure nested deeper than
 * any payload of ours; null when there is none. PostgreSQL text cannot hold U+0000, so such input
 * is refused as invalid before it reaches a query or the operation log.
 */
export function unstorableTextAt(value: unknown, path = "", depth = 0): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (value === null || typeof value !== "object") return null;
  if (depth >= MAX_DEPTH) return path;
  for (const [key, child] of Object.entries(value)) {
    const at = path === "" ? key : `${path}.${key}`;
    if (key.includes("\u0000")) return at;
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
