import type { ListPage } from "@washboard/shared";
import { and, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

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

/** A row of a list's page: its columns and the list's total. */
export interface Counted {
  total: number;
}

/** A list's rows: those matching `where`, in `orderBy`, at most `limit`, with `total` among their columns. */
export type ListRows<Row> = (where: SQL | undefined, orderBy: SQL[], limit: number, total: Total) => Promise<Row[]>;

export interface ListQuery<Row> {
  /** The tenant and the screen's filters. */
  where: SQL | undefined;
  keyset: Keyset<NoInfer<Row>>;
  input: { cursor?: string | undefined; page_size: number };
  /**
   * Rows matching `where`, in `orderBy`, at most `limit` of them, each with `total` selected beside
   * its columns (see `rowsFrom`).
   */
  rows: ListRows<Row & Counted>;
  /** How many rows match `where`, as an expression the page's statement selects (see `countOf`). */
  count(where: SQL | undefined): SQL<number>;
}

/**
 * The one list skeleton: one page of rows after the cursor (fetched with one extra to know whether
 * another page follows), the filtered total, and the next page's cursor — in one statement, the
 * total a subquery each row carries. Only a page found empty after a cursor (its rows removed since
 * the cursor was issued) asks again for the total, with the first row of the list.
 */
export async function listPage<Row>(query: ListQuery<Row>): Promise<{ rows: Row[] } & Omit<ListPage<never>, "items">> {
  const { where, keyset, input } = query;
  const paged = input.cursor ? and(where, keyset.after(input.cursor)) : where;
  const total = query.count(where);
  const fetched = await query.rows(paged, keyset.orderBy, input.page_size + 1, total);
  const rows = fetched.slice(0, input.page_size);
  const last = rows.at(-1);
  const counted =
    fetched[0]?.total ?? (input.cursor ? ((await query.rows(where, keyset.orderBy, 1, total))[0]?.total ?? 0) : 0);
  return {
    rows,
    total: counted,
    next_cursor: fetched.length > input.page_size && last !== undefined ? keyset.cursorOf(last) : null,
  };
}

/** `count` of a list query: the rows of `table` matching `where`. */
export function countOf(table: PgTable) {
  return (where: SQL | undefined): SQL<number> =>
    sql`(select count(*)::int from ${table}${where ? sql` where ${where}` : sql``})`.mapWith(Number);
}

/**
 * `count` of a list query whose rows need a join to filter (`countOf` without one): `select` is the
 * `select({ n: count() }).from(…).join(…)` builder.
 */
export function countFrom(select: () => { where(where: SQL | undefined): SQLWrapper }) {
  return (where: SQL | undefined): SQL<number> => sql`(${select().where(where)})`.mapWith(Number);
}

/** A list's total, as the expression its page's statement selects. */
export type Total = SQL<number>;

/** No more columns, for a select helper taking more (`RowOf<ReturnType<typeof selectItems<NoColumns>>>`). */
export type NoColumns = Record<never, never>;

/** The row type a select builder answers: `RowOf<ReturnType<typeof selectItems>>`. */
export type RowOf<Query extends { execute(): Promise<unknown[]> }> = Awaited<ReturnType<Query["execute"]>>[number];

/** A select builder (Drizzle's), as far as a list needs it. */
interface Selectable<Row> {
  where(where: SQL | undefined): { orderBy(...order: SQL[]): { limit(limit: number): PromiseLike<Row[]> } };
}

/**
 * The `rows` of a list query over a select builder that selects `total` beside the list's columns
 * (`(total) => db.select({ ...columns, total }).from(…)`): the list's condition, order and limit
 * applied to it.
 */
export function rowsFrom<Row>(select: (total: Total) => Selectable<Row>): ListRows<Row> {
  return (where, orderBy, limit, total) =>
    Promise.resolve(
      select(total)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
    );
}
