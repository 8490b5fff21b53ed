import { API, type BodyOf, LOCKED_PERMISSION_KEYS } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, vendorSubAccount } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { operationLog } from "../operation-log/tables.js";
import { roles } from "./tables.js";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function createRole(username: string, body: BodyOf<typeof API.roles.create>) {
  const { http, body: answer } = await server.send(API.roles.create, body, { as: username });
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
    // Sending no keys at all still gives the locked ones: a rule applied on reading, not stored keys.
    const bare = await createRole("vendor_admin", { name: "Bare" });
    expect([...bare.permissions].sort()).toEqual([...LOCKED_PERMISSION_KEYS].sort());
    const [raw] = await server.database.db.select().from(roles).where(eq(roles.id, bare.id));
    expect(raw?.permissions).toEqual([]);
    const [cashier] = await server.database.db.select().from(roles).where(eq(roles.id, role.id));
    expect(cashier?.permissions).toEqual(["reve_total", "stripe", "financial"]);
  });

  it("locks on the query keys only: a role given nothing adds, modifies or removes nothing", async () => {
    const bare = await createRole("vendor_admin", { name: "Viewer" });
    for (const key of [
      "loc_query",
      "allia_query",
      "role_query",
      "sub_act_query",
      "console",
      "vendor_info",
      "log_dev",
    ]) {
      expect(bare.permissions, key).toContain(key);
    }
    for (const key of bare.permissions) expect(/_(add|modify|remove)$|_control$/.test(key), key).toBe(false);
  });

  it("keeps locked keys when a modification tries to clear them", async () => {
    const role = await createRole("vendor_admin", { name: "Clearing", permissions: ["shop_add"] });
    const { body } = await server.send(
      API.roles.modify,
      {
        id: role.id,
        name: "Clearing",
        permissions: ["reve_shop"],
      },
      { as: "vendor_admin" },
    );
    expect(body.status).toBe(200);
    for (const key of LOCKED_PERMISSION_KEYS) expect(body.result.permissions, key).toContain(key);
    expect(body.result.permissions).toContain("reve_shop");
    expect(body.result.permissions).not.toContain("shop_add");
  });

  it("answers RECORD_EXISTS for a second role of the same name in one vendor, not across vendors", async () => {
    await createRole("vendor_admin", { name: "Twin" });
    const again = await server.send(API.roles.create, { name: "Twin" }, { as: "vendor_admin" });
    expect(again.http).toBe(409);
    expect(again.body).toMatchObject({ code: "RECORD_EXISTS", field: "name" });
    await createRole("vendor2_admin", { name: "Twin" });
    const other = await createRole("vendor_admin", { name: "Other twin" });
    const rename = await server.send(API.roles.modify, { id: other.id, name: "Twin" }, { as: "vendor_admin" });
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
      const { http, body: answer } = await server.sendRaw(API.roles.create, body, { as: "vendor_admin" });
      expect(http, JSON.stringify(body)).toBe(400);
      expect(answer, JSON.stringify(body)).toMatchObject({ code: "VALIDATION_FAILED", field, message_key: key });
    }
    const ok = await createRole("vendor_admin", { name: "x".repeat(64) });
    expect(ok.name).toHaveLength(64);
  });

  it("lists only the vendor's own roles, newest first, paged, with holder counts", async () => {
    const { body } = await server.send(API.roles.list, { page_size: 2 }, { as: "vendor_admin" });
    expect(body.result.items).toHaveLength(2);
    expect(body.result.next_cursor).not.toBeNull();
    const second = await server.send(
      API.roles.list,
      { page_size: 200, cursor: body.result.next_cursor ?? undefined },
      { as: "vendor_admin" },
    );
    expect(second.body.result.items.length).toBe(body.result.total - 2);
    const all = [...body.result.items, ...second.body.result.items];
    expect(all.map((r) => r.id)).toEqual([...all.map((r) => r.id)].sort((a, b) => b - a));
    const supervisor = all.find((r) => r.name === "Shop supervisor");
    expect(supervisor?.account_count).toBe(1);
    const bangkok = await server.send(API.roles.list, { page_size: 200 }, { as: "vendor2_admin" });
    expect(bangkok.body.result.items.map((r) => r.name)).toEqual(["Twin"]);
    const filtered = await server.send(API.roles.list, { name: "cash" }, { as: "vendor_admin" });
    expect(filtered.body.result.items.map((r) => r.name)).toEqual(["Cashier"]);
    const badCursor = await server.send(API.roles.list, { cursor: "nonsense" }, { as: "vendor_admin" });
    expect(badCursor.body).toMatchObject({ code: "VALIDATION_FAILED", field: "cursor" });
  });

  it("answers NOT_FOUND for another vendor's role, whatever the call", async () => {
    const bkk = await createRole("vendor2_admin", { name: "Bangkok only" });
    for (const [path, call] of [
      [
        API.roles.modify.path,
        () => server.send(API.roles.modify, { id: bkk.id, name: "Taken over" }, { as: "vendor_admin" }),
      ],
      [API.roles.remove.path, () => server.send(API.roles.remove, { id: bkk.id }, { as: "vendor_admin" })],
    ] as const) {
      const { http, body: answer } = await call();
      expect(http, path).toBe(404);
      expect(answer.code, path).toBe("NOT_FOUND");
    }
    const sub = await server.send(
      API.subAccounts.create,
      {
        username: "kl_thief",
        email: "thief@demo.test",
        nickname: "Thief",
        password: "secret12",
        confirm_password: "secret12",
        role_id: bkk.id,
      },
      { as: "vendor_admin" },
    );
    expect(sub.body).toMatchObject({ code: "NOT_FOUND", field: "role_id" });
    const [still] = await server.database.db.select().from(roles).where(eq(roles.id, bkk.id));
    expect(still?.name).toBe("Bangkok only");
  });

  it("refuses to remove a role still given to sub-accounts, naming how many", async () => {
    const role = await createRole("vendor_admin", { name: "Busy", permissions: ["reve_total"] });
    for (const username of ["busy_one", "busy_two"]) {
      const created = await server.send(
        API.subAccounts.create,
        {
          username,
          email: `${username}@demo.test`,
          nickname: username,
          password: "secret12",
          confirm_password: "secret12",
          role_id: role.id,
        },
        { as: "vendor_admin" },
      );
      expect(created.http, JSON.stringify(created.body)).toBe(200);
    }
    const refused = await server.send(API.roles.remove, { id: role.id }, { as: "vendor_admin" });
    expect(refused.http).toBe(409);
    expect(refused.body.code).toBe("ROLE_IN_USE");
    expect(refused.body.message).toContain("2 sub-accounts");
    const unused = await createRole("vendor_admin", { name: "Unused" });
    const removed = await server.send(API.roles.remove, { id: unused.id }, { as: "vendor_admin" });
    expect(removed.body).toMatchObject({ status: 200, result: { id: unused.id } });
    const gone = await server.send(API.roles.remove, { id: unused.id }, { as: "vendor_admin" });
    expect(gone.body.code).toBe("NOT_FOUND");
  });

  it("gives a role's new keys to its holders on their next call, without signing in again", async () => {
    const role = await createRole("vendor_admin", { name: "Growing", permissions: ["reve_total"] });
    await server.send(
      API.subAccounts.create,
      {
        username: "grower",
        email: "grower@demo.test",
        nickname: "Grower",
        password: "secret12",
        confirm_password: "secret12",
        role_id: role.id,
      },
      { as: "vendor_admin" },
    );
    const grower = { token: await server.login("grower", "secret12") };
    const before = await server.send(API.auth.permissions, {}, grower);
    expect(before.body.result.permission_list).not.toContain("sett_acct");
    await server.send(
      API.roles.modify,
      { id: role.id, name: "Growing", permissions: ["reve_total", "sett_acct"] },
      { as: "vendor_admin" },
    );
    const after = await server.send(API.auth.permissions, {}, grower);
    expect(after.body.result.permission_list).toContain("sett_acct");
  });

  it("lets a level-4 account view roles, but add, modify or remove them only with those keys", async () => {
    // vendor_sub holds the Shop supervisor keys (shop_add, dev_control, reve_shop, …) and the locked
    // ones: role_query among them, none of role_add, role_modify, role_remove.
    const list = await server.send(API.roles.list, {}, { as: "vendor_sub" });
    expect(list.http).toBe(200);
    const target = await createRole("vendor_admin", { name: "Plain", permissions: ["shop_add"] });
    for (const [call, body] of [
      [API.roles.create, { name: "Sub made", permissions: ["shop_add"] }],
      [API.roles.modify, { id: target.id, name: "Plain", permissions: ["shop_add"] }],
      [API.roles.remove, { id: target.id }],
    ] as const) {
      const { http, body: answer } = await server.sendRaw(call, body, { as: "vendor_sub" });
      expect(http, call.path).toBe(403);
      expect(answer.code, call.path).toBe("NO_PERMISSION");
    }
  });

  it("lets a level-4 account grant only keys it holds, and not touch a role holding more", async () => {
    const { kl } = await demoVendors(server.database);
    // A role keeper: runs shops and roles, nothing else.
    await vendorSubAccount(server.database, {
      vendorId: kl.id,
      username: "role_keeper",
      permissions: ["role_add", "role_modify", "role_remove", "shop_add", "dev_control", "reve_shop"],
    });
    const within = await server.send(
      API.roles.create,
      { name: "Sub made", permissions: ["shop_add"] },
      { as: "role_keeper" },
    );
    expect(within.http, JSON.stringify(within.body)).toBe(200);
    // Handing out role management it holds is within its keys; sub-account management is not.
    for (const permissions of [["sett_acct"], ["sub_act_add"], ["loc_remove"]]) {
      const beyond = await server.send(
        API.roles.create,
        { name: `Escalate ${permissions[0]}`, permissions },
        { as: "role_keeper" },
      );
      expect(beyond.http, permissions[0]).toBe(403);
      expect(beyond.body.code).toBe("NO_PERMISSION");
    }
    const rich = await createRole("vendor_admin", { name: "Rich", permissions: ["reve_total", "stripe"] });
    const touch = await server.send(
      API.roles.modify,
      { id: rich.id, name: "Rich", permissions: [] },
      { as: "role_keeper" },
    );
    expect(touch.body.code).toBe("NO_PERMISSION");
    expect((await server.send(API.roles.remove, { id: rich.id }, { as: "role_keeper" })).body.code).toBe(
      "NO_PERMISSION",
    );
    const grow = await server.send(
      API.roles.modify,
      {
        id: within.body.result.id,
        name: "Sub made",
        permissions: ["shop_add", "ota_add"],
      },
      { as: "role_keeper" },
    );
    expect(grow.body.code).toBe("NO_PERMISSION");
  });

  it("refuses group levels and anonymous callers, and logs each mutation with its outcome", async () => {
    for (const username of ["group_admin", "group_sub"]) {
      const { http, body } = await server.send(API.roles.list, {}, { as: username });
      expect(http, username).toBe(403);
      expect(body.code).toBe("NO_PERMISSION");
    }
    const anonymous = await server.send(API.roles.create, { name: "Nobody" });
    expect(anonymous.body.code).toBe("UNAUTHORIZED");
    const rows = await server.database.db.select().from(operationLog).where(eq(operationLog.action, "roles.create"));
    expect(rows.some((r) => r.outcome === "success" && r.target.includes("Cashier"))).toBe(true);
    expect(rows.some((r) => r.outcome === "failure" && r.errorCode === "RECORD_EXISTS")).toBe(true);
  });
});
