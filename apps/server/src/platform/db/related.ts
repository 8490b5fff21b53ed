import { type AnyColumn, Column, is, type SQL, sql } from "drizzle-orm";
import type { Db } from "./client.js";
import { qualified } from "./qualified.js";

/**
 * Correlated subqueries a module exports so that another module's list can show what it owns
 * (a location's name beside a shop, a shop's device count) in the same statement, without that
 * list touching the owner's table itself.
 */

/** A row of the outer query (its column, or an expression of it such as a subquery's column), or one given id. */
export type Ref = AnyColumn | SQL | number;

/** A correlated subquery per row `ref` names: what a module offers another module's lists (or a port asks for). */
export type RowExpression<T> = (ref: Ref) => SQL<T>;

/** The SQL a `Ref` stands for. */
export function refSql(ref: Ref): SQL {
  return is(ref, Column) ? qualified(ref) : sql`${ref}`;
}

/** The value of `column` in the row whose `id` is `ref`, or null: `(select column from … where id = ref)`. */
export function valueOfRow<T>(column: AnyColumn, id: AnyColumn, ref: Ref): SQL<T | null> {
  return sql<T | null>`(select ${qualified(column)} from ${column.table} where ${qualified(id)} = ${refSql(ref)})`;
}

/** How many rows have `column` = `ref`: `(select count(*) from … where column = ref)`. */
export function countReferring(column: AnyColumn, ref: Ref): SQL<number> {
  return sql<number>`(select count(*)::int from ${column.table} where ${qualified(column)} = ${refSql(ref)})`;
}

/** A choice of a select in the console: a record's id and name. */
export interface Choice {
  id: number;
  name: string;
}

/**
 * The `{ id, name }` of the rows of `id`'s table matching `where`, ordered by `order`, as one JSON
 * value: so that several lists of choices are read in one statement (`scalars`).
 */
export function choicesOf(id: AnyColumn, name: AnyColumn | SQL, where: SQL | undefined, order: SQL[]): SQL<Choice[]> {
  const named = is(name, Column) ? qualified(name) : name;
  return sql<Choice[]>`(select coalesce(json_agg(json_build_object('id', ${qualified(id)}, 'name', ${named})
    order by ${sql.join(order, sql`, `)}), '[]'::json) from ${id.table}${where ? sql` where ${where}` : sql``})`;
}

/** Runs several such expressions in one statement: `select <a>, <b>, …`, answered by name. */
export async function scalars<Values extends Record<string, unknown>>(
  db: Db,
  expressions: { [K in keyof Values]: SQL<Values[K]> },
): Promise<Values> {
  const columns = Object.entries(expressions as Record<string, SQL>).map(
    ([name, expression]) => sql`${expression} as ${sql.identifier(name)}`,
  );
  // Both drivers answer raw statements with `rows`; the handle's type leaves the result open.
  const result = (await db.execute(sql`select ${sql.join(columns, sql`, `)}`)) as { rows: Values[] };
  const [row] = result.rows;
  if (!row) throw new Error("a scalar select answered no row");
  return row;
}

/** Runs one such expression on its own: `select <expression>`. */
export async function scalar<T>(db: Db, expression: SQL<T>): Promise<T> {
  // Both drivers answer raw statements with `rows`; the handle's type leaves the result open.
  const result = (await db.execute(sql`select ${expression} as value`)) as { rows: { value: T }[] };
  const [row] = result.rows;
  if (!row) throw new Error("a scalar select answered no row");
  return row.value;
}
