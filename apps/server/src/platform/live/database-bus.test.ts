import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { freshDatabase } from "../../test/fresh-database.js";
import type { Database } from "../db/client.js";
import type { LiveEvent } from "./bus.js";
import { DatabaseLiveBus } from "./database-bus.js";

/**
 * The bus's LISTEN connection to PostgreSQL drops (a restart, a failover, an idle-connection
 * killer): the events published meanwhile by any instance still reach this instance's streams,
 * once each and in order, when it listens again. PGlite's listener lives in-process and cannot drop.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

let database: Database;
let publisher: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  if (!onPostgres) return;
  const fresh = await freshDatabase();
  database = fresh.database;
  await database.migrate();
  publisher = await fresh.reopen();
  drop = async () => {
    await publisher.close();
    await database.close();
    await fresh.drop();
  };
});
afterAll(() => drop?.());

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it.runIf(onPostgres)(
  "delivers what was published while its listening connection was down, once each and in order",
  { timeout: 60_000 },
  async () => {
    const bus = new DatabaseLiveBus(database, 60_000);
    // Another instance: publishes over its own pool and listens on its own connection.
    const other = new DatabaseLiveBus(publisher, 60_000);
    await bus.start();
    await other.start();
    const received: LiveEvent[] = [];
    bus.subscribe((event) => received.push(event));
    const publish = (n: number) => other.publish({ topic: "test.event", vendorId: 1, groupId: null, data: { n } });

    await publish(1);
    await until(() => received.length === 1, "the first event");

    // Ends this process's LISTEN connection from the server side, as a restart of it would.
    const killed = await publisher.db.execute(sql`
      select pg_terminate_backend(pid) as done from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`);
    expect((killed as unknown as { rows: unknown[] }).rows.length).toBeGreaterThanOrEqual(1);
    // Published at once, before the listener can be back (it waits a quarter of a second at least).
    for (const n of [2, 3, 4]) await publish(n);

    await until(() => received.length >= 4, "the events missed while down");
    await publish(5);
    await until(() => received.length >= 5, "an event after the catch-up");
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(received.map((event) => (event.data as { n: number }).n)).toEqual([1, 2, 3, 4, 5]);
    await bus.stop();
    await other.stop();
  },
);
