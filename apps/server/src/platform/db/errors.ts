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

/** SQLSTATE classes that say "try again" rather than "this data is wrong". */
const TRANSIENT_CLASSES = ["08", "40", "53", "57", "58"];
/** Socket errors of the PostgreSQL driver when the server is away. */
const TRANSIENT_NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND"]);
const TRANSIENT_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error/i,
];

/**
 * Whether a failed write may succeed if simply tried again (the database is away or busy, a
 * deadlock, a serialization failure) — as opposed to data the database refuses (SQLSTATE class 22,
 * 23, …), which fails the same way however often it is tried.
 */
export function isTransientDatabaseError(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      if (TRANSIENT_NODE_CODES.has(code)) return true;
      if (/^[0-9A-Z]{5}$/.test(code)) return TRANSIENT_CLASSES.includes(code.slice(0, 2));
    }
    if (typeof message === "string" && TRANSIENT_MESSAGES.some((m) => m.test(message))) return true;
  }
  return false;
}
