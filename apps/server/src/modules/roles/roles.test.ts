import { LOCKED_PERMISSION_KEYS, type RoleItem } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { roles } from "../accounts/tables.js";
import { operationLog } from "../operation-log/tables.js";

const P = {
  list: "/api/v2/Role/get_role",
  create: "/api/v2/Role/create_role",
  modify: "/api/v2/Role/modify_role",
  remove: "/api/v2/Role/remove_role",
  createSub: "/api/v2/Role/create_sub_act",
  permissions: "/api/v2/Auth/get_permission_list",
};

let server: TestServer;
const tokens = new Map<string, string>();
/** Passwords of the accounts this file creates; the demo logins use the demo password. */
const passwords = new Map<string, string>([["grower", "secret12"]]);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function as<T = unknown>(username: string, path: string, body: Record<string, unknown> = {}) {
  let token = tokens.get(username);
  if (!token) {
    token = await server.login(username, passwords.get(username));
    tokens.set(username, token);
  }
  return server.call<T>(path, body, { token });
}

async function createRole(username: string, body: Record<string, unknown>) {
  const { http, body: answer } = await as<RoleItem>(username, P.create, body);
  expect(http, JSON.stringify(answer)).toBe(200);
  return answer.result;
}

describe("roles (/api/v2/Role)", () => {
  it("creates a role whose keys always include every locked key, with its app roles", async () => {
    const role = await createRole("vendor_admin", {
      name: "Cashier",
      description: "Counts money",
      permissions: ["reve_total", "stripe"],
      app_roles: ["financial"],
    });
    for (const key of LOCKED_PERMISSION_KEYS) expect(role.permissions, key).toContain(key);
    expect(role.permissions).toContain("reve_total");
    expect(role.permissions).toContain("stripe");
    expect(role.app_roles).toEqual(["financial"]);
    expect(role).toMatchObject({ name: "Cashier", description: "Counts money", account_count: 0 });
    // Sending no keys at all still stores the locked ones.
    const bare = await createRole("vendor_admin", { name: "Bare" });
    expect([...bare.permissions].sort()).toEqual([...LOCKED_PERMISSION_KEYS].sort());
    const [raw] = await server.database.db.select().from(roles).where(eq(roles.id, bare.id));
    for (const key of LOCKED_PERMISSION_KEYS) expect(raw?.permissions, key).toContain(key);
  });

  it("keeps locked keys when a modification tries to clear them", async () => {
    const role = await createRole("vendor_admin", { name: "Clearing", permissions: ["shop_add"] });
    const { body } = await as<RoleItem>("vendor_admin", P.modify, {
      id: role.id,
      name: "Clearing",
      permissions: ["reve_shop"],
    });
    expect(body.status).toBe(200);
    for (const key of LOCKED_PERMISSION_KEYS) expect(body.result.permissions, key).toContain(key);
    expect(body.result.permissions).toContain("reve_shop");
    expect(body.result.permissions).not.toContain("shop_add");
  });

  it("answers RECORD_EXISTS for a second role of the same name in one vendor, not across vendors", async () => {
    await createRole("vendor_admin", { name: "Twin" });
    const again = await as("vendor_admin", P.create, { name: "Twin" });
    expect(again.http).toBe(409);
    expect(again.body).toMatchObject({ code: "RECORD_EXISTS", field: "name" });
    await createRole("vendor2_admin", { name: "Twin" });
    const other = await createRole("vendor_admin", { name: "Other twin" });
    const rename = await as("vendor_admin", P.modify, { id: other.id, name: "Twin" });
    expect(rename.body.code).toBe("RECORD_EXISTS");
  });

  it("refuses an empty name, unknown or group keys and unknown app roles", async () => {
    for (const [body, field, key] of [
      [{ name: "" }, "name", "validation.required"],
      [{ name: "   " }, "name", "validation.required"],
      [{ name: "x".repeat(65) }, "name", "validation.tooLong"],
      [{ name: "Keys", permissions: ["v_shop"] }, "permissions.0", "validation.permissionKey"],
      [{ name: "Keys", permissions: ["shop_add", "bogus"] }, "permissions.1", "validation.permissionKey"],
      [{ name: "Keys", app_roles: ["boss"] }, "app_roles.0", "validation.invalid"],
    ] as const) {
      const { http, body: answer } = await as("vendor_admin", P.create, body);
      expect(http, JSON.stringify(body)).toBe(400);
      expect(answer, JSON.stringify(body)).toMatchObject({ code: "VALIDATION_FAILED", field, message_key: key });
    }
    const ok = await createRole("vendor_admin", { name: "x".repeat(64) });
    expect(ok.name).toHaveLength(64);
  });

  it("lists only the vendor's own roles, newest first, paged, with holder counts", async () => {
    const { body } = await as<{ items: RoleItem[]; total: number; next_cursor: string | null }>(
      "vendor_admin",
      P.list,
      { page_size: 2 },
    );
    expect(body.result.items).toHaveLength(2);
    expect(body.result.next_cursor).not.toBeNull();
    const second = await as<{ items: RoleItem[] }>("vendor_admin", P.list, {
      page_size: 200,
      cursor: body.result.next_cursor,
    });
    expect(second.body.result.items.length).toBe(body.result.total - 2);
    const all = [...body.result.items, ...second.body.result.items];
    expect(all.map((r) => r.id)).toEqual([...all.map((r) => r.id)].sort((a, b) => b - a));
    const supervisor = all.find((r) => r.name === "Shop supervisor");
    expect(supervisor?.account_count).toBe(1);
    const bangkok = await as<{ items: RoleItem[] }>("vendor2_admin", P.list, { page_size: 200 });
    expect(bangkok.body.result.items.map((r) => r.name)).toEqual(["Twin"]);
    const filtered = await as<{ items: RoleItem[] }>("vendor_admin", P.list, { name: "cash" });
    expect(filtered.body.result.items.map((r) => r.name)).toEqual(["Cashier"]);
    const badCursor = await as("vendor_admin", P.list, { cursor: "nonsense" });
    expect(badCursor.body).toMatchObject({ code: "VALIDATION_FAILED", field: "cursor" });
  });

  it("answers NOT_FOUND for another vendor's role, whatever the call", async () => {
    const bkk = await createRole("vendor2_admin", { name: "Bangkok only" });
    for (const [path, body] of [
      [P.modify, { id: bkk.id, name: "Taken over" }],
      [P.remove, { id: bkk.id }],
    ] as const) {
      const { http, body: answer } = await as("vendor_admin", path, body);
      expect(http, path).toBe(404);
      expect(answer.code, path).toBe("NOT_FOUND");
    }
    const sub = await as("vendor_admin", P.createSub, {
      username: "kl_thief",
      email: "thief@demo.test",
      nickname: "Thief",
      password: "secret12",
      confirm_password: "secret12",
      role_id: bkk.id,
    });
    expect(sub.body).toMatchObject({ code: "NOT_FOUND", field: "role_id" });
    const [still] = await server.database.db.select().from(roles).where(eq(roles.id, bkk.id));
    expect(still?.name).toBe("Bangkok only");
  });

  it("refuses to remove a role still given to sub-accounts, naming how many", async () => {
    const role = await createRole("vendor_admin", { name: "Busy", permissions: ["reve_total"] });
    for (const username of ["busy_one", "busy_two"]) {
      const created = await as("vendor_admin", P.createSub, {
        username,
        email: `${username}@demo.test`,
        nickname: username,
        password: "secret12",
        confirm_password: "secret12",
        role_id: role.id,
      });
      expect(created.http, JSON.stringify(created.body)).toBe(200);
    }
    const refused = await as("vendor_admin", P.remove, { id: role.id });
    expect(refused.http).toBe(409);
    expect(refused.body.code).toBe("ROLE_IN_USE");
    expect(refused.body.message).toContain("2 sub-accounts");
    const unused = await createRole("vendor_admin", { name: "Unused" });
    const removed = await as("vendor_admin", P.remove, { id: unused.id });
    expect(removed.body).toMatchObject({ status: 200, result: { id: unused.id } });
    const gone = await as("vendor_admin", P.remove, { id: unused.id });
    expect(gone.body.code).toBe("NOT_FOUND");
  });

  it("gives a role's new keys to its holders on their next call, without signing in again", async () => {
    const role = await createRole("vendor_admin", { name: "Growing", permissions: ["reve_total"] });
    await as("vendor_admin", P.createSub, {
      username: "grower",
      email: "grower@demo.test",
      nickname: "Grower",
      password: "secret12",
      confirm_password: "secret12",
      role_id: role.id,
    });
    const before = await as<{ permission_list: string[] }>("grower", P.permissions);
    expect(before.body.result.permission_list).not.toContain("sett_acct");
    await as("vendor_admin", P.modify, { id: role.id, name: "Growing", permissions: ["reve_total", "sett_acct"] });
    const after = await as<{ permission_list: string[] }>("grower", P.permissions);
    expect(after.body.result.permission_list).toContain("sett_acct");
  });

  it("lets a level-4 account grant only keys it holds, and not touch a role holding more", async () => {
    // vendor_sub holds the Shop supervisor keys (shop_add, dev_control, reve_shop, …) plus the locked ones.
    const within = await as<RoleItem>("vendor_sub", P.create, { name: "Sub made", permissions: ["shop_add"] });
    expect(within.http, JSON.stringify(within.body)).toBe(200);
    const beyond = await as("vendor_sub", P.create, { name: "Escalate", permissions: ["sett_acct"] });
    expect(beyond.http).toBe(403);
    expect(beyond.body.code).toBe("NO_PERMISSION");
    const rich = await createRole("vendor_admin", { name: "Rich", permissions: ["reve_total", "stripe"] });
    const touch = await as("vendor_sub", P.modify, { id: rich.id, name: "Rich", permissions: [] });
    expect(touch.body.code).toBe("NO_PERMISSION");
    expect((await as("vendor_sub", P.remove, { id: rich.id })).body.code).toBe("NO_PERMISSION");
    const grow = await as("vendor_sub", P.modify, {
      id: within.body.result.id,
      name: "Sub made",
      permissions: ["shop_add", "ota_add"],
    });
    expect(grow.body.code).toBe("NO_PERMISSION");
  });

  it("refuses group levels and anonymous callers, and logs each mutation with its outcome", async () => {
    for (const username of ["group_admin", "group_sub"]) {
      const { http, body } = await as(username, P.list, {});
      expect(http, username).toBe(403);
      expect(body.code).toBe("NO_PERMISSION");
    }
    const anonymous = await server.call(P.create, { name: "Nobody" });
    expect(anonymous.body.code).toBe("UNAUTHORIZED");
    const rows = await server.database.db.select().from(operationLog).where(eq(operationLog.action, "role.create"));
    expect(rows.some((r) => r.outcome === "success" && r.target.includes("Cashier"))).toBe(true);
    expect(rows.some((r) => r.outcome === "failure" && r.errorCode === "RECORD_EXISTS")).toBe(true);
  });
});
