import { API, type BodyOf, LOCKED_PERMISSION_KEYS } from "@washboard/shared";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { accounts } from "../accounts/tables.js";
import { operationLog } from "../operation-log/tables.js";

let server: TestServer;
let klRole = 0;
let klRole2 = 0;
let bkkRole = 0;
async function role(username: string, name: string, permissions: string[] = []) {
  const { body } = await server.send(API.roles.create, { name, permissions }, { as: username });
  if (body.status !== 200) throw new Error(`role ${name}: ${body.code}`);
  return body.result.id;
}

const fields = <Extra extends Partial<BodyOf<typeof API.subAccounts.create>>>(username: string, extra?: Extra) => ({
  username,
  email: `${username}@demo.test`,
  nickname: `Nick ${username}`.slice(0, 20),
  password: "secret12",
  confirm_password: "secret12",
  role_id: klRole,
  ...extra,
});

async function create(username: string, extra: Partial<BodyOf<typeof API.subAccounts.create>> = {}) {
  const { http, body } = await server.send(API.subAccounts.create, fields(username, extra), { as: "vendor_admin" });
  expect(http, JSON.stringify(body)).toBe(200);
  return body.result;
}

/** Signs in with a password; answers the token, or the refusal's code. */
async function signIn(login: string, password: string) {
  const { body } = await server.send(API.auth.login, { login, password });
  return body.status === 200 ? { token: body.result.token } : { code: body.code };
}

async function tokenWorks(token: string) {
  const { body } = await server.send(API.auth.accountInfo, {}, { token });
  return body.status === 200 ? "ok" : body.code;
}

beforeAll(async () => {
  server = await startTestServer();
  klRole = await role("vendor_admin", "Till", ["reve_total"]);
  klRole2 = await role("vendor_admin", "Floor", ["shop_add"]);
  bkkRole = await role("vendor2_admin", "Bangkok till");
});
afterAll(() => server.close());

