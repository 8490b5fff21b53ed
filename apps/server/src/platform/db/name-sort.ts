import type { NameSort } from "@washboard/shared";
import { type AnyColumn, asc, desc, gt, lt, type SQL, sql } from "drizzle-orm";
import { AppError } from "../http/app-error.js";
import { decodeIdCursor, encodeIdCursor } from "./id-cursor.js";
import { qualified } from "./qualified.js";

/**
 * Keyset paging for lists a screen can sort by id (newest, oldest) or by name (case-insensitive,
 * ties by id). A name cursor carries the last row's name and id, opaque to the console; the order
 * and the "after the cursor" condition always use the same expression, so pages never overlap.
 */
export interface NameKeyset {
  orderBy: SQL[];
  /** Rows after the cursor, in this order. */
  after(cursor: string): SQL;
  cursorOf(row: { id: number; name: string }): string;
  /** One page of rows fetched with one extra, and the next page's cursor; `keyOf` names a row's id and name. */
  page<T>(
    rows: T[],
    pageSize: number,
    keyOf: (row: T) => { id: number; name: string },
  ): { page: T[]; next: string | null };
}

const NAME_PREFIX = "n:";
const CURSOR_NAME_MAX = 255;

function encodeNameCursor(name: string, id: number): string {
  return Buffer.from(`${NAME_PREFIX}${JSON.stringify([name, id])}`, "utf8").toString("base64url");
}

function decodeNameCursor(cursor: string): { name: string; id: number } {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  try {
    if (!text.startsWith(NAME_PREFIX)) throw new Error("not a name cursor");
    const parsed: unknown = JSON.parse(text.slice(NAME_PREFIX.length));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [name, id] = parsed as [unknown, unknown];
      if (typeof name === "string" && name.length <= CURSOR_NAME_MAX && Number.isSafeInteger(id)) {
        if ((id as number) > 0 && (id as number) <= 2_147_483_647) return { name, id: id as number };
      }
    }
  } catch {
    // Falls through to the validation error below.
  }
  throw new AppError("VALIDATION_FAILED", { field: "cursor", messageKey: "validation.invalid" });
}

export function nameKeyset(sort: NameSort, columns: { id: AnyColumn; name: AnyColumn }): NameKeyset {
  const order = nameOrder(sort, columns);
  return {
    ...order,
    page(rows, pageSize, keyOf) {
      const page = rows.slice(0, pageSize);
      const last = page.at(-1);
      return { page, next: rows.length > pageSize && last !== undefined ? order.cursorOf(keyOf(last)) : null };
    },
  };
}

function nameOrder(sort: NameSort, columns: { id: AnyColumn; name: AnyColumn }): Omit<NameKeyset, "page"> {
  // Qualified: the list may join other tables that have an id and a name too.
  const id = qualified(columns.id);
  const name = qualified(columns.name);
  const idCursor = { cursorOf: (row: { id: number }) => encodeIdCursor(row.id) };
  switch (sort) {
    case "newest":
      return { ...idCursor, orderBy: [desc(id)], after: (cursor) => lt(id, decodeIdCursor(cursor)) };
    case "oldest":
      return { ...idCursor, orderBy: [asc(id)], after: (cursor) => gt(id, decodeIdCursor(cursor)) };
    case "name_asc":
    case "name_desc": {
      const ascending = sort === "name_asc";
      const lowered = sql`lower(${name})`;
      return {
        orderBy: ascending ? [asc(lowered), asc(id)] : [desc(lowered), desc(id)],
        after: (cursor) => {
          const last = decodeNameCursor(cursor);
          return ascending
            ? sql`(${lowered}, ${id}) > (lower(${last.name}::text), ${last.id}::integer)`
            : sql`(${lowered}, ${id}) < (lower(${last.name}::text), ${last.id}::integer)`;
        },
        cursorOf: (row) => encodeNameCursor(row.name, row.id),
      };
    }
  }
}
