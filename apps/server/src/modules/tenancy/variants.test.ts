import { API } from "@washboard/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { otherTenant, vendorMainAdmin, vendorSubAccount } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";

/**
 * Vendor variants (spec §6, §7 "Tenant get_sys_cust_vendor, Custom get_vendor_routes_map"): a
 * group makes a merchant a car wash; its console hides the three promotion keys §6 names, renames
 * its machines' screens and adds one; its sub-accounts never hold a hidden key.
 */

const VENDOR_FIELDS = {
  real_name: "Somchai Wongsa",
  id_number: "ID-CW-1",
  phone: "+66 2 111 2222",
  home_page: "https://carwash.example",
  settlement_cycle_days: 7,
  fee_rate_coins: 0.05,
  fee_rate_no_coins: 0.1,
  currency: "THB",
  language: "th-th",
  time_zone: "Asia/Bangkok",
  coin_denomination: 1000,
} as const;
const HIDDEN = ["op_dis_point", "op_point", "op_goodnews"];

let server: TestServer;
let carWashId = 0;

beforeAll(async () => {
  server = await startTestServer();
  // Another group (other_gadmin) makes the car wash: the demo group must not see it.
  await otherTenant(server.database);
  const created = await server.send(
    API.vendorAdmin.create,
    { ...VENDOR_FIELDS, name: "Bubbles Car Wash", variant: "car_wash" },
    { as: "other_gadmin" },
  );
  expect(created.http, JSON.stringify(created.body)).toBe(200);
  carWashId = created.body.result.vendor_id;
  await vendorMainAdmin(server.database, carWashId, "carwash_admin");
  // Stored before the rule applies (as a role made while the vendor was a laundry would be).
  await vendorSubAccount(server.database, {
    vendorId: carWashId,
    username: "carwash_clerk",
    permissions: ["op_timelimit", "op_point", "reve_total"],
  });
});
afterAll(() => server.close());

describe("a group sets a vendor's variant", () => {
  it("answers it with the vendor, keeps it when a change leaves it out, and refuses an unknown one", async () => {
    const list = await server.send(API.vendorAdmin.list, { keyword: "Bubbles" }, { as: "other_gadmin" });
    expect(list.body.result.items.map((v) => [v.name, v.variant])).toEqual([["Bubbles Car Wash", "car_wash"]]);

    const renamed = await server.send(
      API.vendorAdmin.modify,
      { ...VENDOR_FIELDS, vendor_id: carWashId, name: "Bubbles Car Wash" },
      { as: "other_gadmin" },
    );
    expect(renamed.body.result.variant).toBe("car_wash");

    const refused = await server.sendRaw(
      API.vendorAdmin.modify,
      { ...VENDOR_FIELDS, vendor_id: carWashId, name: "Bubbles Car Wash", variant: "boat_wash" },
      { as: "other_gadmin" },
    );
    expect(refused.http).toBe(400);
    expect(refused.body.code).toBe("VALIDATION_FAILED");
  });

  it("makes a new vendor a laundry when the variant is left out", async () => {
    const created = await server.send(
      API.vendorAdmin.create,
      { ...VENDOR_FIELDS, name: "Plain Laundry" },
      { as: "other_gadmin" },
    );
    expect(created.body.result.variant).toBe("laundry");
  });
});

describe("Tenant/get_sys_cust_vendor", () => {
  it("names a car wash's variant and the three keys §6 hides", async () => {
    const answer = await server.send(API.tenancy.customization, {}, { as: "carwash_admin" });
    expect(answer.body.result).toEqual({ vendor_id: carWashId, variant: "car_wash", hidden_permissions: HIDDEN });
  });

  it("hides nothing of a laundry", async () => {
    const answer = await server.send(API.tenancy.customization, {}, { as: "vendor_admin" });
    expect(answer.body.result).toMatchObject({ variant: "laundry", hidden_permissions: [] });
  });

  it("answers a group account about the vendor it chose, and not about another group's", async () => {
    const own = await server.send(API.tenancy.customization, {}, { as: "other_gadmin", vendorId: carWashId });
    expect(own.body.result.variant).toBe("car_wash");
    const none = await server.send(API.tenancy.customization, {}, { as: "other_gadmin" });
    expect(none.body.code).toBe("NOT_FOUND");
    const foreign = await server.send(API.tenancy.customization, {}, { as: "group_admin", vendorId: carWashId });
    expect(foreign.http).not.toBe(200);
  });
});

