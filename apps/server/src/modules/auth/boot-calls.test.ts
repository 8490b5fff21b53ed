import { API, type BodyOf, DEFAULT_SITE_NAME } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, otherTenant } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { accounts } from "../accounts/tables.js";
import { roles } from "../roles/tables.js";
import { systemConfig } from "../system-config/tables.js";
import { vendors } from "../tenancy/tables.js";

let server: TestServer;
let klId = 0;
let bkkId = 0;
let demoGroupId = 0;
let otherGroupId = 0;
let otherVendorId = 0;

beforeAll(async () => {
  server = await startTestServer();
  const demo = await demoVendors(server.database);
  klId = demo.kl.id;
  bkkId = demo.bkk.id;
  demoGroupId = demo.groupId;
  // A second, unrelated group with its own vendor.
  const other = await otherTenant(server.database);
  otherGroupId = other.group.id;
  otherVendorId = other.vendor.id;
});
afterAll(() => server.close());

describe("POST /api/v2/Auth/get_permission_list", () => {
  it("gives a level-4 account its role's keys plus the locked keys", async () => {
    const { http, body } = await server.send(API.auth.permissions, {}, { as: "vendor_sub" });
    expect(http).toBe(200);
    const list = body.result.permission_list;
    // From the "Shop supervisor" role.
    expect(list).toEqual(expect.arrayContaining(["shop_add", "shop_modify", "dev_control", "reve_shop"]));
    // Locked on for every level-4 account.
    expect(list).toEqual(
      expect.arrayContaining(["console", "shop_query", "log_opts", "log_dev", "vendor_info", "sub_act_query"]),
    );
    for (const absent of ["sett_acct", "shop_remove", "reve_total", "stripe", "mem_modify"])
      expect(list).not.toContain(absent);
    expect(new Set(list).size).toBe(list.length);
  });

  it("reads the role afresh, so a role edit shows on the next call", async () => {
    const { db } = server.database;
    const [sub] = await db.select().from(accounts).where(eq(accounts.username, "vendor_sub"));
    const roleId = sub?.roleId ?? -1;
    const [role] = await db.select().from(roles).where(eq(roles.id, roleId));
    const original = role?.permissions ?? [];
    await db
      .update(roles)
      .set({ permissions: [...original, "sett_acct"] })
      .where(eq(roles.id, roleId));
    try {
      const { body } = await server.send(API.auth.permissions, {}, { as: "vendor_sub" });
      expect(body.result.permission_list).toContain("sett_acct");
    } finally {
      await db.update(roles).set({ permissions: original }).where(eq(roles.id, roleId));
    }
  });

  it("refuses levels 3, 6 and 7 with 403 NO_PERMISSION", async () => {
    for (const username of ["vendor_admin", "group_admin", "group_sub"]) {
      const { http, body } = await server.send(API.auth.permissions, {}, { as: username });
      expect(http, username).toBe(403);
      expect(body, username).toMatchObject({ status: 403, code: "NO_PERMISSION" });
    }
  });
});

describe("POST /api/v2/Auth/get_account_info", () => {
  const KL = { currency: "MYR", hide_symbol: "0", time_zone: "Asia/Kuala_Lumpur", language: "en" };
  const BKK = { currency: "THB", hide_symbol: "0", time_zone: "Asia/Bangkok", language: "th-th" };
  const info = (username: string, payload: BodyOf<typeof API.auth.accountInfo> = {}) =>
    server.send(API.auth.accountInfo, payload, { as: username });

  it("answers every level with its account and the common_info of its vendor", async () => {
    for (const [username, level, common] of [
      ["vendor_admin", 3, KL],
      ["vendor_sub", 4, KL],
      ["vendor2_admin", 3, BKK],
    ] as const) {
      const { http, body } = await info(username);
      expect(http, username).toBe(200);
      expect(body.result.account).toMatchObject({ username, level });
      expect(body.result.common_info, username).toEqual(common);
      expect(body.result.vendor?.id).toBe(common === KL ? klId : bkkId);
      expect(body.result.group).toBeNull();
    }
    for (const [username, level] of [
      ["group_admin", 6],
      ["group_sub", 7],
    ] as const) {
      const { http, body } = await info(username);
      expect(http, username).toBe(200);
      expect(body.result.account).toMatchObject({ username, level });
      expect(body.result.group).toEqual({ id: demoGroupId, name: "Demo Group" });
      expect(body.result.vendor).toBeNull();
      expect(body.result.common_info).toEqual({
        currency: expect.any(String),
        hide_symbol: "0",
        time_zone: expect.any(String),
        language: expect.any(String),
      });
    }
  });

  it("gives a group account the common_info of the vendor it picked", async () => {
    const bkk = await info("group_admin", { vendor_id: bkkId });
    expect(bkk.http).toBe(200);
    expect(bkk.body.result.common_info).toEqual(BKK);
    expect(bkk.body.result.vendor).toEqual({ id: bkkId, name: "Demo Laundry Bangkok" });
    const kl = await info("group_sub", { vendor_id: klId });
    expect(kl.body.result.common_info).toEqual(KL);
  });

  it("answers 404 NOT_FOUND when a group account picks a vendor outside its group", async () => {
    // Beyond PostgreSQL's integer range too: still "not found", never a database error.
    for (const vendorId of [otherVendorId, 999_999, 99_999_999_999, -1]) {
      const { http, body } = await info("group_admin", { vendor_id: vendorId });
      expect(http, String(vendorId)).toBe(404);
      expect(body).toMatchObject({ status: 404, code: "NOT_FOUND" });
    }
  });

  it("keeps a vendor account on its own vendor whatever vendor_id it sends", async () => {
    const { http, body } = await info("vendor_admin", { vendor_id: bkkId });
    expect(http).toBe(200);
    expect(body.result.common_info).toEqual(KL);
    expect(body.result.vendor?.id).toBe(klId);
  });

  it("reports hide_symbol from the vendor", async () => {
    const { db } = server.database;
    await db.update(vendors).set({ hideSymbol: true }).where(eq(vendors.id, bkkId));
    try {
      const { body } = await info("vendor2_admin");
      expect(body.result.common_info.hide_symbol).toBe("1");
    } finally {
      await db.update(vendors).set({ hideSymbol: false }).where(eq(vendors.id, bkkId));
    }
  });
});

