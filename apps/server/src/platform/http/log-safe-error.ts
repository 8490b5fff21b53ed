/**
 * What the log may say of an error. A failed query's message carries its SQL and every parameter
 * (password hashes, sealed secrets, personal data), and a database error's `detail` repeats values
 * ("Key (name)=(…) already exists"): the log keeps the database's reason, code and constraint, the
 * type and the stack frames, and nothing else.
 */
export interface LoggedError {
  [field: string]: unknown;
  type: string;
  message: string;
  /** The stack frames, without the message line (which may hold what `message` leaves out). */
  stack: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

interface ErrorLike {
  name?: string;
  message?: string;
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  stack?: unknown;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
}

/** The innermost cause that came from the database (it has a SQLSTATE code), if any. */
function databaseCause(error: ErrorLike): ErrorLike | undefined {
  for (let e: ErrorLike | undefined = error; e; e = e.cause as ErrorLike | undefined) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e;
  }
  return undefined;
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/**
 * PostgreSQL quotes the offending input in some messages ('invalid input syntax for type integer:
 * "…"'); that value may be anything the caller sent, so it is withheld. Names of constraints and
 * columns are quoted mid-sentence and stay.
 */
function withoutValues(message: string): string {
  return message.replace(/:\s*".*"\s*$/s, ": [value withheld]");
}

export function logSafeError(value: unknown): LoggedError {
  if (typeof value !== "object" || value === null) return { type: typeof value, message: String(value), stack: "" };
  const error = value as ErrorLike;
  const cause = databaseCause(error);
  // A query wrapper's own message is the SQL with its parameters: say only the database's reason.
  const fromQuery = cause !== undefined || "query" in error || "params" in error;
  const message = fromQuery ? withoutValues(text(cause?.message) ?? "query failed") : (text(error.message) ?? "");
  const frames = (text(error.stack) ?? "")
    .split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .map((line) => line.trim());
  return {
    type: text(error.name) ?? "Error",
    message,
    stack: frames.join("\n"),
    ...(cause ? { code: text(cause.code) } : typeof error.code === "string" ? { code: error.code } : {}),
    ...(text(cause?.constraint) ? { constraint: text(cause?.constraint) } : {}),
    ...(text(cause?.table) ? { table: text(cause?.table) } : {}),
    ...(text(cause?.column) ? { column: text(cause?.column) } : {}),
  };
}
