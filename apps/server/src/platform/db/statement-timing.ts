import { performance } from "node:perf_hooks";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import type pg from "pg";

/** Receives how long one statement took, in seconds (from sending it to its answer). */
export type StatementObserver = (seconds: number) => void;

/**
 * How long a database's statements take, for whoever observes (the metrics, platform/metrics): the
 * drivers' `query` (and PGlite's `exec`) are wrapped once when the database is opened, and cost one
 * array-length check per statement while nobody observes. Observers are per database, not per
 * process: tests run many apps, each on its own database, in one process.
 */
export class StatementTimings {
  private observers: StatementObserver[] = [];

  /** Starts observing; answers the function that stops. */
  observe(observer: StatementObserver): () => void {
    this.observers = [...this.observers, observer];
    return () => {
      this.observers = this.observers.filter((o) => o !== observer);
    };
  }

  get observed(): boolean {
    return this.observers.length > 0;
  }

  /** Tells every observer a statement started at `started` (performance.now()) has its answer. */
  done(started: number): void {
    const seconds = (performance.now() - started) / 1000;
    const observers = this.observers;
    for (let i = 0; i < observers.length; i++) observers[i]?.(seconds);
  }
}

type Query = (...args: unknown[]) => unknown;

/**
 * Wraps a send function: timed only while observed; a callback (node-postgres's pool passes one)
 * or a returned promise ends the timing, whichever the call uses. A call returning neither (a
 * streamed query object) is not timed.
 */
function timed<F extends Query>(send: F, timings: StatementTimings): F {
  return ((...args: unknown[]) => {
    if (!timings.observed) return send(...args);
    const started = performance.now();
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      args[last] = (...answer: unknown[]) => {
        timings.done(started);
        return callback(...answer);
      };
      return send(...args);
    }
    const result = send(...args);
    if (result instanceof Promise) {
      const done = () => timings.done(started);
      // Its own branch: the caller still sees the rejection of `result` itself.
      result.then(done, done);
    }
    return result;
  }) as F;
}

/** Times every query a pooled node-postgres connection sends. */
export function timePgStatements(client: pg.PoolClient, timings: StatementTimings): void {
  (client as unknown as { query: Query }).query = timed(client.query.bind(client) as Query, timings);
}

/** Times PGlite's statements, those sent inside a transaction included. */
export function timePgliteStatements(client: PGlite, timings: StatementTimings): void {
  const withTimedStatements = (tx: Transaction): Transaction =>
    Object.assign(Object.create(tx) as Transaction, {
      query: timed(tx.query.bind(tx) as Query, timings),
      exec: timed(tx.exec.bind(tx) as Query, timings),
    });
  const { query, exec, transaction } = client;
  Object.assign(client, {
    query: timed(query.bind(client) as Query, timings),
    exec: timed(exec.bind(client) as Query, timings),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      transaction.call(client, (tx) => callback(withTimedStatements(tx))),
  });
}
