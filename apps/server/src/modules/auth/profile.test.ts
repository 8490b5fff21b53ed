import { API } from "@washboard/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const info = (token: string) => server.send(API.auth.accountInfo, {}, { token });

describe("POST /api/v2/Auth/modify", () => {
  it("requires the current password", async () => {
    const token = await server.login("vendor_admin");
    const empty = await server.send(API.auth.modifyOwn, { old_pwd: "", nickname: "Vera" }, { token });
    expect(empty.http).toBe(400);
    expect(empty.body).toMatchObject({
      code: "VALIDATION_FAILED",
      field: "old_pwd",
      message_key: "validation.oldPasswordRequired",
    });
    const missing = await server.sendRaw(API.auth.modifyOwn, { nickname: "Vera" }, { token });
    expect(missing.http).toBe(400);
    expect(missing.body).toMatchObject({ code: "VALIDATION_FAILED", field: "old_pwd" });
  });

  it("refuses a wrong current password and changes nothing", async () => {
    const token = await server.login("vendor_admin");
    const { http, body } = await server.send(
      API.auth.modifyOwn,
      { old_pwd: "wrong123", nickname: "Hacked" },
      { token },
    );
    expect(http).toBe(400);
    expect(body).toMatchObject({ status: 400, code: "OLD_PASSWORD_WRONG" });
    expect((await info(token)).body.result.account.nickname).toBe("Vera (KL)");
  });

  it("applies the §5 rules to the new password, its confirmation and the nickname", async () => {
    const token = await server.login("vendor_admin");
    const cases = [
      [{ old_pwd: "demo1234", new_pwd: "abc", confirm_new_pwd: "abc" }, "new_pwd", "validation.newPasswordMin"],
      [{ old_pwd: "demo1234", new_pwd: "ab cd", confirm_new_pwd: "ab cd" }, "new_pwd", "validation.newPasswordMin"],
      [
        { old_pwd: "demo1234", new_pwd: "a".repeat(21), confirm_new_pwd: "a".repeat(21) },
        "new_pwd",
        "validation.max20",
      ],
      [
        { old_pwd: "demo1234", new_pwd: "abcd1234", confirm_new_pwd: "abcd1235" },
        "confirm_new_pwd",
        "validation.passwordMismatch",
      ],
      [{ old_pwd: "demo1234", new_pwd: "abcd1234" }, "confirm_new_pwd", "validation.passwordMismatch"],
      [{ old_pwd: "demo1234", nickname: "n".repeat(21) }, "nickname", "validation.max20"],
    ] as const;
    for (const [payload, field, key] of cases) {
      const { http, body } = await server.send(API.auth.modifyOwn, payload, { token });
      expect(http, JSON.stringify(payload)).toBe(400);
      expect(body, JSON.stringify(payload)).toMatchObject({ code: "VALIDATION_FAILED", field, message_key: key });
    }
    // None of the refused calls changed the password.
    expect(await server.login("vendor_admin", "demo1234")).toEqual(expect.any(String));
    // 20 characters is the inclusive nickname bound.
    const bound = await server.send(API.auth.modifyOwn, { old_pwd: "demo1234", nickname: "n".repeat(20) }, { token });
    expect(bound.http).toBe(200);
    expect(bound.body.result.nickname).toBe("n".repeat(20));
  });

  it("changes the password to one of 4 characters, ending the other sessions but not the current one", async () => {
    const other = await server.login("group_sub");
    const current = await server.login("group_sub");
    const { http, body } = await server.send(
      API.auth.modifyOwn,
      { old_pwd: "demo1234", new_pwd: "wxyz", confirm_new_pwd: "wxyz" },
      { token: current },
    );
    expect(http).toBe(200);
    expect(body.result).toEqual({ nickname: "Gus (group)", password_changed: true });

    const otherAfter = await info(other);
    expect(otherAfter.http).toBe(401);
    expect(otherAfter.body.code).toBe("UNAUTHORIZED");
    expect((await info(current)).http).toBe(200);

    const old = await server.send(API.auth.login, { login: "group_sub", password: "demo1234" }, { ip: "10.20.0.1" });
    expect(old.http).toBe(401);
    expect(old.body.code).toBe("LOGIN_FAILED");
    const fresh = await server.send(API.auth.login, { login: "group_sub", password: "wxyz" }, { ip: "10.20.0.2" });
    expect(fresh.http).toBe(200);
    expect(fresh.body.result.token).toEqual(expect.any(String));
  });

  it("changes only the nickname without ending any session", async () => {
    const other = await server.login("vendor2_admin");
    const current = await server.login("vendor2_admin");
    const { http, body } = await server.send(
      API.auth.modifyOwn,
      { old_pwd: "demo1234", nickname: "  Somchai B  ", new_pwd: "", confirm_new_pwd: "" },
      { token: current },
    );
    expect(http).toBe(200);
    expect(body.result).toEqual({ nickname: "Somchai B", password_changed: false });
    const seenByOther = await info(other);
    expect(seenByOther.http).toBe(200);
    expect(seenByOther.body.result.account.nickname).toBe("Somchai B");
    expect(await server.login("vendor2_admin", "demo1234")).toEqual(expect.any(String));
  });
});