describe("sub-accounts", () => {
  it("refuses passwords of 5 and 17 characters and takes 6 and 16", async () => {
    for (const password of ["12345", "x".repeat(17), "with space"]) {
      const { http, body } = await server.send(
        API.subAccounts.create,
        fields("pw_bad", { password, confirm_password: password }),
        { as: "vendor_admin" },
      );
      expect(http, password).toBe(400);
      expect(body, password).toMatchObject({
        code: "VALIDATION_FAILED",
        field: "password",
        message_key: "validation.accountPassword",
      });
    }
    for (const [username, password] of [
      ["pw_six", "123456"],
      ["pw_sixteen", "p".repeat(16)],
    ] as const) {
      await create(username, { password, confirm_password: password });
      expect("token" in (await signIn(username, password)), username).toBe(true);
    }
  });

  it("refuses a confirmation that does not match, on create and on a password change", async () => {
    const created = await server.send(API.subAccounts.create, fields("pw_mismatch", { confirm_password: "secret13" }), {
      as: "vendor_admin",
    });
    expect(created.body).toMatchObject({
      code: "VALIDATION_FAILED",
      field: "confirm_password",
      message_key: "validation.passwordMismatch",
      message: "The two passwords do not match",
    });
    const account = await create("pw_mismatch");
    const changed = await server.send(
      API.subAccounts.modify,
      {
        id: account.id,
        password: "newpass1",
        confirm_password: "newpass2",
      },
      { as: "vendor_admin" },
    );
    expect(changed.body).toMatchObject({ code: "VALIDATION_FAILED", field: "confirm_password" });
  });

  it("checks username, email and nickname", async () => {
    for (const [extra, field, key] of [
      [{ username: "abc" }, "username", "validation.username"],
      [{ username: "x".repeat(21) }, "username", "validation.username"],
      [{ email: "" }, "email", "validation.required"],
      [{ email: "not-an-email" }, "email", "validation.email"],
      [{ nickname: "" }, "nickname", "validation.required"],
      [{ nickname: "n".repeat(21) }, "nickname", "validation.max20"],
      [{ role_id: undefined }, "role_id", "validation.required"],
    ] as const) {
      const { body } = await server.send(API.subAccounts.create, fields("checks_ok", extra), { as: "vendor_admin" });
      expect(body, JSON.stringify(extra)).toMatchObject({ code: "VALIDATION_FAILED", field, message_key: key });
    }
  });

  it("answers RECORD_EXISTS for a username taken anywhere, whatever its case", async () => {
    await create("dup_user");
    for (const username of ["dup_user", "DUP_USER", "vendor2_admin", "group_admin"]) {
      const { http, body } = await server.send(API.subAccounts.create, fields(username), { as: "vendor_admin" });
      expect(http, username).toBe(409);
      expect(body, username).toMatchObject({ code: "RECORD_EXISTS", field: "username" });
    }
  });

  it("creates a level-4 account of the vendor holding its role's keys plus the locked ones", async () => {
    const account = await create("till_one");
    expect(account).toMatchObject({ username: "till_one", role_id: klRole, role_name: "Till", status: "enabled" });
    const [raw] = await server.database.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(raw).toMatchObject({ level: 4, vendorId: (await vendorOf("vendor_admin")) ?? -1, groupId: null });
    expect(raw?.passwordHash.startsWith("$argon2id$")).toBe(true);
    const { body } = await server.send(API.subAccounts.permissions, { id: account.id }, { as: "vendor_admin" });
    expect(body.result.permission_list).toContain("reve_total");
    for (const key of LOCKED_PERMISSION_KEYS) expect(body.result.permission_list).toContain(key);
    expect(body.result.permission_list).not.toContain("sett_acct");
  });

  it("lists the vendor's sub-accounts only, filtered and paged", async () => {
    const { body } = await server.send(API.subAccounts.list, { page_size: 200 }, { as: "vendor_admin" });
    const names = body.result.items.map((i) => i.username);
    expect(names).toContain("vendor_sub");
    expect(names).toContain("till_one");
    expect(names).not.toContain("vendor_admin");
    const bangkok = await server.send(API.subAccounts.list, {}, { as: "vendor2_admin" });
    expect(bangkok.body.result.items).toEqual([]);
    const filtered = await server.send(API.subAccounts.list, { keyword: "TILL_" }, { as: "vendor_admin" });
    expect(filtered.body.result.items.map((i) => i.username)).toEqual(["till_one"]);
    const firstPage = await server.send(API.subAccounts.list, { page_size: 1 }, { as: "vendor_admin" });
    expect(firstPage.body.result.items).toHaveLength(1);
    const next = await server.send(
      API.subAccounts.list,
      { page_size: 1, cursor: firstPage.body.result.next_cursor ?? undefined },
      { as: "vendor_admin" },
    );
    expect(next.body.result.items[0]?.id).toBeLessThan(firstPage.body.result.items[0]?.id ?? 0);
  });

  it("ends the account's sessions at once when disabled, and lets it back in when enabled", async () => {
    const account = await create("to_disable");
    const session = await signIn("to_disable", "secret12");
    if (!("token" in session) || !session.token) throw new Error("no token");
    expect(await tokenWorks(session.token)).toBe("ok");
    const off = await server.send(
      API.subAccounts.modify,
      { id: account.id, status: "disabled" },
      { as: "vendor_admin" },
    );
    expect(off.body.result.status).toBe("disabled");
    expect(await tokenWorks(session.token)).toBe("UNAUTHORIZED");
    expect(await signIn("to_disable", "secret12")).toEqual({ code: "ACCOUNT_DISABLED" });
    await server.send(API.subAccounts.modify, { id: account.id, status: "enabled" }, { as: "vendor_admin" });
    expect("token" in (await signIn("to_disable", "secret12"))).toBe(true);
  });

  it("ends the account's sessions when its password or role changes, not when its nickname does", async () => {
    const account = await create("to_change");
    const first = await signIn("to_change", "secret12");
    if (!("token" in first) || !first.token) throw new Error("no token");
    await server.send(
      API.subAccounts.modify,
      { id: account.id, nickname: "Renamed", email: "renamed@demo.test" },
      { as: "vendor_admin" },
    );
    expect(await tokenWorks(first.token)).toBe("ok");
    await server.send(
      API.subAccounts.modify,
      { id: account.id, password: "changed1", confirm_password: "changed1" },
      { as: "vendor_admin" },
    );
    expect(await tokenWorks(first.token)).toBe("UNAUTHORIZED");
    expect(await signIn("to_change", "secret12")).toEqual({ code: "LOGIN_FAILED" });
    const second = await signIn("to_change", "changed1");
    if (!("token" in second) || !second.token) throw new Error("no token");
    const moved = await server.send(
      API.subAccounts.modify,
      { id: account.id, role_id: klRole2 },
      { as: "vendor_admin" },
    );
    expect(moved.body.result).toMatchObject({ role_id: klRole2, role_name: "Floor", nickname: "Renamed" });
    expect(await tokenWorks(second.token)).toBe("UNAUTHORIZED");
  });

  it("answers NOT_FOUND for another vendor's account or role, and for non-sub accounts", async () => {
    const account = await create("kl_private");
    const { modify, remove, permissions } = API.subAccounts;
    const self = await accountId("vendor_admin");
    const bangkokAdmin = await accountId("vendor2_admin");
    const groupAdmin = await accountId("group_admin");
    for (const [username, path, call] of [
      [
        "vendor2_admin",
        modify.path,
        (as: string) => server.send(modify, { id: account.id, nickname: "Hijack" }, { as }),
      ],
      ["vendor2_admin", remove.path, (as: string) => server.send(remove, { id: account.id }, { as })],
      ["vendor2_admin", permissions.path, (as: string) => server.send(permissions, { id: account.id }, { as })],
      ["vendor_admin", modify.path, (as: string) => server.send(modify, { id: self, nickname: "Self" }, { as })],
      [
        "vendor_admin",
        modify.path,
        (as: string) => server.send(modify, { id: bangkokAdmin, status: "disabled" }, { as }),
      ],
      ["vendor_admin", remove.path, (as: string) => server.send(remove, { id: groupAdmin }, { as })],
    ] as const) {
      const { http, body: answer } = await call(username);
      expect(http, `${username} ${path}`).toBe(404);
      expect(answer.code).toBe("NOT_FOUND");
    }
    const foreignRole = await server.send(
      API.subAccounts.modify,
      { id: account.id, role_id: bkkRole },
      { as: "vendor_admin" },
    );
    expect(foreignRole.body).toMatchObject({ code: "NOT_FOUND", field: "role_id" });
    const [raw] = await server.database.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(raw).toMatchObject({ nickname: "Nick kl_private", roleId: klRole, status: 1 });
  });

  it("removes a sub-account: its sessions end and it can no longer sign in", async () => {
    const account = await create("to_remove");
    const session = await signIn("to_remove", "secret12");
    if (!("token" in session) || !session.token) throw new Error("no token");
    const removed = await server.send(API.subAccounts.remove, { id: account.id }, { as: "vendor_admin" });
    expect(removed.body).toMatchObject({ status: 200, result: { id: account.id } });
    expect(await tokenWorks(session.token)).toBe("UNAUTHORIZED");
    expect(await signIn("to_remove", "secret12")).toEqual({ code: "LOGIN_FAILED" });
    expect((await server.send(API.subAccounts.remove, { id: account.id }, { as: "vendor_admin" })).body.code).toBe(
      "NOT_FOUND",
    );
  });

  it("lets a level-4 account view sub-accounts, but add, modify or remove them only with those keys", async () => {
    // vendor_sub (Shop supervisor) holds sub_act_query, locked on like every query key, and none of
    // sub_act_add, sub_act_modify, sub_act_remove.
    const list = await server.send(API.subAccounts.list, {}, { as: "vendor_sub" });
    expect(list.http).toBe(200);
    const target = await create("sub_plain", { role_id: klRole2 });
    for (const [call, body] of [
      [API.subAccounts.create, fields("sub_by_sup", { role_id: klRole2 })],
      [API.subAccounts.modify, { id: target.id, nickname: "Renamed" }],
      [API.subAccounts.remove, { id: target.id }],
    ] as const) {
      const { http, body: answer } = await server.sendRaw(call, body, { as: "vendor_sub" });
      expect(http, call.path).toBe(403);
      expect(answer.code, call.path).toBe("NO_PERMISSION");
    }
  });

  it("lets a level-4 account manage sub-accounts within its own keys only, never itself", async () => {
    // A sub-account keeper: the Floor role's shop_add and the three sub-account keys.
    const keeperRole = await role("vendor_admin", "Keeper", [
      "shop_add",
      "sub_act_add",
      "sub_act_modify",
      "sub_act_remove",
    ]);
    await create("sub_keeper", { role_id: keeperRole, password: "demo1234", confirm_password: "demo1234" });
    const self = await server.send(
      API.subAccounts.modify,
      { id: await accountId("sub_keeper"), status: "disabled" },
      { as: "sub_keeper" },
    );
    expect(self.body.code).toBe("NO_PERMISSION");
    // Till holds reve_total, which the keeper does not.
    const beyond = await server.send(API.subAccounts.create, fields("sub_beyond"), { as: "sub_keeper" });
    expect(beyond.body.code).toBe("NO_PERMISSION");
    const tillAccount = await create("sub_target");
    const touch = await server.send(
      API.subAccounts.modify,
      {
        id: tillAccount.id,
        password: "hijack12",
        confirm_password: "hijack12",
      },
      { as: "sub_keeper" },
    );
    expect(touch.body.code).toBe("NO_PERMISSION");
    const floor = await server.send(API.subAccounts.create, fields("sub_within", { role_id: klRole2 }), {
      as: "sub_keeper",
    });
    expect(floor.http, JSON.stringify(floor.body)).toBe(200);
    const list = await server.send(API.subAccounts.list, {}, { as: "sub_keeper" });
    expect(list.http).toBe(200);
  });

  it("refuses group levels; logs each mutation without the password", async () => {
    const { body } = await server.send(API.subAccounts.create, fields("grp_made"), { as: "group_admin" });
    expect(body.code).toBe("NO_PERMISSION");
    const log = await server.database.db
      .select({ target: operationLog.target })
      .from(operationLog)
      .where(like(operationLog.action, "subAccounts.%"));
    const targets = log.map((r) => r.target);
    expect(targets.some((t) => t.includes("till_one"))).toBe(true);
    for (const t of targets) expect(t).not.toContain("secret12");
  });
});

async function accountId(username: string): Promise<number> {
  const [row] = await server.database.db.select().from(accounts).where(eq(accounts.username, username));
  if (!row) throw new Error(`no ${username}`);
  return row.id;
}

async function vendorOf(username: string): Promise<number | null> {
  const [row] = await server.database.db.select().from(accounts).where(eq(accounts.username, username));
  return row?.vendorId ?? null;
}
