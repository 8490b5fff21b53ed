import { createHash } from "node:crypto";
import { API } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { accounts, sessions } from "../accounts/tables.js";

const IDLE_MINUTES = 30;
const MAX_HOURS = 2;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ sessionIdleMinutes: IDLE_MINUTES, sessionMaxHours: MAX_HOURS });
});
afterAll(() => server.close());

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");

/** The session row of a token, found by the digest the server should have stored. */
async function sessionOf(token: string) {
  const [row] = await server.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256(token)));
  if (!row) throw new Error("no session row for this token");
  return row;
}

async function setSession(token: string, values: { lastSeenAt?: Date; expiresAt?: Date }) {
  await server.database.db
    .update(sessions)
    .set(values)
    .where(eq(sessions.tokenHash, sha256(token)));
}

/** A signed-in call made with the token in the POST body, as the console does. */
const infoWith = (token: string) => server.send(API.auth.accountInfo, {}, { token });

describe("session tokens", () => {
  it("accepts the token in the POST body with token_type 1", async () => {
    const token = await server.login("vendor_admin");
    const response = await server.app.inject({
      method: "POST",
      url: API.auth.accountInfo.path,
      headers: { "api-key": server.config.apiKey },
      payload: { token, token_type: 1 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 200, result: { account: { username: "vendor_admin" } } });
  });

  it("accepts the token as Authorization: Bearer", async () => {
    const token = await server.login("group_sub");
    const { http, body } = await server.send(
      API.auth.accountInfo,
      {},
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(http).toBe(200);
    expect(body.result.account.username).toBe("group_sub");
  });

  it("accepts the token in the query of GET /api/Auth/logout and revokes that session", async () => {
    const token = await server.login("vendor_sub");
    const response = await server.app.inject({
      method: "GET",
      url: `${API.auth.logout.path}?token=${encodeURIComponent(token)}&token_type=1`,
      headers: { "api-key": server.config.apiKey },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 200, result: {} });
    const after = await infoWith(token);
    expect(after.http).toBe(401);
    expect(after.body.code).toBe("UNAUTHORIZED");
  });

  it("answers 401 UNAUTHORIZED without a token, with an unknown token and with a non-Bearer header", async () => {
    const none = await server.send(API.auth.accountInfo, {});
    expect(none.http).toBe(401);
    expect(none.body).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
    const unknown = await server.send(API.auth.accountInfo, {}, { token: "x".repeat(43) });
    expect(unknown.http).toBe(401);
    expect(unknown.body).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
    const token = await server.login("vendor_admin");
    const basic = await server.send(API.auth.accountInfo, {}, { headers: { authorization: `Basic ${token}` } });
    expect(basic.http).toBe(401);
    expect(basic.body.code).toBe("UNAUTHORIZED");
  });

  it("logout ends only the session it was called with", async () => {
    const first = await server.login("vendor2_admin");
    const second = await server.login("vendor2_admin");
    expect((await infoWith(first)).http).toBe(200);
    const logout = await server.send(API.auth.logout, {}, { token: first });
    expect(logout.http).toBe(200);
    const again = await infoWith(first);
    expect(again.http).toBe(401);
    expect(again.body.code).toBe("UNAUTHORIZED");
    // Logging out twice with the same token is refused too.
    expect((await server.send(API.auth.logout, {}, { token: first })).body.code).toBe("UNAUTHORIZED");
    expect((await infoWith(second)).http).toBe(200);
  });

  it("expires a session left idle longer than the idle limit with 401 SESSION_EXPIRED", async () => {
    const token = await server.login("vendor_admin");
    await setSession(token, { lastSeenAt: new Date(Date.now() - (IDLE_MINUTES + 1) * 60_000) });
    const { http, body } = await infoWith(token);
    expect(http).toBe(401);
    expect(body).toMatchObject({ status: 401, code: "SESSION_EXPIRED" });
  });

  it("slides the idle limit forward while the session is used", async () => {
    const token = await server.login("vendor_admin");
    await setSession(token, { lastSeenAt: new Date(Date.now() - (IDLE_MINUTES - 2) * 60_000) });
    expect((await infoWith(token)).http).toBe(200);
    const touched = await sessionOf(token);
    expect(Date.now() - touched.lastSeenAt.getTime()).toBeLessThan(60_000);
    // Three more minutes later the session would have been idle too long without that use.
    await setSession(token, { lastSeenAt: new Date(touched.lastSeenAt.getTime() - 3 * 60_000) });
    expect((await infoWith(token)).http).toBe(200);
  });

  it("expires a session past its absolute lifetime even while it is in use", async () => {
    const { body } = await server.send(API.auth.login, { login: "group_admin", password: "demo1234" });
    const nowSeconds = Date.now() / 1000;
    expect(Math.abs(body.result.expires_at - (nowSeconds + MAX_HOURS * 3600))).toBeLessThan(10);
    const token = body.result.token;
    await setSession(token, { expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() });
    const { http, body: expired } = await infoWith(token);
    expect(http).toBe(401);
    expect(expired).toMatchObject({ status: 401, code: "SESSION_EXPIRED" });
  });

  it("stops a live session as soon as its account is disabled", async () => {
    const token = await server.login("group_sub");
    expect((await infoWith(token)).http).toBe(200);
    const { db } = server.database;
    await db.update(accounts).set({ status: 0 }).where(eq(accounts.username, "group_sub"));
    try {
      const { http, body } = await infoWith(token);
      expect(http).toBe(401);
      expect(body.code).toBe("UNAUTHORIZED");
    } finally {
      await db.update(accounts).set({ status: 1 }).where(eq(accounts.username, "group_sub"));
    }
  });

  it("issues tokens of at least 128 random bits and stores only their SHA-256", async () => {
    const token = await server.login("vendor_admin");
    expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const row = await sessionOf(token);
    expect(row.tokenHash).toBe(sha256(token));
    const all = await server.database.db.select().from(sessions);
    expect(all.length).toBeGreaterThan(1);
    expect(JSON.stringify(all)).not.toContain(token);
    for (const session of all) expect(session.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
