import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/**
 * `"table"."column"`, always qualified. Drizzle leaves columns unqualified in a single-table
 * select, which a correlated subquery over another table would then resolve to the wrong table.
 */
export function qualified(column: AnyColumn): SQL {
  return sql`${column.table}.${sql.identifier(column.name)}`;
}
