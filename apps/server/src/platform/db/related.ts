import { type AnyColumn, Column, is, type SQL, sql } from "drizzle-orm";
import type { Db } from "./client.js";
import { qualified } from "./qualified.js";

/**
 * Correlated subqueries a module exports so that another module's list can show what it owns
 * (a location's name beside a shop, a shop's device count) in the same statement, without that
 * list touching the owner's table itself.
 */

/** A row of the outer query (its column), or one given id. */
export type Ref = AnyColumn | number;

/** A correlated subquery per row `ref` names: what a module offers another module's lists (or a port asks for). */
export type RowExpression<T> = (ref: Ref) => SQL<T>;

function refSql(ref: Ref): SQL {
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

/** Runs one such expression on its own: `select <expression>`. */
export async function scalar<T>(db: Db, expression: SQL<T>): Promise<T> {
  // Both drivers answer raw statements with `rows`; the handle's type leaves the result open.
  const result = (await db.execute(sql`select ${expression} as value`)) as { rows: { value: T }[] };
  const [row] = result.rows;
  if (!row) throw new Error("a scalar select answered no row");
  return row.value;
}
