import { Writable } from "node:stream";
import { ALL_ENDPOINTS, API } from "@washboard/shared";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, TEST_API_KEY, type TestServer } from "../../test/harness.js";
import { loggerOptions } from "./logger.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // A route that fails the way a bug would, to see what an unexpected error shows the caller.
  server.app.post("/api/test/explode", async () => {
    throw new Error("database exploded at /work/main/apps/server/src/secret.ts:12:3");
  });
});
afterAll(() => server.close());

const ENVELOPE_ERROR_KEYS = ["code", "field", "message", "message_key", "request_id", "server_time", "status"];

/** No stack frames, file paths or internal error text in what a caller receives. */
function expectNoInternals(raw: string) {
  expect(raw).not.toMatch(/\bat\s+\S+\s+\(/);
  expect(raw).not.toMatch(/\bat\s+(file:|node:|\/)/);
  expect(raw).not.toMatch(/\.(ts|js|mjs):\d+/);
  expect(raw).not.toMatch(/\/work\/|node_modules|\bstack\b/i);
}

function expectErrorEnvelope(raw: string, http: number, code: string) {
  const body = JSON.parse(raw) as Record<string, unknown>;
  expect(body.status).toBe(http);
  expect(body.code).toBe(code);
  expect(body.message).toEqual(expect.any(String));
  expect(Math.abs(Number(body.server_time) - Date.now() / 1000)).toBeLessThan(5);
  for (const key of Object.keys(body)) expect(ENVELOPE_ERROR_KEYS).toContain(key);
  expectNoInternals(raw);
}

describe("the success envelope", () => {
  it("is {status: 200, result, server_time} with server_time the current time in seconds", async () => {
    const token = await server.login("vendor_admin");
    const answers = [
      await server.send(API.systemConfig.config, {}),
      await server.send(API.auth.accountInfo, {}, { token }),
      await server.send(API.devices.statusCounts, {}, { token }),
      await server.send(API.auth.logout, {}, { token }),
    ];
    for (const { http, body } of answers) {
      expect(http).toBe(200);
      expect(Object.keys(body).sort()).toEqual(["result", "server_time", "status"]);
      expect(body.status).toBe(200);
      expect(Number.isInteger(body.server_time)).toBe(true);
      expect(Math.abs(body.server_time - Date.now() / 1000)).toBeLessThan(5);
    }
  });
});

describe("the api-key header", () => {
  it("is required on every /api call: missing or wrong answers 401 API_KEY_INVALID", async () => {
    const token = await server.login("vendor_admin");
    for (const apiKey of [null, "", "wrong-key", `${TEST_API_KEY}x`, TEST_API_KEY.toUpperCase()]) {
      for (const [path, options] of [
        [API.systemConfig.config.path, {}],
        [API.auth.login.path, {}],
        [API.auth.accountInfo.path, { token }],
        ["/api/does/not/exist", {}],
      ] as const) {
        const response = await server.app.inject({
          method: "POST",
          url: path,
          headers: apiKey === null ? {} : { "api-key": apiKey },
          payload: { login: "vendor_admin", password: "demo1234", ...options },
        });
        expect(response.statusCode, `${path} with ${apiKey}`).toBe(401);
        expectErrorEnvelope(response.body, 401, "API_KEY_INVALID");
      }
    }
  });

  it("cannot be skipped by percent-encoding the path", async () => {
    const token = await server.login("vendor_admin");
    const response = await server.app.inject({
      method: "POST",
      url: API.auth.accountInfo.path.replace("/api/", "/%61pi/"),
      payload: { token, token_type: 1 },
    });
    expect(response.statusCode).toBe(401);
    expectErrorEnvelope(response.body, 401, "API_KEY_INVALID");
  });

  it("is not needed outside /api or for the OpenAPI document", async () => {
    expect((await server.app.inject({ method: "GET", url: "/" })).statusCode).toBe(200);
    expect((await server.app.inject({ method: "GET", url: "/api/openapi.json" })).statusCode).toBe(200);
  });
});

describe("error envelopes", () => {
  it("answers an unknown route or method with 404 ROUTE_NOT_FOUND", async () => {
    for (const [method, url] of [
      ["POST", "/api/Nope/nothing"],
      ["GET", API.auth.login.path],
      ["GET", "/no-such-page"],
    ] as const) {
      const response = await server.app.inject({ method, url, headers: { "api-key": TEST_API_KEY } });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expectErrorEnvelope(response.body, 404, "ROUTE_NOT_FOUND");
    }
  });

  it("answers a malformed JSON body with a 400 envelope and no trace of the parser", async () => {
    for (const payload of ["{bad json", '{"login": "vendor_admin",', "[1, 2"]) {
      const response = await server.app.inject({
        method: "POST",
        url: API.auth.login.path,
        headers: { "api-key": TEST_API_KEY, "content-type": "application/json" },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expectErrorEnvelope(response.body, 400, "VALIDATION_FAILED");
      expect(response.body).not.toMatch(/Unexpected|position|SyntaxError|FST_/);
    }
  });

  it("answers an unsupported content type with a 400 envelope", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: API.auth.login.path,
      headers: { "api-key": TEST_API_KEY, "content-type": "text/plain" },
      payload: "login=vendor_admin",
    });
    expect(response.statusCode).toBe(400);
    expectErrorEnvelope(response.body, 400, "VALIDATION_FAILED");
  });

  it("answers a body over the limit with 413 PAYLOAD_TOO_LARGE", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: API.auth.login.path,
      headers: { "api-key": TEST_API_KEY, "content-type": "application/json" },
      payload: JSON.stringify({ login: "x".repeat(1_100_000), password: "demo1234" }),
    });
    expect(response.statusCode).toBe(413);
    expectErrorEnvelope(response.body, 413, "PAYLOAD_TOO_LARGE");
  });

  it("answers an unexpected failure with 500 INTERNAL_ERROR and nothing of the error itself", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/test/explode",
      headers: { "api-key": TEST_API_KEY },
    });
    expect(response.statusCode).toBe(500);
    expectErrorEnvelope(response.body, 500, "INTERNAL_ERROR");
    expect(response.body).not.toContain("exploded");
  });
});

