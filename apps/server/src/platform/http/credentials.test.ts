import { API } from "@washboard/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, TEST_API_KEY, type TestServer } from "../../test/harness.js";

/** One session per request, named one way: two different sessions, or a token type not 1, are refused. */
let server: TestServer;
let mine = "";
let other = "";

beforeAll(async () => {
  server = await startTestServer();
  mine = await server.login("vendor_admin");
  other = await server.login("vendor2_admin");
});
afterAll(() => server.close());

function callWith(body: Record<string, unknown>, bearer?: string) {
  return server.app.inject({
    method: "POST",
    url: API.tenancy.current.path,
    headers: { "api-key": TEST_API_KEY, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    payload: body,
  });
}

describe("credentials of a call", () => {
  it("take the session from the payload or the Bearer header, or both when they agree", async () => {
    expect((await callWith({ token: mine, token_type: 1 })).statusCode).toBe(200);
    expect((await callWith({}, mine)).statusCode).toBe(200);
    expect((await callWith({ token: mine }, mine)).json().result.name).toBe("Demo Laundry Kuala Lumpur");
  });

  it("refuse two different sessions in one request, whichever is valid", async () => {
    for (const [body, bearer] of [
      [{ token: mine, token_type: 1 }, other],
      [{ token: other, token_type: 1 }, mine],
      [{ token: mine }, "not-a-session"],
    ] as const) {
      const answer = await callWith(body, bearer);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ code: "UNAUTHORIZED" });
    }
  });

  it("refuse a token type other than 1", async () => {
    for (const tokenType of [0, 2, "2", "bearer", null]) {
      const answer = await callWith({ token: mine, token_type: tokenType });
      expect(answer.statusCode, String(tokenType)).toBe(401);
    }
    expect((await callWith({ token: mine, token_type: "1" })).statusCode).toBe(200);
  });
});
