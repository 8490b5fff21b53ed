import { type SQL, sql } from "drizzle-orm";

/**
 * A list of values as one parameter (a PostgreSQL array), for `unnest(${arrayParam(xs)}::int[])`.
 * Drizzle otherwise spreads a list into one parameter per value; batch writes use this so their
 * statement is the same text for any batch size (prepared once) and no query is built per row.
 */
export function arrayParam(values: readonly unknown[]): SQL {
  return sql`${sql.param(values)}`;
}
