import type { ListPage } from "@washboard/shared";
import { and, count, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client.js";

/**
 * An order a list pages through by keyset: the cursor names the last row of a page, and the next
 * page is the rows after it in the same order. The order and the "after" condition always use the
 * same expressions, so pages never overlap or skip. Cursors are opaque to the console.
 */
export interface Keyset<Row> {
  orderBy: SQL[];
  /** Rows after the cursor's row; a cursor the server did not issue is VALIDATION_FAILED on `cursor`. */
  after(cursor: string): SQL;
  cursorOf(row: Row): string;
}

export interface ListQuery<Row> {
  /** The tenant and the screen's filters. */
  where: SQL | undefined;
  keyset: Keyset<NoInfer<Row>>;
  input: { cursor?: string | undefined; page_size: number };
  /** Rows matching `where`, in `orderBy`, at most `limit` of them. */
  rows(where: SQL | undefined, orderBy: SQL[], limit: number): Promise<Row[]>;
  /** How many rows match `where` (see `countOf`). */
  count(where: SQL | undefined): Promise<number>;
}

/**
 * The one list skeleton: one page of rows after the cursor (fetched with one extra to know whether
 * another page follows), the filtered total, and the next page's cursor.
 */
export async function listPage<Row>(query: ListQuery<Row>): Promise<{ rows: Row[] } & Omit<ListPage<never>, "items">> {
  const { where, keyset, input } = query;
  const paged = input.cursor ? and(where, keyset.after(input.cursor)) : where;
  const [fetched, total] = await Promise.all([
    query.rows(paged, keyset.orderBy, input.page_size + 1),
    query.count(where),
  ]);
  const rows = fetched.slice(0, input.page_size);
  const last = rows.at(-1);
  return {
    rows,
    total,
    next_cursor: fetched.length > input.page_size && last !== undefined ? keyset.cursorOf(last) : null,
  };
}

/** `count` of a list query: the rows of `table` matching `where`. */
export function countOf(db: Db, table: PgTable) {
  return async (where: SQL | undefined): Promise<number> => {
    const [row] = await db.select({ n: count() }).from(table).where(where);
    return row?.n ?? 0;
  };
}

/**
 * `count` of a list query whose rows need a join to filter (`countOf` without one): `select` is the
 * `select({ n: count() }).from(…).join(…)` builder.
 */
export function countFrom(select: () => { where(where: SQL | undefined): PromiseLike<{ n: number }[]> }) {
  return async (where: SQL | undefined): Promise<number> => {
    const [row] = await select().where(where);
    return Number(row?.n ?? 0);
  };
}

/** The row type a select builder answers: `RowOf<ReturnType<typeof selectItems>>`. */
export type RowOf<Query extends { execute(): Promise<unknown[]> }> = Awaited<ReturnType<Query["execute"]>>[number];

/** A select builder (Drizzle's), as far as a list needs it. */
interface Selectable<Row> {
  where(where: SQL | undefined): { orderBy(...order: SQL[]): { limit(limit: number): PromiseLike<Row[]> } };
}

/** The `rows` of a list query over a select builder: the list's condition, order and limit applied to it. */
export function rowsFrom<Row>(select: () => Selectable<Row>): ListQuery<Row>["rows"] {
  return (where, orderBy, limit) =>
    Promise.resolve(
      select()
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
    );
}
