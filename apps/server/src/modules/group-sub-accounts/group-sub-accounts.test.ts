import { API, type BodyOf } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { otherTenant } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { accounts } from "../accounts/tables.js";

const admin = { as: "group_admin" };

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await otherTenant(server.database);
});
afterAll(() => server.close());

const newSub = (username: string, extra: Partial<BodyOf<typeof API.groupSubAccounts.create>> = {}) => ({
  username,
  nickname: "Sub",
  email: `${username}@demo.test`,
  password: "secret1",
  confirm_password: "secret1",
  ...extra,
});

async function idOf(username: string) {
  const [row] = await server.database.db.select().from(accounts).where(eq(accounts.username, username));
  if (!row) throw new Error(`no ${username}`);
  return row.id;
}

describe("group sub-accounts", () => {
  it("creates a level-7 account of the group that signs in as level 7", async () => {
    const { http, body } = await server.send(API.groupSubAccounts.create, newSub("gsub_two"), admin);
    expect(http, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({ username: "gsub_two", status: "enabled" });
    const login = await server.send(API.auth.login, { login: "gsub_two", password: "secret1" });
    expect(login.body.result.level).toBe(7);
  });

  it("holds the password rules at their boundaries and the confirmation", async () => {
    for (const [name, password, ok] of [
      ["gs_five", "12345", false],
      ["gs_six", "123456", true],
      ["gs_sixteen", "b".repeat(16), true],
      ["gs_seventeen", "b".repeat(17), false],
    ] as const) {
      const { http, body } = await server.send(
        API.groupSubAccounts.create,
        newSub(name, { password, confirm_password: password }),
        admin,
      );
      expect(ok ? http : body.message_key, name).toBe(ok ? 200 : "validation.accountPassword");
    }
    const mismatch = await server.send(
      API.groupSubAccounts.create,
      newSub("gs_mismatch", { confirm_password: "other1" }),
      admin,
    );
    expect([mismatch.body.field, mismatch.body.message_key]).toEqual([
      "confirm_password",
      "validation.passwordMismatch",
    ]);
  });

  it("answers record already exists for a taken username in any case", async () => {
    const { http, body } = await server.send(API.groupSubAccounts.create, newSub("Group_Sub"), admin);
    expect([http, body.code]).toEqual([409, "RECORD_EXISTS"]);
  });

  it("lists the group's level-7 accounts only; level 7 may read but not change them", async () => {
    const { body } = await server.send(API.groupSubAccounts.list, {}, admin);
    const names = body.result.items.map((i) => i.username);
    expect(names).toEqual(expect.arrayContaining(["group_sub", "gsub_two", "gs_six", "gs_sixteen"]));
    expect(names).not.toContain("other_gsub");
    expect(names).not.toContain("group_admin");
    expect((await server.send(API.groupSubAccounts.list, {}, { as: "group_sub" })).http).toBe(200);
    expect((await server.send(API.groupSubAccounts.create, newSub("by_sub"), { as: "group_sub" })).body.code).toBe(
      "NO_PERMISSION",
    );
    expect(
      (await server.send(API.groupSubAccounts.remove, { account_id: await idOf("gs_six") }, { as: "group_sub" })).body
        .code,
    ).toBe("NO_PERMISSION");
    expect((await server.send(API.groupSubAccounts.list, {}, { as: "vendor_admin" })).body.code).toBe("NO_PERMISSION");
  });

  it("disabling or a password reset ends the account's sessions at once", async () => {
    const id = await idOf("gsub_two");
    let token = await server.login("gsub_two", "secret1");
    await server.send(API.groupSubAccounts.modify, { account_id: id, status: "disabled" }, admin);
    expect((await server.send(API.groupSubAccounts.list, {}, { token })).body.code).toBe("UNAUTHORIZED");
    await server.send(API.groupSubAccounts.modify, { account_id: id, status: "enabled" }, admin);
    token = await server.login("gsub_two", "secret1");
    const reset = await server.send(
      API.groupSubAccounts.modify,
      { account_id: id, password: "another1", confirm_password: "another1" },
      admin,
    );
    expect(reset.http).toBe(200);
    expect((await server.send(API.groupSubAccounts.list, {}, { token })).body.code).toBe("UNAUTHORIZED");
    expect(await server.login("gsub_two", "another1")).toBeTruthy();
  });

  it("answers not found for another group's sub-account, the admin itself and a vendor account", async () => {
    for (const username of ["other_gsub", "group_admin", "vendor_admin"]) {
      const id = await idOf(username);
      expect(
        (await server.send(API.groupSubAccounts.modify, { account_id: id, status: "disabled" }, admin)).body.code,
      ).toBe("NOT_FOUND");
      expect((await server.send(API.groupSubAccounts.remove, { account_id: id }, admin)).body.code).toBe("NOT_FOUND");
    }
  });

  it("removes a sub-account", async () => {
    const id = await idOf("gs_sixteen");
    expect((await server.send(API.groupSubAccounts.remove, { account_id: id }, admin)).body.result).toEqual({
      account_id: id,
    });
    expect((await server.send(API.groupSubAccounts.remove, { account_id: id }, admin)).body.code).toBe("NOT_FOUND");
  });
});
