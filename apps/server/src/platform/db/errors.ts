import { AppError } from "../http/app-error.js";

/**
 * The constraint name when `error` is a unique violation (SQLSTATE 23505) from either driver,
 * otherwise undefined. Duplicates are caught by constraints, never by read-then-write.
 */
export function isUniqueViolation(error: unknown): string | undefined {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const candidate = e as { code?: unknown; constraint?: unknown };
    if (candidate.code === "23505") return typeof candidate.constraint === "string" ? candidate.constraint : "unique";
  }
  return undefined;
}

/** A foreign-key violation (SQLSTATE 23503) from either driver: a record others still point at. */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23503") return true;
  }
  return false;
}

/**
 * Runs a write and turns a unique violation into "record already exists" (spec §5), naming the
 * field when the caller knows which one is duplicated.
 */
export async function recordExistsOnDuplicate<T>(work: () => Promise<T>, field?: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("RECORD_EXISTS", field ? { field } : {});
    throw error;
  }
}
