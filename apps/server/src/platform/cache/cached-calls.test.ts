import { AsyncLocalStorage } from "node:async_hooks";
import type { EndpointContract } from "@washboard/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";

/**
 * Every call whose answers are kept reads only tables whose writes raise the cache versions (the
 * triggers of cache-versions.sql): no write can leave a kept answer stale without the fence seeing it.
 * Generated from the calls the app keeps answers of: a new one is checked the moment it exists.
 */
let server: TestServer;
let versioned: Set<string>;
const statements: string[] = [];
const capturing = new AsyncLocalStorage<boolean>();

/** Payloads for kept calls that need more than an empty one. */
const PAYLOADS: Record<string, Record<string, unknown>> = {};

beforeAll(async () => {
  server = await startTestServer();
  const { rows } = (await server.database.db.execute(
    sql`select distinct event_object_table as name from information_schema.triggers
        where action_statement like '%raise_cache_versions%'`,
  )) as unknown as { rows: { name: string }[] };
  versioned = new Set(rows.map((row) => row.name));
  // Every statement the database is sent, whichever driver (both take the text first or in `.text`).
  const client = (server.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const [first] = args;
    // Only what a call under test sends, not the workers beside it (outbox, reports, live events).
    if (capturing.getStore())
      statements.push(typeof first === "string" ? first : String((first as { text?: string }).text ?? ""));
    return query(...args);
  };
});
afterAll(() => server.close());

/** The tables a statement reads or writes, by the quoted names the query builder writes. */
function tablesOf(statement: string): string[] {
  return [...statement.matchAll(/\b(?:from|join|into|update)\s+"([a-z_]+)"/gi)].map((m) => m[1] ?? "");
}

describe("calls whose answers are kept", () => {
  const calls = (): readonly EndpointContract[] => server.app.cachedCalls;

  it("are the shop screen's, not the vendor summary (the session's statement already reads the vendor)", () => {
    const paths = calls().map((c) => c.path);
    expect(paths).toEqual(expect.arrayContaining(["/api/Shop/get_shopall_by_vendor"]));
    expect(paths).not.toContain("/api/Vendor/get_vendor_info");
  });

  it("read only tables whose changes raise the cache versions", async () => {
    expect(versioned).toContain("shops");
    for (const contract of calls()) {
      // A fresh session, so the call reads everything it depends on, the session included.
      const token = await server.login("vendor_admin");
      statements.length = 0;
      const answer = await capturing.run(true, () =>
        server.sendRaw(contract, PAYLOADS[contract.path] ?? {}, { token }),
      );
      expect(answer.http, contract.path).toBe(200);
      const read = new Set(statements.flatMap(tablesOf));
      expect(read.size, `${contract.path} read nothing the test could see`).toBeGreaterThan(0);
      const unversioned = [...read].filter((table) => !versioned.has(table) && table !== "cache_versions");
      expect(unversioned, contract.path).toEqual([]);
    }
  });
});
