import { API, type BodyOf } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, type OtherTenant, otherTenant } from "../../test/fixtures.js";
import { type SendOptions, startTestServer, type TestServer } from "../../test/harness.js";
import { accounts } from "../accounts/tables.js";
import { operationLog } from "../operation-log/tables.js";

const admin = { as: "group_admin" };

let server: TestServer;
let klId = 0;
let bkkId = 0;
let other: OtherTenant;

beforeAll(async () => {
  server = await startTestServer();
  const demo = await demoVendors(server.database);
  klId = demo.kl.id;
  bkkId = demo.bkk.id;
  other = await otherTenant(server.database);
});
afterAll(() => server.close());

const newAccount = (username: string, extra: Partial<BodyOf<typeof API.vendorAccounts.create>> = {}) => ({
  vendor_id: klId,
  username,
  nickname: "New admin",
  email: `${username}@demo.test`,
  password: "secret1",
  confirm_password: "secret1",
  ...extra,
});

async function create(payload: BodyOf<typeof API.vendorAccounts.create>, options: SendOptions = admin) {
  return server.send(API.vendorAccounts.create, payload, options);
}

describe("create_vendor_acct", () => {
  it("creates a level-3 account for a vendor of the group that can sign in", async () => {
    const { http, body } = await create(newAccount("kl_second"));
    expect(http, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({
      username: "kl_second",
      nickname: "New admin",
      email: "kl_second@demo.test",
      status: "enabled",
      vendor_id: klId,
      vendor_name: "Demo Laundry Kuala Lumpur",
      last_login_at: null,
    });
    const login = await server.send(API.auth.login, { login: "kl_second", password: "secret1" });
    expect(login.body.result).toMatchObject({ level: 3, vendor_id: klId });
  });

  it("takes passwords of 6 and 16 characters and refuses 5 and 17", async () => {
    for (const [name, password, ok] of [
      ["pw_five", "12345", false],
      ["pw_six", "123456", true],
      ["pw_sixteen", "a".repeat(16), true],
      ["pw_seventeen", "a".repeat(17), false],
      ["pw_space", "abc def", false],
    ] as const) {
      const { http, body } = await create(newAccount(name, { password, confirm_password: password }));
      if (ok) expect(http, name).toBe(200);
      else
        expect([http, body.code, body.field, body.message_key], name).toEqual([
          400,
          "VALIDATION_FAILED",
          "password",
          "validation.accountPassword",
        ]);
    }
  });

  it("refuses a confirmation that does not match", async () => {
    const { http, body } = await create(newAccount("pw_mismatch", { confirm_password: "secret2" }));
    expect([http, body.code, body.field, body.message_key]).toEqual([
      400,
      "VALIDATION_FAILED",
      "confirm_password",
      "validation.passwordMismatch",
    ]);
    expect(body.message).toBe("The two passwords do not match");
  });

  it("requires nickname and email, and a valid email", async () => {
    expect((await create(newAccount("no_nick", { nickname: " " }))).body).toMatchObject({
      field: "nickname",
      message_key: "validation.required",
    });
    expect((await create(newAccount("no_mail", { email: "" }))).body).toMatchObject({
      field: "email",
      message_key: "validation.required",
    });
    expect((await create(newAccount("bad_mail", { email: "not-an-address" }))).body).toMatchObject({
      field: "email",
      message_key: "validation.email",
    });
  });

  it("answers record already exists for a username taken in any case", async () => {
    const { http, body } = await create(newAccount("VENDOR_ADMIN"));
    expect([http, body.code, body.field]).toEqual([409, "RECORD_EXISTS", "username"]);
  });

  it("answers not found for a vendor of another group, and refuses vendor levels", async () => {
    expect((await create(newAccount("cross_grp", { vendor_id: other.vendor.id }))).body.code).toBe("NOT_FOUND");
    expect((await create(newAccount("cross_grp", { vendor_id: 999_999 }))).body.code).toBe("NOT_FOUND");
    expect((await create(newAccount("by_vendor"), { as: "vendor_admin" })).body.code).toBe("NO_PERMISSION");
  });

  it("lets the group sub-administrator create one too", async () => {
    expect((await create(newAccount("by_gsub", { vendor_id: bkkId }), { as: "group_sub" })).http).toBe(200);
  });

  it("writes an operation-log row naming the account", async () => {
    const rows = await server.database.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.action, "vendorAccounts.create"));
    expect(rows.some((r) => r.target === "account:kl_second" && r.outcome === "success")).toBe(true);
    expect(rows.some((r) => r.errorCode === "RECORD_EXISTS")).toBe(true);
  });
});

