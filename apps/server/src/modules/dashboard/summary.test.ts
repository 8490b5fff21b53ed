import { API, type BodyOf } from "@washboard/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, type OtherTenant, otherTenant } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { deviceShadows, devices } from "../devices/tables.js";

let server: TestServer;
let klId = 0;
let bkkId = 0;
let otherVendorId = 0;
let other: OtherTenant;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  const demo = await demoVendors(server.database);
  klId = demo.kl.id;
  bkkId = demo.bkk.id;

  // A second group with its own vendor, accounts and devices, none of which the demo tenant may count.
  other = await otherTenant(server.database);
  otherVendorId = other.vendor.id;

  let serial = 0;
  const device = (vendorId: number, online: boolean, machineType = "washer") => ({
    vendorId,
    presence: online ? ("online" as const) : ("offline" as const),
    serialNumber: `SN-${++serial}`,
    machineType,
  });
  const inserted = await db
    .insert(devices)
    .values([
      device(klId, false),
      device(klId, true),
      device(klId, true, "dryer"),
      device(bkkId, true),
      device(bkkId, false),
      device(otherVendorId, true),
      device(otherVendorId, true),
      device(otherVendorId, true),
      device(otherVendorId, true),
    ])
    .returning();
  const [, klBusy, klFaulted] = inserted;
  // Heard just now: the gateway connecting makes machines nobody heard lately "unknown".
  const heard = { lastSeenAt: new Date() };
  await db.insert(deviceShadows).values(
    inserted.map((d) => ({
      deviceId: d.id,
      ...heard,
      ...(d.id === klBusy?.id ? { busy: true } : {}),
      ...(d.id === klFaulted?.id ? { faultCode: "E21" } : {}),
    })),
  );
  // Operations of other tenants, which must not show in the demo tenant's recent operations.
  await server.login(other.groupAdmin.username);
  await server.login(other.vendorAdmin.username);
});
afterAll(() => server.close());

const summary = async (username: string, payload: BodyOf<typeof API.dashboard.summary> = {}) =>
  server.send(API.dashboard.summary, payload, { token: await server.login(username) });

describe("POST /api/v3/Dashboard/get_account_summary", () => {
  it("counts a vendor's own devices and accounts for levels 3 and 4", async () => {
    for (const username of ["vendor_admin", "vendor_sub"]) {
      const { http, body } = await summary(username);
      expect(http, username).toBe(200);
      expect(body.result, username).toMatchObject({
        scope: "vendor",
        name: "Demo Laundry Kuala Lumpur",
        currency: "MYR",
        time_zone: "Asia/Kuala_Lumpur",
        vendor_count: 1,
        account_count: 2,
        device_count: 3,
        device_online_count: 2,
        device_states: { online: 2, offline: 1, unknown: 0, busy: 1, fault: 1 },
        device_types: [
          { machine_type: "dryer", count: 1, online: 1 },
          { machine_type: "washer", count: 2, online: 1 },
        ],
      });
    }
    const { body } = await summary("vendor2_admin");
    expect(body.result).toMatchObject({
      scope: "vendor",
      name: "Demo Laundry Bangkok",
      currency: "THB",
      vendor_count: 1,
      account_count: 1,
      device_count: 2,
      device_online_count: 1,
    });
  });

  it("counts the whole group for a group account without a chosen vendor", async () => {
    for (const username of ["group_admin", "group_sub"]) {
      const { http, body } = await summary(username);
      expect(http, username).toBe(200);
      expect(body.result, username).toMatchObject({
        scope: "group",
        name: "Demo Group",
        vendor_count: 2,
        account_count: 2,
        device_count: 5,
        device_online_count: 3,
      });
    }
  });

  it("narrows a group account to the vendor it picked, and only within its group", async () => {
    const { http, body } = await summary("group_admin", { vendor_id: bkkId });
    expect(http).toBe(200);
    expect(body.result).toMatchObject({
      scope: "vendor",
      name: "Demo Laundry Bangkok",
      currency: "THB",
      time_zone: "Asia/Bangkok",
      vendor_count: 1,
      device_count: 2,
      device_online_count: 1,
    });
    const outside = await summary("group_admin", { vendor_id: otherVendorId });
    expect(outside.http).toBe(404);
    expect(outside.body.code).toBe("NOT_FOUND");
  });

  it("shows the install's public address to main administrators only, null while none is set", async () => {
    expect((await summary("vendor_admin")).body.result.public_address).toEqual({ url: null });
    expect((await summary("group_admin")).body.result.public_address).toEqual({ url: null });
    expect((await summary("vendor_sub")).body.result.public_address).toBeNull();
    expect((await summary("group_sub")).body.result.public_address).toBeNull();
  });

  it("follows new devices, so the counts are read live", async () => {
    const [live] = await server.database.db
      .insert(devices)
      .values({ vendorId: bkkId, presence: "online", serialNumber: "SN-live", machineType: "dryer" })
      .returning();
    await server.database.db.insert(deviceShadows).values({ deviceId: live?.id ?? 0, lastSeenAt: new Date() });
    const { body } = await summary("vendor2_admin");
    expect(body.result).toMatchObject({ device_count: 3, device_online_count: 2 });
  });

  it("shows the previous sign-in and only the tenant's own recent operations", async () => {
    await server.send(API.auth.login, { login: "vendor2_admin", password: "demo1234" }, { ip: "10.80.0.1" });
    const { body: signedIn } = await server.send(
      API.auth.login,
      { login: "vendor2_admin", password: "demo1234" },
      { ip: "10.80.0.2" },
    );
    const { body } = await server.send(API.dashboard.summary, {}, { token: signedIn.result.token });
    expect(body.result.last_login_ip).toBe("10.80.0.1");
    expect(Math.abs((body.result.last_login_at ?? 0) - Date.now() / 1000)).toBeLessThan(60);
    const actors = new Set(body.result.recent_operations.map((op) => op.actor));
    expect(actors.has("vendor2_admin")).toBe(true);
    expect([...actors]).toEqual(["vendor2_admin"]);

    for (const [username, foreigners] of [
      ["vendor_admin", ["vendor2_admin", other.groupAdmin.username, other.vendorAdmin.username]],
      ["group_admin", [other.groupAdmin.username, other.vendorAdmin.username]],
    ] as const) {
      const { body: other } = await summary(username);
      const seen = other.result.recent_operations.map((op) => op.actor);
      expect(seen, username).toContain(username);
      for (const foreign of foreigners) expect(seen, username).not.toContain(foreign);
    }
  });
});
