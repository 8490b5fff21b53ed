import { sql } from "drizzle-orm";
import { Gauge, type Registry } from "prom-client";
import type { Db } from "../db/client.js";
import { outboxMessages } from "../outbox/tables.js";

/**
 * The outbox's backlog by kind, read at scrape time in one statement (the due-messages index covers
 * its filter): messages not yet delivered nor failed, and how long the oldest has waited. Kinds are
 * the handlers' own names (`order.refund`, `order.start`, …), a bounded set. The same figures on
 * every instance: the outbox is one table.
 */
export function outboxBacklogMetrics(registry: Registry, db: Db, onScrapeError: (error: unknown) => void): void {
  let reading: Promise<BacklogRow[]> | null = null;
  // Both gauges come from one statement: the first collected reads, the second takes the same answer.
  const backlog = () => {
    reading ??= readBacklog(db).finally(() => {
      reading = null;
    });
    return reading;
  };
  const gauge = (name: string, help: string, value: (row: BacklogRow) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["kind"],
      registers: [registry],
      async collect() {
        this.reset();
        try {
          for (const row of await backlog()) this.set({ kind: row.kind }, value(row));
        } catch (error) {
          onScrapeError(error);
        }
      },
    });
  gauge(
    "washboard_outbox_backlog",
    "Outbox messages waiting for delivery or being delivered, by kind",
    (row) => row.waiting,
  );
  gauge(
    "washboard_outbox_oldest_pending_age_seconds",
    "Age of the oldest outbox message not yet delivered (nor failed for good), by kind",
    (row) => row.oldestAgeSeconds,
  );
  gauge(
    "washboard_outbox_failed",
    "Outbox messages that failed for good (kept for the record), by kind",
    (row) => row.failed,
  );
}

interface BacklogRow {
  kind: string;
  waiting: number;
  oldestAgeSeconds: number;
  failed: number;
}

async function readBacklog(db: Db): Promise<BacklogRow[]> {
  const result = (await db.execute(sql`
    select kind,
           count(*) filter (where state in ('pending', 'delivering'))::int as waiting,
           coalesce(extract(epoch from now() - min(created_at) filter (where state in ('pending', 'delivering'))), 0)::float8 as age,
           count(*) filter (where state = 'failed')::int as failed
      from ${outboxMessages}
     where state in ('pending', 'delivering', 'failed')
     group by kind`)) as unknown as { rows: { kind: string; waiting: number; age: number; failed: number }[] };
  return result.rows.map((row) => ({
    kind: row.kind,
    waiting: Number(row.waiting),
    oldestAgeSeconds: Number(row.age),
    failed: Number(row.failed),
  }));
}
