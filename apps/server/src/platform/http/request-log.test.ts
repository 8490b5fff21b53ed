import { Writable } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, TEST_API_KEY, type TestServer } from "../../test/harness.js";

const logLines: string[] = [];
let server: TestServer;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  server = await startTestServer({}, { logStream: stream });
});
afterAll(() => server.close());

const entries = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>);

it("logs one line per request with its id, route, status, duration and tenant, and answers the id", async () => {
  const token = await server.login("vendor_admin");
  const response = await server.app.inject({
    method: "POST",
    url: "/api/Shop/get_shopall_by_vendor",
    headers: { "api-key": TEST_API_KEY, "content-type": "application/json", "x-request-id": "balancer-id-0001" },
    payload: { token },
  });
  expect(response.statusCode).toBe(200);
  const id = String(response.headers["x-request-id"]);
  // Not behind a trusted proxy: the forwarded id is not taken.
  expect(id).not.toBe("balancer-id-0001");
  expect(id).toMatch(/^[0-9a-f-]{36}$/);

  const lines = entries().filter((entry) => entry.reqId === id);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({
    msg: "request",
    method: "POST",
    route: "/api/Shop/get_shopall_by_vendor",
    status: 200,
    vendor: expect.any(Number),
    account: expect.any(Number),
    ms: expect.any(Number),
  });
  expect(JSON.stringify(lines[0])).not.toContain(token);
  expect(entries().some((entry) => entry.msg === "incoming request" || entry.msg === "request completed")).toBe(false);
});

it("logs a refusal with its status and no tenant, and leaves health probes out of the info log", async () => {
  const refused = await server.app.inject({ method: "POST", url: "/api/Shop/get_shopall_by_vendor", payload: {} });
  const id = String(refused.headers["x-request-id"]);
  const line = entries().find((entry) => entry.reqId === id);
  expect(line).toMatchObject({ msg: "request", status: refused.statusCode });
  expect(line).not.toHaveProperty("vendor");

  const probe = await server.app.inject({ method: "GET", url: "/readyz" });
  expect(probe.statusCode).toBe(200);
  expect(entries().some((entry) => entry.reqId === probe.headers["x-request-id"])).toBe(false);
});
