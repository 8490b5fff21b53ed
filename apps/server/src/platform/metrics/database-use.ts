import { Gauge, Histogram, type Registry } from "prom-client";
import type { Database } from "../db/client.js";

/** Seconds: a prepared lookup takes a fraction of a millisecond, a report's rollup read longer. */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * The database as the server uses it: every statement's latency (no label: statement texts are not a
 * bounded set), and node-postgres's pool when on PostgreSQL (read at scrape time; absent on PGlite).
 */
export class DatabaseUseMetrics {
  readonly queryDuration: Histogram;

  constructor(registry: Registry, database: Database) {
    this.queryDuration = new Histogram({
      name: "washboard_db_query_duration_seconds",
      help: "Time from sending a database statement to its answer (queries, and BEGIN/COMMIT on PostgreSQL)",
      buckets: QUERY_BUCKETS,
      registers: [registry],
    });
    const poolGauge = (
      name: string,
      help: string,
      read: (use: { total: number; idle: number; waiting: number }) => number,
    ) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          const use = database.poolUse();
          if (use === null) this.reset();
          else this.set(read(use));
        },
      });
    poolGauge("washboard_db_pool_connections", "PostgreSQL pool connections open (idle or in use)", (u) => u.total);
    poolGauge("washboard_db_pool_idle_connections", "PostgreSQL pool connections open and idle", (u) => u.idle);
    poolGauge(
      "washboard_db_pool_waiting_queries",
      "Queries waiting for a PostgreSQL pool connection",
      (u) => u.waiting,
    );
  }

  /** Observes the database's statements; answers the function that stops. */
  observe(database: Database): () => void {
    return database.statements.observe((seconds) => this.queryDuration.observe(seconds));
  }
}
