import { API } from "@washboard/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ loginMaxFailuresPerUser: 3, loginMaxFailuresPerAddress: 8 });
});
afterAll(() => server.close());

describe("POST /api/Auth/login", () => {
  it("signs each console level in and returns what the console boots with", async () => {
    for (const [username, level] of [
      ["vendor_admin", 3],
      ["vendor_sub", 4],
      ["group_admin", 6],
      ["group_sub", 7],
    ] as const) {
      const { http, body } = await server.send(API.auth.login, { login: username, password: "demo1234" });
      expect(http).toBe(200);
      expect(body.status).toBe(200);
      expect(body.server_time).toBeGreaterThan(1_700_000_000);
      expect(body.result.level).toBe(level);
      expect(body.result.roles).toEqual([String(level)]);
      expect(String(body.result.token).length).toBeGreaterThanOrEqual(43);
      if (level <= 4) expect(body.result.vendor_id).toEqual(expect.any(Number));
      else expect(body.result.group_id).toEqual(expect.any(Number));
    }
  });

  it("issues a new token for every sign-in", async () => {
    expect(await server.login("vendor_admin")).not.toBe(await server.login("vendor_admin"));
  });

  it("refuses a level other than 3, 4, 6, 7 with code 404 'account has no permission'", async () => {
    const { http, body } = await server.send(API.auth.login, { login: "system_sub", password: "demo1234" });
    expect(http).toBe(404);
    expect(body).toMatchObject({
      status: 404,
      code: "ACCOUNT_NO_PERMISSION",
      message: "This account has no permission to sign in",
    });
  });

  it("gives one generic failure for a wrong password and for an unknown user", async () => {
    const wrong = await server.send(API.auth.login, { login: "group_sub", password: "nope1234" }, { ip: "10.9.0.1" });
    const unknown = await server.send(API.auth.login, { login: "nobody99", password: "nope1234" }, { ip: "10.9.0.1" });
    expect(wrong.http).toBe(401);
    expect(wrong.body.code).toBe("LOGIN_FAILED");
    expect(unknown.body.code).toBe("LOGIN_FAILED");
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it("applies the §5 rules with the console's messages and names the field", async () => {
    const cases = [
      [{ login: "abc", password: "demo1234" }, "login", "validation.username"],
      [{ login: "abcdefghijklmnopqrstu", password: "demo1234" }, "login", "validation.username"],
      [{ login: "ven-dor", password: "demo1234" }, "login", "validation.username"],
      [{ login: "vendor_admin_x", password: "123" }, "password", "validation.loginPassword"],
      [{ login: "vendoradmin", password: "123456789012345678901" }, "password", "validation.loginPassword"],
      [{ login: "vendoradmin", password: "demo 1234" }, "password", "validation.loginPassword"],
      [{ login: "vendoradmin" }, "password", "validation.required"],
    ] as const;
    for (const [payload, field, key] of cases) {
      const { http, body } = await server.sendRaw(API.auth.login, payload);
      expect(http, JSON.stringify(payload)).toBe(400);
      expect(body).toMatchObject({ code: "VALIDATION_FAILED", field, message_key: key });
    }
    // 4 and 20 characters are the inclusive bounds.
    const bounds = await server.send(API.auth.login, { login: "abcd", password: "a".repeat(20) });
    expect(bounds.body.code).toBe("LOGIN_FAILED");
  });

  it("gives a disabled account its own code, only after the right password", async () => {
    const { db } = server.database;
    const { accounts } = await import("../accounts/tables.js");
    const { eq } = await import("drizzle-orm");
    await db.update(accounts).set({ status: 0 }).where(eq(accounts.username, "vendor2_admin"));
    const right = await server.send(API.auth.login, { login: "vendor2_admin", password: "demo1234" });
    const wrong = await server.send(
      API.auth.login,
      { login: "vendor2_admin", password: "wrong123" },
      { ip: "10.9.0.2" },
    );
    await db.update(accounts).set({ status: 1 }).where(eq(accounts.username, "vendor2_admin"));
    expect(right.http).toBe(403);
    expect(right.body.code).toBe("ACCOUNT_DISABLED");
    expect(wrong.body.code).toBe("LOGIN_FAILED");
  });

  it("throttles repeated failures per username, even with the right password", async () => {
    for (let i = 0; i < 3; i++) {
      await server.send(API.auth.login, { login: "group_admin", password: "wrong123" }, { ip: `10.1.0.${i}` });
    }
    const { http, body } = await server.send(
      API.auth.login,
      { login: "group_admin", password: "demo1234" },
      { ip: "10.1.0.9" },
    );
    expect(http).toBe(429);
    expect(body.code).toBe("LOGIN_THROTTLED");
  });

  it("throttles repeated failures per address across usernames", async () => {
    for (let i = 0; i < 8; i++) {
      await server.send(API.auth.login, { login: `guess${i}x`, password: "wrong123" }, { ip: "10.2.0.1" });
    }
    const blocked = await server.send(
      API.auth.login,
      { login: "vendor_admin", password: "demo1234" },
      { ip: "10.2.0.1" },
    );
    expect(blocked.body.code).toBe("LOGIN_THROTTLED");
    const elsewhere = await server.send(
      API.auth.login,
      { login: "vendor_admin", password: "demo1234" },
      { ip: "10.2.0.2" },
    );
    expect(elsewhere.body.status).toBe(200);
  });

  it("writes an operation-log row for every attempt with actor, outcome and address", async () => {
    const { operationLog } = await import("../operation-log/tables.js");
    const { and, eq } = await import("drizzle-orm");
    await server.send(API.auth.login, { login: "vendor_sub", password: "bad12345" }, { ip: "10.3.0.1" });
    const rows = await server.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.ip, "10.3.0.1"), eq(operationLog.action, "auth.login")));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor: "vendor_sub", outcome: "failure", errorCode: "LOGIN_FAILED" });
  });
});
