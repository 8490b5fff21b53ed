import { MAX_RECORD_ID, type NameSort } from "@washboard/shared";
import { type AnyColumn, asc, desc, gt, lt, type SQL, sql } from "drizzle-orm";
import { AppError } from "../http/app-error.js";
import type { Keyset } from "./list-page.js";
import { qualified } from "./qualified.js";

/**
 * The orders lists page through (see `Keyset` in list-page.ts). Each cursor is base64url text the
 * server issued; anything else is refused as VALIDATION_FAILED on `cursor` before it reaches SQL.
 */

const MAX_ID = MAX_RECORD_ID;

function invalidCursor(): AppError {
  return new AppError("VALIDATION_FAILED", { field: "cursor", messageKey: "validation.invalid" });
}

const decode = (cursor: string) => Buffer.from(cursor, "base64url").toString("utf8");
const encode = (text: string) => Buffer.from(text, "utf8").toString("base64url");

function encodeIdCursor(id: number): string {
  return encode(`id:${id}`);
}

function decodeIdCursor(cursor: string): number {
  const match = /^id:(\d{1,10})$/.exec(decode(cursor));
  const id = match ? Number(match[1]) : Number.NaN;
  if (!Number.isSafeInteger(id) || id > MAX_ID) throw invalidCursor();
  return id;
}

/** By id, newest first (or oldest first): `idOf` names a row's id. */
export function idKeyset<Row>(
  column: AnyColumn,
  idOf: (row: Row) => number,
  direction: "newest" | "oldest" = "newest",
): Keyset<Row> {
  // Qualified: the list may join other tables that have an id too.
  const id = qualified(column);
  const newest = direction === "newest";
  return {
    orderBy: [newest ? desc(id) : asc(id)],
    after: (cursor) => (newest ? lt(id, decodeIdCursor(cursor)) : gt(id, decodeIdCursor(cursor))),
    cursorOf: (row) => encodeIdCursor(idOf(row)),
  };
}

const NAME_PREFIX = "n:";
const CURSOR_NAME_MAX = 255;

function decodeNameCursor(cursor: string): { name: string; id: number } {
  const text = decode(cursor);
  try {
    if (!text.startsWith(NAME_PREFIX)) throw invalidCursor();
    const parsed: unknown = JSON.parse(text.slice(NAME_PREFIX.length));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [name, id] = parsed as [unknown, unknown];
      const validId = typeof id === "number" && Number.isSafeInteger(id) && id > 0 && id <= MAX_ID;
      if (typeof name === "string" && name.length <= CURSOR_NAME_MAX && validId) return { name, id };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw invalidCursor();
}

/**
 * For lists a screen sorts by age (newest, oldest) or by name (case-insensitive, ties by id); `keyOf`
 * names a row's id and name.
 */
export function nameKeyset<Row>(
  sort: NameSort,
  columns: { id: AnyColumn; name: AnyColumn },
  keyOf: (row: Row) => { id: number; name: string },
): Keyset<Row> {
  if (sort === "newest" || sort === "oldest") return idKeyset(columns.id, (row: Row) => keyOf(row).id, sort);
  const ascending = sort === "name_asc";
  const id = qualified(columns.id);
  const lowered = sql`lower(${qualified(columns.name)})`;
  return {
    orderBy: ascending ? [asc(lowered), asc(id)] : [desc(lowered), desc(id)],
    after: (cursor) => {
      const last = decodeNameCursor(cursor);
      return ascending
        ? sql`(${lowered}, ${id}) > (lower(${last.name}::text), ${last.id}::integer)`
        : sql`(${lowered}, ${id}) < (lower(${last.name}::text), ${last.id}::integer)`;
    },
    cursorOf: (row) => {
      const { name, id: rowId } = keyOf(row);
      return encode(`${NAME_PREFIX}${JSON.stringify([name, rowId])}`);
    },
  };
}

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const ID = /^\d{1,15}$/;

/**
 * The key column to select beside each row of a `createdKeyset` list: created_at as exact UTC text.
 * Microseconds matter: rows written in one statement share a timestamp finer than a JavaScript Date.
 */
export function keysetAt(createdAt: AnyColumn): SQL<string> {
  return sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * By (created_at, id), newest first: for logs and lists whose ids do not follow time. `keyOf` names a
 * row's `keysetAt` text and id.
 */
export function createdKeyset<Row>(
  columns: { createdAt: AnyColumn; id: AnyColumn },
  keyOf: (row: Row) => { at: string; id: number },
): Keyset<Row> {
  return {
    orderBy: [desc(columns.createdAt), desc(columns.id)],
    after: (cursor) => {
      const [at, id, ...rest] = decode(cursor).split("|");
      if (rest.length > 0 || !at || !id || !AT.test(at) || !ID.test(id) || Number.isNaN(Date.parse(at))) {
        throw invalidCursor();
      }
      return sql`(${columns.createdAt}, ${columns.id}) < (${at}::timestamptz, ${Number(id)}::bigint)`;
    },
    cursorOf: (row) => {
      const { at, id } = keyOf(row);
      return encode(`${at}|${id}`);
    },
  };
}

const END_INFINITY = "infinity";

/**
 * Soonest first by a nullable end time (null: no end, last), ties by id: for lists of what runs out
 * (subscriptions). `keyOf` names a row's `keysetAt` text of the end (null when none) and its id.
 */
export function endsKeyset<Row>(
  columns: { endsAt: AnyColumn; id: AnyColumn },
  keyOf: (row: Row) => { at: string | null; id: number },
): Keyset<Row> {
  const id = qualified(columns.id);
  const ends = sql`coalesce(${qualified(columns.endsAt)}, 'infinity'::timestamptz)`;
  return {
    orderBy: [asc(ends), asc(id)],
    after: (cursor) => {
      const [at, rowId, ...rest] = decode(cursor).split("|");
      const validAt = at === END_INFINITY || (at !== undefined && AT.test(at) && !Number.isNaN(Date.parse(at)));
      if (rest.length > 0 || !validAt || !rowId || !ID.test(rowId)) throw invalidCursor();
      return sql`(${ends}, ${id}) > (${at}::timestamptz, ${Number(rowId)}::integer)`;
    },
    cursorOf: (row) => {
      const { at, id: rowId } = keyOf(row);
      return encode(`${at ?? END_INFINITY}|${rowId}`);
    },
  };
}
