import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";

/**
 * The device protocol's JSON Schemas are public: a controller maker reads them without an api-key
 * or a session, and any cache may keep them.
 */
interface Index {
  schemas: { name: string; title: string; url: string; topic: string; direction: string; retained: boolean }[];
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: "GET", url, headers });

describe("GET /api/device-protocol/", () => {
  it("lists every schema without api-key or session, cacheable", async () => {
    const response = await get("/api/device-protocol/");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
    const index = response.json<Index>();
    expect(index.schemas.length).toBeGreaterThan(20);
    expect(index.schemas.map((s) => s.name)).toEqual(
      expect.arrayContaining(["status", "event", "event.cycle_started", "command.remote_start", "ack.ok"]),
    );
    for (const schema of index.schemas) {
      expect(schema.title).toBeTruthy();
      expect(schema.url).toBe(`/api/device-protocol/${schema.name}.schema.json`);
      expect(schema.topic).toMatch(/^wb\/v1\/d\/<serial>\//);
    }
  });

  it("answers every listed URL with its schema and examples", async () => {
    const index = (await get("/api/device-protocol/")).json<Index>();
    for (const { name, title, url } of index.schemas) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toMatch(/^application\/schema\+json/);
      expect(response.headers["cache-control"], url).toBe("public, max-age=3600");
      const schema = response.json<{ $schema: string; $id: string; title: string; examples: unknown[] }>();
      expect(schema.$schema, url).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(schema.$id, name).toBe(url);
      expect(schema.title, name).toBe(title);
      expect(schema.examples.length, name).toBeGreaterThan(0);
    }
  });

  it("answers 304 to a cache that holds the current version", async () => {
    const first = await get("/api/device-protocol/status.schema.json");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await get("/api/device-protocol/status.schema.json", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("answers 404 to a name it does not have, and takes no other path without the api-key", async () => {
    for (const url of [
      "/api/device-protocol/nothing.schema.json",
      "/api/device-protocol/status.json",
      "/api/device-protocol/..%2Fopenapi.json",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json<{ code: string }>().code, url).toBe("NOT_FOUND");
    }
    // Only these routes are exempt: a neighbour of theirs still needs the api-key.
    for (const url of ["/api/device-protocol/status.schema.json/more", "/api/device-protocol"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json<{ code: string }>().code, url).toBe("API_KEY_INVALID");
    }
  });
});