describe("GET /api/openapi.json", () => {
  it("is served without an api-key and documents every API contract", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, Record<string, { summary?: string }>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(ALL_ENDPOINTS.length).toBeGreaterThan(0);
    for (const contract of ALL_ENDPOINTS) {
      const operation = doc.paths[contract.path]?.[contract.method.toLowerCase()];
      expect(operation, `${contract.method} ${contract.path}`).toBeDefined();
      expect(operation?.summary).toBe(contract.summary);
    }
  });
});

describe("the request logger", () => {
  it("never writes passwords, tokens or the api-key", async () => {
    const secrets = {
      password: "Pw-secret-1111",
      old_pwd: "Pw-secret-2222",
      new_pwd: "Pw-secret-3333",
      confirm_new_pwd: "Pw-secret-4444",
      token: "Tok-secret-5555",
    };
    const queryToken = "Tok-secret-6666";
    const bearer = "Tok-secret-7777";
    const apiKey = "Key-secret-8888";
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const options = loggerOptions("info");
    if (typeof options !== "object") throw new Error("loggerOptions should give pino options");
    const app = Fastify({ logger: { ...options, stream } });
    const modify = API.auth.modifyOwn.path;
    const logout = API.auth.logout.path;
    app.post(modify, async (request) => {
      request.log.info({ body: request.body }, "payload");
      return {};
    });
    app.get(logout, async (request) => {
      request.log.info({ query: request.query }, "payload");
      return {};
    });
    try {
      await app.inject({
        method: "POST",
        url: modify,
        headers: { authorization: `Bearer ${bearer}`, "api-key": apiKey, cookie: `sid=${bearer}` },
        payload: { nickname: "Visible Nick", ...secrets },
      });
      await app.inject({ method: "GET", url: `${logout}?token_type=1&token=${queryToken}&lang=en` });
      await app.inject({ method: "GET", url: `${logout}?token=${queryToken}` });
    } finally {
      await app.close();
    }
    const output = lines.join("");
    // The logger did run: the requests and the logged payloads are there.
    expect(output).toContain(modify);
    expect(output).toContain("Visible Nick");
    expect(output).toContain("token=[redacted]");
    expect(output).toContain("[redacted]");
    for (const secret of [...Object.values(secrets), queryToken, bearer, apiKey]) expect(output).not.toContain(secret);
  });
});