describe("Custom/get_vendor_routes_map", () => {
  it("renames a car wash's device screens and adds its bays' events over the device log's screen", async () => {
    const answer = await server.send(API.tenancy.routesMap, {}, { as: "carwash_clerk" });
    expect(answer.http).toBe(200);
    const { variant, routes } = answer.body.result;
    expect(variant).toBe("car_wash");
    expect(routes).toContainEqual({ path: "/shop/devices", title_key: "routes.car_wash_devices" });
    expect(routes).toContainEqual({
      path: "/income_report/income_device",
      title_key: "routes.car_wash_income_device",
    });
    expect(routes).toContainEqual({
      path: "/shop/bay_events",
      title_key: "routes.car_wash_bay_events",
      group: "shop",
      levels: [3, 4],
      permission: "log_dev",
      screen_of: "/log/log_dev",
    });
  });

  it("changes nothing for a laundry", async () => {
    const answer = await server.send(API.tenancy.routesMap, {}, { as: "vendor_admin" });
    expect(answer.body.result).toMatchObject({ variant: "laundry", routes: [] });
  });
});

describe("the keys a variant hides", () => {
  it("are never held by the vendor's sub-accounts, whatever their role stored", async () => {
    const list = await server.send(API.auth.permissions, {}, { as: "carwash_clerk" });
    expect(list.body.result.permission_list).toContain("op_timelimit");
    expect(list.body.result.permission_list).not.toContain("op_point");
    const roles = await server.send(API.roles.list, {}, { as: "carwash_admin" });
    const [role] = roles.body.result.items;
    expect(role?.permissions).toContain("op_timelimit");
    expect(role?.permissions).not.toContain("op_point");
  });

  it("are refused in a role, with the field and keys named; a laundry's role may hold them", async () => {
    const refused = await server.send(
      API.roles.create,
      { name: "Points clerk", description: "", permissions: ["op_point", "op_goodnews", "reve_total"], app_roles: [] },
      { as: "carwash_admin" },
    );
    expect(refused.http).toBe(400);
    expect(refused.body).toMatchObject({ code: "VALIDATION_FAILED", field: "permissions" });
    expect(refused.body.message).toContain("op_point, op_goodnews");
    const allowed = await server.send(
      API.roles.create,
      { name: "Variant points clerk", description: "", permissions: ["op_point"], app_roles: [] },
      { as: "vendor_admin" },
    );
    expect(allowed.http, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.body.result.permissions).toContain("op_point");
  });

  it("come back on the next call when the vendor becomes a laundry again", async () => {
    const changed = await server.send(
      API.vendorAdmin.modify,
      { ...VENDOR_FIELDS, vendor_id: carWashId, name: "Bubbles Car Wash", variant: "laundry" },
      { as: "other_gadmin" },
    );
    expect(changed.body.result.variant).toBe("laundry");
    const list = await server.send(API.auth.permissions, {}, { as: "carwash_clerk" });
    expect(list.body.result.permission_list).toContain("op_point");
    const map = await server.send(API.tenancy.routesMap, {}, { as: "carwash_clerk" });
    expect(map.body.result.routes).toEqual([]);
    await server.send(
      API.vendorAdmin.modify,
      { ...VENDOR_FIELDS, vendor_id: carWashId, name: "Bubbles Car Wash", variant: "car_wash" },
      { as: "other_gadmin" },
    );
  });
});