describe("POST /api/Vendor/get_vendor_list_by_group", () => {
  it("lists the group's vendors with currency and provider flags for levels 6 and 7", async () => {
    for (const username of ["group_admin", "group_sub"]) {
      const { http, body } = await server.send(API.tenancy.listByGroup, {}, { as: username });
      expect(http, username).toBe(200);
      const list = body.result.vendor_list;
      expect(list.map((v) => v.vendor_id)).toEqual([klId, bkkId]);
      const [kl, bkk] = list;
      expect(kl).toMatchObject({
        name: "Demo Laundry Kuala Lumpur",
        currency: "MYR",
        time_zone: "Asia/Kuala_Lumpur",
        hide_symbol: "0",
        has_stripe: true,
        has_razer: true,
        has_paypal: true,
        has_fomo: true,
        has_alipay: false,
        has_linepay: false,
      });
      expect(bkk).toMatchObject({ currency: "THB", has_gbprimepay: true, has_linepay: true, has_stripe: false });
    }
  });

  it("accepts the caller's own group_id and answers 404 NOT_FOUND for another group", async () => {
    const own = await server.send(API.tenancy.listByGroup, { group_id: demoGroupId }, { as: "group_admin" });
    expect(own.http).toBe(200);
    expect(own.body.result.vendor_list).toHaveLength(2);
    const other = await server.send(API.tenancy.listByGroup, { group_id: otherGroupId }, { as: "group_admin" });
    expect(other.http).toBe(404);
    expect(other.body).toMatchObject({ status: 404, code: "NOT_FOUND" });
  });

  it("refuses levels 3 and 4 with 403 NO_PERMISSION", async () => {
    for (const username of ["vendor_admin", "vendor_sub"]) {
      const { http, body } = await server.send(API.tenancy.listByGroup, {}, { as: username });
      expect(http, username).toBe(403);
      expect(body.code).toBe("NO_PERMISSION");
    }
  });
});

describe("POST /api/Vendor/get_vendor_info", () => {
  it("gives levels 3 and 4 their own vendor and refuses levels 6 and 7", async () => {
    for (const [username, id, currency] of [
      ["vendor_admin", klId, "MYR"],
      ["vendor_sub", klId, "MYR"],
      ["vendor2_admin", bkkId, "THB"],
    ] as const) {
      const { http, body } = await server.send(API.tenancy.current, {}, { as: username });
      expect(http, username).toBe(200);
      expect(body.result).toMatchObject({ vendor_id: id, currency });
    }
    for (const username of ["group_admin", "group_sub"]) {
      const { http, body } = await server.send(API.tenancy.current, {}, { as: username });
      expect(http, username).toBe(403);
      expect(body.code).toBe("NO_PERMISSION");
    }
  });
});

describe("POST /api/Admin/get_system_config", () => {
  it("is public and shows only the public keys, and demo while the database holds the demo", async () => {
    const { http, body } = await server.send(API.systemConfig.config, {});
    expect(http).toBe(200);
    expect(body.result).toContainEqual({ name: "sitename", value: "Washboard" });
    // The test server's database holds the demo tenant: the console shows its "demo data" banner.
    expect(body.result.map((row) => row.name).sort()).toEqual(["demo", "favicon", "sitename", "website"]);
    expect(body.result).toContainEqual({ name: "demo", value: "1" });
  });

  it("answers the stored site name, and the default one when the row is gone", async () => {
    const { db } = server.database;
    await db.update(systemConfig).set({ value: "Bubbles HQ" }).where(eq(systemConfig.name, "sitename"));
    const renamed = await server.send(API.systemConfig.config, {});
    expect(renamed.body.result).toContainEqual({ name: "sitename", value: "Bubbles HQ" });

    await db.delete(systemConfig).where(eq(systemConfig.name, "sitename"));
    const fallback = await server.send(API.systemConfig.config, {});
    expect(fallback.http).toBe(200);
    expect(fallback.body.result.filter((row) => row.name === "sitename")).toEqual([
      { name: "sitename", value: DEFAULT_SITE_NAME },
    ]);
  });
});
