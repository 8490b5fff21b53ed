import type { ManagedAccountItem } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { accounts } from "../accounts/tables.js";
import { otherGroup } from "../vendor-accounts/test-fixtures.js";

const LIST = "/api/Group/get_group_sub_acct";
const CREATE = "/api/Group/create_group_sub_acct";
const MODIFY = "/api/Group/modify_group_sub_acct";
const REMOVE = "/api/Group/remove_group_sub_acct";

let server: TestServer;
let admin = "";

beforeAll(async () => {
  server = await startTestServer();
  await otherGroup(server.database);
  admin = await server.login("group_admin");
});
afterAll(() => server.close());

const newSub = (username: string, extra: Record<string, unknown> = {}) => ({
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
    const { http, body } = await server.call<ManagedAccountItem>(CREATE, newSub("gsub_two"), { token: admin });
    expect(http, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({ username: "gsub_two", status: "enabled" });
    const login = await server.call<{ level: number; group_id: number }>("/api/Auth/login", {
      login: "gsub_two",
      password: "secret1",
    });
    expect(login.body.result.level).toBe(7);
  });

  it("holds the password rules at their boundaries and the confirmation", async () => {
    for (const [name, password, ok] of [
      ["gs_five", "12345", false],
      ["gs_six", "123456", true],
      ["gs_sixteen", "b".repeat(16), true],
      ["gs_seventeen", "b".repeat(17), false],
    ] as const) {
      const { http, body } = await server.call(CREATE, newSub(name, { password, confirm_password: password }), {
        token: admin,
      });
      expect(ok ? http : body.message_key, name).toBe(ok ? 200 : "validation.accountPassword");
    }
    const mismatch = await server.call(CREATE, newSub("gs_mismatch", { confirm_password: "other1" }), { token: admin });
    expect([mismatch.body.field, mismatch.body.message_key]).toEqual([
      "confirm_password",
      "validation.passwordMismatch",
    ]);
  });

  it("answers record already exists for a taken username in any case", async () => {
    const { http, body } = await server.call(CREATE, newSub("Group_Sub"), { token: admin });
    expect([http, body.code]).toEqual([409, "RECORD_EXISTS"]);
  });

  it("lists the group's level-7 accounts only; level 7 may read but not change them", async () => {
    const { body } = await server.call<{ items: ManagedAccountItem[]; total: number }>(LIST, {}, { token: admin });
    const names = body.result.items.map((i) => i.username);
    expect(names).toEqual(expect.arrayContaining(["group_sub", "gsub_two", "gs_six", "gs_sixteen"]));
    expect(names).not.toContain("other_gsub");
    expect(names).not.toContain("group_admin");
    const sub = await server.login("group_sub");
    expect((await server.call(LIST, {}, { token: sub })).http).toBe(200);
    expect((await server.call(CREATE, newSub("by_sub"), { token: sub })).body.code).toBe("NO_PERMISSION");
    expect((await server.call(REMOVE, { account_id: await idOf("gs_six") }, { token: sub })).body.code).toBe(
      "NO_PERMISSION",
    );
    expect((await server.call(LIST, {}, { token: await server.login("vendor_admin") })).body.code).toBe(
      "NO_PERMISSION",
    );
  });

  it("disabling or a password reset ends the account's sessions at once", async () => {
    const id = await idOf("gsub_two");
    let token = await server.login("gsub_two", "secret1");
    await server.call(MODIFY, { account_id: id, status: "disabled" }, { token: admin });
    expect((await server.call(LIST, {}, { token })).body.code).toBe("UNAUTHORIZED");
    await server.call(MODIFY, { account_id: id, status: "enabled" }, { token: admin });
    token = await server.login("gsub_two", "secret1");
    const reset = await server.call(
      MODIFY,
      { account_id: id, password: "another1", confirm_password: "another1" },
      {
        token: admin,
      },
    );
    expect(reset.http).toBe(200);
    expect((await server.call(LIST, {}, { token })).body.code).toBe("UNAUTHORIZED");
    expect(await server.login("gsub_two", "another1")).toBeTruthy();
  });

  it("answers not found for another group's sub-account, the admin itself and a vendor account", async () => {
    for (const username of ["other_gsub", "group_admin", "vendor_admin"]) {
      const id = await idOf(username);
      expect((await server.call(MODIFY, { account_id: id, status: "disabled" }, { token: admin })).body.code).toBe(
        "NOT_FOUND",
      );
      expect((await server.call(REMOVE, { account_id: id }, { token: admin })).body.code).toBe("NOT_FOUND");
    }
  });

  it("removes a sub-account", async () => {
    const id = await idOf("gs_sixteen");
    expect((await server.call(REMOVE, { account_id: id }, { token: admin })).body.result).toEqual({ account_id: id });
    expect((await server.call(REMOVE, { account_id: id }, { token: admin })).body.code).toBe("NOT_FOUND");
  });
});
