import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { AppError } from "../http/app-error.js";

/**
 * Keyset paging over (created_at, id), newest first. The cursor is the last row's key, opaque to
 * the console: base64url of "<created_at to the microsecond, UTC>|<id>". Microseconds matter:
 * rows written in one statement share a timestamp finer than a JavaScript Date can hold.
 */
export interface KeysetKey {
  at: string;
  id: number;
}

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const ID = /^\d{1,15}$/;

/** The key column to select beside each row: created_at as exact UTC text. */
export function keysetAt(createdAt: PgColumn): SQL<string> {
  return sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export function encodeCursor(key: KeysetKey): string {
  return Buffer.from(`${key.at}|${key.id}`, "utf8").toString("base64url");
}

/** The key of a cursor the server issued; anything else is a validation failure on `cursor`. */
export function decodeCursor(cursor: string): KeysetKey {
  const [at, id, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (rest.length > 0 || !at || !id || !AT.test(at) || !ID.test(id) || Number.isNaN(Date.parse(at))) {
    throw new AppError("VALIDATION_FAILED", { field: "cursor", messageKey: "validation.invalid" });
  }
  return { at, id: Number(id) };
}

/** Rows after the cursor's row in newest-first order. */
export function afterKey(columns: { createdAt: PgColumn; id: PgColumn }, key: KeysetKey): SQL {
  return sql`(${columns.createdAt}, ${columns.id}) < (${key.at}::timestamptz, ${key.id}::bigint)`;
}
