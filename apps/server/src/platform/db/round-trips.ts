import { AsyncLocalStorage } from "node:async_hooks";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import type pg from "pg";

/**
 * Database round trips of one piece of work: every statement sent to the database and waited for
 * counts one — a query, and a transaction's BEGIN and COMMIT (or ROLLBACK) each. Statements made
 * elsewhere at the same time (another request, a timer) are not counted: the count follows the
 * work's own async calls. Nothing is counted, and nothing costs, outside `countRoundTrips`.
 */
const counting = new AsyncLocalStorage<{ roundTrips: number }>();

export async function countRoundTrips<T>(work: () => Promise<T>): Promise<{ value: T; roundTrips: number }> {
  const counter = { roundTrips: 0 };
  const value = await counting.run(counter, work);
  return { value, roundTrips: counter.roundTrips };
}

function noteRoundTrips(n = 1): void {
  const counter = counting.getStore();
  if (counter) counter.roundTrips += n;
}

type Query = (...args: unknown[]) => unknown;

/** Counts every query a pooled node-postgres connection sends (drizzle sends BEGIN and COMMIT as queries). */
export function countPgRoundTrips(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  (client as unknown as { query: Query }).query = (...args) => {
    noteRoundTrips();
    return query(...args);
  };
}

/**
 * Counts PGlite's statements: its queries, and a transaction's own (BEGIN, then COMMIT or ROLLBACK,
 * which PGlite sends itself) with the statements sent through the transaction.
 */
export function countPgliteRoundTrips(client: PGlite): void {
  const counted = <F extends Query>(send: F, n = 1) =>
    ((...args: unknown[]) => {
      noteRoundTrips(n);
      return send(...args);
    }) as F;
  const withCountedStatements = (tx: Transaction): Transaction =>
    Object.assign(Object.create(tx) as Transaction, {
      query: counted(tx.query.bind(tx) as Query),
      exec: counted(tx.exec.bind(tx) as Query),
    });
  const { query, exec, transaction } = client;
  Object.assign(client, {
    query: counted(query.bind(client) as Query),
    exec: counted(exec.bind(client) as Query),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => {
      noteRoundTrips(2);
      return transaction.call(client, (tx) => callback(withCountedStatements(tx)));
    },
  });
}
