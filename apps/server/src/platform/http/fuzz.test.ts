import { ALL_ENDPOINTS, API, type EndpointContract, endpointId } from "@washboard/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startTestServer, type TestServer } from "../../test/harness.js";

/**
 * Every endpoint of the registry, for every field of its payload, gets a bounded set of hostile
 * values as a caller of the right level and tenant. Every answer is below 500 and in the envelope;
 * a refused call writes nothing (row counts of every table, but for the log and session bookkeeping
 * every call leaves) — only an accepted one may, such as a role named in emoji and right-to-left
 * text, which is text like any other; and the server still answers. A new endpoint is covered the
 * moment it exists.
 */

/** Nested 200 deep: deeper than any payload is, shallow enough for JSON.stringify. */
function deeplyNested(depth = 200): unknown {
  let value: unknown = "bottom";
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

const HOSTILE: Record<string, unknown> = {
  "wrong type (object)": { an: "object" },
  "wrong type (array)": [1, 2, 3],
  "wrong type (boolean)": true,
  null: null,
  "NUL byte": "a\u0000b",
  "lone surrogate": "a\ud800b",
  "1 MB string": "x".repeat(1_048_000),
  "2^31": 2 ** 31,
  "-1": -1,
  "2^53": 2 ** 53,
  "NaN-like": "NaN",
  "Infinity-like": "Infinity",
  "emoji and right-to-left text": "😀🧺 \u202Eשלום عربي",
  __proto__: JSON.parse('{"__proto__": {"polluted": true}}'),
  constructor: { constructor: { prototype: { polluted: true } } },
  "deep nesting": deeplyNested(),
};

/**
 * Tables every call may write to: the log of calls, sessions' last use, live events, sign-in counters,
 * and the cache versions a sign-in raises (it writes the account's last sign-in).
 */
const BOOKKEEPING = new Set([
  "operation_log",
  "sessions",
  "live_events",
  "attempt_counters",
  "cache_versions",
  "__drizzle_migrations",
]);

function fieldsOf(contract: EndpointContract): string[] {
  return contract.body instanceof z.ZodObject ? Object.keys(contract.body.shape) : [];
}

/** The caller an endpoint is meant for: a vendor's administrator where it may, else the group's. */
function callerOf(contract: EndpointContract): string | undefined {
  // Member-app calls are fuzzed signed out: their access refuses before the payload is read.
  if (contract.access.kind !== "session") return undefined;
  const levels = contract.access.levels ?? [3, 4, 6, 7];
  return levels.includes(3) ? "vendor_admin" : "group_admin";
}

let server: TestServer;
let nextIp = 0;

async function rowCounts(): Promise<Record<string, number>> {
  const { db } = server.database;
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public'`,
  )) as unknown as { rows: { table_name: string }[] };
  const counts: Record<string, number> = {};
  for (const { table_name: name } of tables.rows) {
    if (BOOKKEEPING.has(name)) continue;
    const result = (await db.execute(sql`select count(*)::int as n from ${sql.identifier(name)}`)) as unknown as {
      rows: { n: number }[];
    };
    counts[name] = result.rows[0]?.n ?? 0;
  }
  return counts;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("hostile input on every endpoint", () => {
  for (const contract of ALL_ENDPOINTS) {
    const id = endpointId(contract);
    it(`${id} answers every hostile value below 500, in the envelope, writing nothing`, async () => {
      const before = await rowCounts();
      const fields = fieldsOf(contract);
      const payloads: [string, Record<string, unknown>][] = [
        ["an empty payload", {}],
        ["a __proto__ key at the top", JSON.parse('{"__proto__": {"polluted": true}}')],
        ...fields.flatMap((field) =>
          Object.entries(HOSTILE).map(([name, value]): [string, Record<string, unknown>] => [
            `${field} = ${name}`,
            { [field]: value },
          ]),
        ),
      ];
      const as = callerOf(contract);
      let accepted = 0;
      for (const [what, payload] of payloads) {
        // Each call from its own address, so the sign-in throttle of one does not answer for the others.
        nextIp += 1;
        const ip = `10.77.${Math.floor(nextIp / 250)}.${nextIp % 250}`;
        const answer = await server.sendRaw(contract, payload, { ...(as ? { as } : {}), ip });
        const where = `${id} with ${what}`;
        expect(answer.http, `${where}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBeLessThan(500);
        expect(typeof answer.body.status, where).toBe("number");
        if (answer.http >= 400) {
          expect(answer.body.code, where).toEqual(expect.any(String));
          expect(answer.body.message, where).toEqual(expect.any(String));
        } else if (contract.mutates) {
          accepted += 1;
        }
        // A sign-out ends the session it was sent with: sign in again for the next value.
        if (contract === API.auth.logout && as && answer.http === 200) await server.login(as);
      }
      const after = await rowCounts();
      const written = Object.keys(after).reduce(
        (n, table) => n + Math.abs((after[table] ?? 0) - (before[table] ?? 0)),
        0,
      );
      expect(written, `${id}: rows written beyond what its ${accepted} accepted calls wrote`).toBeLessThanOrEqual(
        accepted,
      );
      expect(({} as Record<string, unknown>).polluted, "prototype polluted").toBeUndefined();
    });
  }

  it("still answers afterwards", async () => {
    const answer = await server.send(API.systemConfig.config, {});
    expect(answer.http).toBe(200);
  });
});
