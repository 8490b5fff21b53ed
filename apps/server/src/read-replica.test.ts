import { API, type EndpointContract, endpointId, FORM_REPORTS, ORDER_SCREENS } from "@washboard/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./platform/db/client.js";
import { startTestServer, type TestServer } from "./test/harness.js";

/**
 * DATABASE_READ_URL (docs/operations.md, "Read replicas"): the screens of past figures read from the
 * replica, whatever decides a write reads the primary, and the replica is never written. The test's
 * replica is the same database through connections that refuse to write (test/fresh-database.ts), so
 * which pool a statement went through is what is seen; PostgreSQL only (PGlite has no second pool).
 */

const as = { as: "vendor_admin" };
const today = new Date().toISOString().slice(0, 10);
const month = today.slice(0, 7);

/** Each screen of past figures, called as its screen calls it. */
const FIGURES: ReadonlyArray<[EndpointContract, Record<string, unknown>]> = [
  [API.revenue.earningsMonth, { from: month, to: month }],
  [API.revenue.shopEarnings, { from: today, to: today }],
  [API.revenue.otherIncome, { from: today, to: today }],
  [API.revenue.deviceRevenue, { month }],
  [API.revenue.consumption, { from: today, to: today }],
  [API.revenue.shopAnalysis, {}],
  [API.revenue.dashboardRevenue, {}],
  [API.revenue.dashboardShops, {}],
  ...Object.values(FORM_REPORTS).map(
    ({ call }) => [API.reports[call], { from: today, to: today }] as [EndpointContract, Record<string, unknown>],
  ),
];

describe.runIf(Boolean(process.env.DATABASE_URL))("with a read replica", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { readReplica: true });
  });
  afterAll(() => server.close());

  /** Statements sent to the replica while `call` ran. */
  async function onReplica(call: () => Promise<{ http: number }>): Promise<{ http: number; statements: number }> {
    const timings = server.database.readerStatements;
    if (!timings) throw new Error("the test server has no replica");
    let statements = 0;
    const stop = timings.observe(() => {
      statements += 1;
    });
    try {
      const { http } = await call();
      return { http, statements };
    } finally {
      stop();
    }
  }

  it("the replica refuses writes: its connections are read-only", async () => {
    const write = sql`update accounts set username = username where false`;
    const refusal = await server.database.reader.execute(write).then(
      () => null,
      (error: Error) => error,
    );
    expect(String((refusal?.cause as Error | undefined)?.message)).toMatch(/read-only transaction/);
    await expect(server.database.db.execute(write)).resolves.toBeDefined();
  });

  it.each(FIGURES.map(([contract, body]) => [endpointId(contract), contract, body] as const))(
    "%s reads its figures from the replica",
    async (_id, contract, body) => {
      const answer = await onReplica(() => server.sendRaw(contract, body, as));
      expect(answer.http).toBe(200);
      expect(answer.statements).toBeGreaterThan(0);
    },
  );

  it("an order export reads its orders from the replica, for every order screen", async () => {
    for (const { source } of ORDER_SCREENS) {
      const contract = API.orders[`export_${source}` as keyof typeof API.orders] as EndpointContract;
      const answer = await onReplica(() =>
        server.download(contract, { from: 0, to: 2_000_000_000, format: "csv", language: "en" } as never, as),
      );
      expect(answer.http, source).toBe(200);
      expect(answer.statements, source).toBeGreaterThan(0);
    }
  });

  it("calls that change data, and the lists a user edits and looks at again, read the primary alone", async () => {
    const calls: Array<() => Promise<{ http: number }>> = [
      () => server.send(API.devices.list, { page_size: 20 }, as),
      () => server.sendRaw(API.orders.list_sandbox, { page_size: 20 }, as),
      () => server.send(API.shops.list, { page_size: 20 }, as),
      () => server.send(API.revenue.dashboardDevices, {}, as),
      () =>
        server.send(
          API.shops.create,
          { name: "Replica test shop", address: "1 Example road", service_type: 1, mqtt_password: "example-secret" },
          as,
        ),
    ];
    for (const call of calls) {
      const answer = await onReplica(call);
      expect(answer.http).toBe(200);
      expect(answer.statements).toBe(0);
    }
  });
});

describe("DATABASE_READ_URL", () => {
  it("is refused without DATABASE_URL: a replica of what?", async () => {
    await expect(openDatabase({ readUrl: "postgres://127.0.0.1/replica", dataDir: "memory://" })).rejects.toThrow(
      /DATABASE_READ_URL needs DATABASE_URL/,
    );
  });
});
