import type { VendorAccountItem } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, startTestServer, type TestServer } from "../../test/harness.js";
import { accounts } from "../accounts/tables.js";
import { operationLog } from "../operation-log/tables.js";
import { otherGroup } from "./test-fixtures.js";

const LIST = "/api/Vendor/get_vendor_acct_list";
const CREATE = "/api/Vendor/create_vendor_acct";
const MODIFY = "/api/Vendor/modify_vendor_acct";
const REMOVE = "/api/Vendor/remove_vendor_acct";

let server: TestServer;
let admin = "";
let klId = 0;
let bkkId = 0;
let other: Awaited<ReturnType<typeof otherGroup>>;

beforeAll(async () => {
  server = await startTestServer();
  const demo = await demoVendors(server.database);
  klId = demo.kl.id;
  bkkId = demo.bkk.id;
  other = await otherGroup(server.database);
  admin = await server.login("group_admin");
});
afterAll(() => server.close());

const newAccount = (username: string, extra: Record<string, unknown> = {}) => ({
  vendor_id: klId,
  username,
  nickname: "New admin",
  email: `${username}@demo.test`,
  password: "secret1",
  confirm_password: "secret1",
  ...extra,
});

async function create(payload: Record<string, unknown>, token = admin) {
  return server.call<VendorAccountItem>(CREATE, payload, { token });
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
    const login = await server.call<{ level: number; vendor_id: number }>("/api/Auth/login", {
      login: "kl_second",
      password: "secret1",
    });
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
    const vendorAdmin = await server.login("vendor_admin");
    expect((await create(newAccount("by_vendor"), vendorAdmin)).body.code).toBe("NO_PERMISSION");
  });

  it("lets the group sub-administrator create one too", async () => {
    const sub = await server.login("group_sub");
    expect((await create(newAccount("by_gsub", { vendor_id: bkkId }), sub)).http).toBe(200);
  });

  it("writes an operation-log row naming the account", async () => {
    const rows = await server.database.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.action, "vendorAccount.create"));
    expect(rows.some((r) => r.target === "account:kl_second" && r.outcome === "success")).toBe(true);
    expect(rows.some((r) => r.errorCode === "RECORD_EXISTS")).toBe(true);
  });
});

describe("get_vendor_acct_list", () => {
  it("lists main administrators of the group's vendors only", async () => {
    const { body } = await server.call<{ items: VendorAccountItem[]; total: number }>(
      LIST,
      { page_size: 200 },
      { token: admin },
    );
    const names = body.result.items.map((i) => i.username);
    expect(names).toEqual(expect.arrayContaining(["vendor_admin", "vendor2_admin", "kl_second"]));
    expect(names).not.toContain("vendor_sub");
    expect(names).not.toContain("group_sub");
    expect(names).not.toContain("other_vendor");
    expect(body.result.total).toBe(names.length);
  });

  it("filters by vendor, keyword and status, and pages by cursor", async () => {
    const bkk = await server.call<{ items: VendorAccountItem[] }>(LIST, { vendor_id: bkkId }, { token: admin });
    expect(new Set(bkk.body.result.items.map((i) => i.vendor_id))).toEqual(new Set([bkkId]));
    const kw = await server.call<{ items: VendorAccountItem[] }>(LIST, { keyword: "SECOND" }, { token: admin });
    expect(kw.body.result.items.map((i) => i.username)).toEqual(["kl_second"]);
    const first = await server.call<{ items: VendorAccountItem[]; next_cursor: string }>(
      LIST,
      { page_size: 2 },
      { token: admin },
    );
    expect(first.body.result.items).toHaveLength(2);
    const second = await server.call<{ items: VendorAccountItem[] }>(
      LIST,
      { page_size: 2, cursor: first.body.result.next_cursor },
      { token: admin },
    );
    const ids = [...first.body.result.items, ...second.body.result.items].map((i) => i.account_id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("answers not found for another group's vendor", async () => {
    expect((await server.call(LIST, { vendor_id: other.vendor.id }, { token: admin })).body.code).toBe("NOT_FOUND");
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
    const { body } = await server.call<VendorAccountItem>(
      MODIFY,
      { account_id: await accountId("kl_second"), nickname: "Renamed", email: "renamed@demo.test" },
      { token: admin },
    );
    expect(body.result).toMatchObject({ nickname: "Renamed", email: "renamed@demo.test" });
    expect((await server.call("/api/v2/Auth/get_account_info", {}, { token })).http).toBe(200);
  });

  it("disabling ends the account's sessions at once and refuses its sign-in; enabling lets it back", async () => {
    const id = await accountId("kl_second");
    const token = await server.login("kl_second", "secret1");
    const off = await server.call<VendorAccountItem>(MODIFY, { account_id: id, status: "disabled" }, { token: admin });
    expect(off.body.result.status).toBe("disabled");
    expect((await server.call("/api/v2/Auth/get_account_info", {}, { token })).body.code).toBe("UNAUTHORIZED");
    const login = await server.call("/api/Auth/login", { login: "kl_second", password: "secret1" });
    expect(login.body.code).toBe("ACCOUNT_DISABLED");
    await server.call(MODIFY, { account_id: id, status: "enabled" }, { token: admin });
    expect(await server.login("kl_second", "secret1")).toBeTruthy();
  });

  it("a password reset ends the sessions; the new password works; boundaries and mismatch hold", async () => {
    const id = await accountId("kl_second");
    const token = await server.login("kl_second", "secret1");
    const short = await server.call(
      MODIFY,
      { account_id: id, password: "12345", confirm_password: "12345" },
      {
        token: admin,
      },
    );
    expect(short.body.message_key).toBe("validation.accountPassword");
    const mismatch = await server.call(
      MODIFY,
      { account_id: id, password: "123456", confirm_password: "1234567" },
      {
        token: admin,
      },
    );
    expect(mismatch.body.message_key).toBe("validation.passwordMismatch");
    const ok = await server.call(
      MODIFY,
      { account_id: id, password: "newpass1", confirm_password: "newpass1" },
      {
        token: admin,
      },
    );
    expect(ok.http).toBe(200);
    expect((await server.call("/api/v2/Auth/get_account_info", {}, { token })).body.code).toBe("UNAUTHORIZED");
    expect(await server.login("kl_second", "newpass1")).toBeTruthy();
  });

  it("answers not found for another group's account, a sub-account and a group account", async () => {
    for (const username of ["other_vendor", "vendor_sub", "group_sub"]) {
      const id = await accountId(username);
      expect((await server.call(MODIFY, { account_id: id, nickname: "x" }, { token: admin })).body.code, username).toBe(
        "NOT_FOUND",
      );
      expect((await server.call(REMOVE, { account_id: id }, { token: admin })).body.code, username).toBe("NOT_FOUND");
    }
    const [row] = await server.database.db.select().from(accounts).where(eq(accounts.username, "other_vendor"));
    expect(row?.nickname).toBe("Other");
  });

  it("removes an account and its sessions", async () => {
    const id = await accountId("pw_six");
    const token = await server.login("pw_six", "123456");
    expect((await server.call(REMOVE, { account_id: id }, { token: admin })).body.result).toEqual({ account_id: id });
    expect((await server.call("/api/v2/Auth/get_account_info", {}, { token })).body.code).toBe("UNAUTHORIZED");
    expect((await server.call(REMOVE, { account_id: id }, { token: admin })).body.code).toBe("NOT_FOUND");
  });
});
