import { API } from "@washboard/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { vendors } from "../tenancy/tables.js";
import { devices } from "./tables.js";

const DAY = 86_400_000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  const { kl, bkk } = await demoVendors(server.database);
  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY);
  let serial = 0;
  const device = (vendorId: number, expires: Date | null) => ({
    vendorId,
    serialNumber: `SN-${++serial}`,
    machineType: "washer",
    subscriptionExpiresAt: expires,
  });
  await db.insert(devices).values([
    // Kuala Lumpur: 2 overdue, 2 expiring within 30 days, 2 neither.
    device(kl.id, at(-1)),
    device(kl.id, at(-400)),
    device(kl.id, at(3)),
    device(kl.id, at(29)),
    device(kl.id, at(365)),
    device(kl.id, null),
    // Bangkok: 1 overdue, 3 expiring, 1 just past the warning window.
    device(bkk.id, at(-10)),
    device(bkk.id, at(1)),
    device(bkk.id, at(15)),
    device(bkk.id, at(20)),
    device(bkk.id, at(31)),
  ]);
});
afterAll(() => server.close());

describe("POST /api/Device/check_device_status", () => {
  it("counts the vendor's own devices: all, expiring within 30 days, and overdue", async () => {
    for (const username of ["vendor_admin", "vendor_sub"]) {
      const { http, body } = await server.send(API.devices.statusCounts, {}, { as: username });
      expect(http, username).toBe(200);
      expect(body.result, username).toEqual({ total_count: 6, warning_count: 2, overdue_count: 2 });
    }
  });

  it("never counts another vendor's devices", async () => {
    const { body } = await server.send(API.devices.statusCounts, {}, { as: "vendor2_admin" });
    expect(body.result).toEqual({ total_count: 5, warning_count: 3, overdue_count: 1 });
  });

  it("ignores a vendor_id in the payload of a vendor account", async () => {
    const [bkk] = (await server.database.db.select().from(vendors)).filter((v) => v.currency === "THB");
    const { body } = await server.send(API.devices.statusCounts, {}, { as: "vendor_admin", vendorId: bkk?.id });
    expect(body.result).toEqual({ total_count: 6, warning_count: 2, overdue_count: 2 });
  });

  it("refuses levels 6 and 7 with 403 NO_PERMISSION", async () => {
    for (const username of ["group_admin", "group_sub"]) {
      const { http, body } = await server.send(API.devices.statusCounts, {}, { as: username });
      expect(http, username).toBe(403);
      expect(body).toMatchObject({ status: 403, code: "NO_PERMISSION" });
    }
  });
});
