import { Writable } from "node:stream";
import { endpoint } from "@washboard/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { operationLog } from "../../modules/operation-log/tables.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { defineModule } from "../module.js";

/**
 * A call that fails inside the database: the caller is told only "operation failed" with a request
 * id, the log carries that id and the database's reason but never the query's parameters, and the
 * operation log still records the failure.
 */
const SECRET = "$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$leaked-hash";

const failing = endpoint({
  method: "POST",
  path: "/api/Test/fail_in_database",
  summary: "Fails inside PostgreSQL with a secret among its parameters",
  access: { kind: "session", levels: [3] },
  body: z.object({}),
  result: z.object({}),
  mutates: true,
  // A test's call borrows a label: the catalogues hold none of its own.
  log: "shops.modify",
});

const logLines: string[] = [];
let server: TestServer;

beforeAll(async () => {
  const module = defineModule({
    name: "failing",
    routes(r, { db }) {
      r.call(failing, async () => {
        await db.execute(sql`select ${SECRET}::integer`);
        return {};
      });
    },
  });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  server = await startTestServer({}, { extraModules: [module], logStream: stream });
});
afterAll(() => server.close());

describe("an internal error", () => {
  it("answers the envelope with a request id, logs the id and the reason without parameters, and is logged as an operation", async () => {
    const ip = "10.61.0.1";
    const answer = await server.sendRaw(failing, {}, { as: "vendor_admin", ip });
    expect(answer.http).toBe(500);
    expect(answer.body).toMatchObject({
      status: 500,
      code: "INTERNAL_ERROR",
      message: "Operation failed, please retry",
    });
    const requestId = (answer.body as { request_id?: string }).request_id;
    expect(requestId).toMatch(/^\S+$/);
    expect(JSON.stringify(answer.body)).not.toContain("argon2");
    expect(JSON.stringify(answer.body)).not.toMatch(/select|integer/i);

    const logged = logLines.filter((line) => line.includes(requestId as string)).join("\n");
    expect(logged).toContain("invalid input syntax for type integer");
    expect(logLines.join("\n")).not.toContain("leaked-hash");

    const rows = await server.database.db.select().from(operationLog).where(eq(operationLog.ip, ip));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "shops.modify", outcome: "failure", errorCode: "INTERNAL_ERROR" });
  });
});
