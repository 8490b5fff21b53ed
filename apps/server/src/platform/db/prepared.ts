import type { Db } from "./client.js";

/**
 * A query built and prepared once per database handle, for the calls every request makes (the
 * session lookup): its SQL is not rebuilt each time, and PostgreSQL keeps its plan. Values go in as
 * `sql.placeholder(...)`s, given to `execute`.
 */
export function preparedFor<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const byDatabase = new WeakMap<Db, Query>();
  return (db) => {
    let query = byDatabase.get(db);
    if (!query) {
      query = build(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}