describe("get_vendor_acct_list", () => {
  it("lists main administrators of the group's vendors only", async () => {
    const { body } = await server.send(API.vendorAccounts.list, { page_size: 200 }, admin);
    const names = body.result.items.map((i) => i.username);
    expect(names).toEqual(expect.arrayContaining(["vendor_admin", "vendor2_admin", "kl_second"]));
    expect(names).not.toContain("vendor_sub");
    expect(names).not.toContain("group_sub");
    expect(names).not.toContain("other_vendor");
    expect(body.result.total).toBe(names.length);
  });

  it("filters by vendor, keyword and status, and pages by cursor", async () => {
    const bkk = await server.send(API.vendorAccounts.list, { vendor_id: bkkId }, admin);
    expect(new Set(bkk.body.result.items.map((i) => i.vendor_id))).toEqual(new Set([bkkId]));
    const kw = await server.send(API.vendorAccounts.list, { keyword: "SECOND" }, admin);
    expect(kw.body.result.items.map((i) => i.username)).toEqual(["kl_second"]);
    const first = await server.send(API.vendorAccounts.list, { page_size: 2 }, admin);
    expect(first.body.result.items).toHaveLength(2);
    const second = await server.send(
      API.vendorAccounts.list,
      { page_size: 2, cursor: first.body.result.next_cursor ?? undefined },
      admin,
    );
    const ids = [...first.body.result.items, ...second.body.result.items].map((i) => i.account_id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("answers not found for another group's vendor", async () => {
    expect((await server.send(API.vendorAccounts.list, { vendor_id: other.vendor.id }, admin)).body.code).toBe(
      "NOT_FOUND",
    );
  });
});

describe("modify_vendor_acct and remove_vendor_acct", () => {
  async function accountId(username: string) {
    const [row] = await server.database.db.select().from(accounts).where(eq(accounts.username, username));
    if (!row) throw new Error(`no ${username}`);
    return row.id;
  }

  it("changes nickname and email without ending sessions", async () => {
    const token = await server.login("kl_second", "secret1");
    const { body } = await server.send(
      API.vendorAccounts.modify,
      { account_id: await accountId("kl_second"), nickname: "Renamed", email: "renamed@demo.test" },
      admin,
    );
    expect(body.result).toMatchObject({ nickname: "Renamed", email: "renamed@demo.test" });
    expect((await server.send(API.auth.accountInfo, {}, { token })).http).toBe(200);
  });

  it("disabling ends the account's sessions at once and refuses its sign-in; enabling lets it back", async () => {
    const id = await accountId("kl_second");
    const token = await server.login("kl_second", "secret1");
    const off = await server.send(API.vendorAccounts.modify, { account_id: id, status: "disabled" }, admin);
    expect(off.body.result.status).toBe("disabled");
    expect((await server.send(API.auth.accountInfo, {}, { token })).body.code).toBe("UNAUTHORIZED");
    const login = await server.send(API.auth.login, { login: "kl_second", password: "secret1" });
    expect(login.body.code).toBe("ACCOUNT_DISABLED");
    await server.send(API.vendorAccounts.modify, { account_id: id, status: "enabled" }, admin);
    expect(await server.login("kl_second", "secret1")).toBeTruthy();
  });

  it("a password reset ends the sessions; the new password works; boundaries and mismatch hold", async () => {
    const id = await accountId("kl_second");
    const token = await server.login("kl_second", "secret1");
    const short = await server.send(
      API.vendorAccounts.modify,
      { account_id: id, password: "12345", confirm_password: "12345" },
      admin,
    );
    expect(short.body.message_key).toBe("validation.accountPassword");
    const mismatch = await server.send(
      API.vendorAccounts.modify,
      { account_id: id, password: "123456", confirm_password: "1234567" },
      admin,
    );
    expect(mismatch.body.message_key).toBe("validation.passwordMismatch");
    const ok = await server.send(
      API.vendorAccounts.modify,
      { account_id: id, password: "newpass1", confirm_password: "newpass1" },
      admin,
    );
    expect(ok.http).toBe(200);
    expect((await server.send(API.auth.accountInfo, {}, { token })).body.code).toBe("UNAUTHORIZED");
    expect(await server.login("kl_second", "newpass1")).toBeTruthy();
  });

  it("answers not found for another group's account, a sub-account and a group account", async () => {
    for (const username of ["other_vendor", "vendor_sub", "group_sub"]) {
      const id = await accountId(username);
      expect(
        (await server.send(API.vendorAccounts.modify, { account_id: id, nickname: "x" }, admin)).body.code,
        username,
      ).toBe("NOT_FOUND");
      expect((await server.send(API.vendorAccounts.remove, { account_id: id }, admin)).body.code, username).toBe(
        "NOT_FOUND",
      );
    }
    const [row] = await server.database.db.select().from(accounts).where(eq(accounts.username, "other_vendor"));
    expect(row?.nickname).toBe("Other");
  });

  it("removes an account and its sessions", async () => {
    const id = await accountId("pw_six");
    const token = await server.login("pw_six", "123456");
    expect((await server.send(API.vendorAccounts.remove, { account_id: id }, admin)).body.result).toEqual({
      account_id: id,
    });
    expect((await server.send(API.auth.accountInfo, {}, { token })).body.code).toBe("UNAUTHORIZED");
    expect((await server.send(API.vendorAccounts.remove, { account_id: id }, admin)).body.code).toBe("NOT_FOUND");
  });
});
