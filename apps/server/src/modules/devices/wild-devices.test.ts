import { API } from "@washboard/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, type OtherTenant, otherTenant } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { shops } from "../shops/tables.js";
import { provisionDevice } from "./provision.js";

/** Wild devices: machines of the vendor in no shop; bound to a shop by the vendor, unbound by the group. */
let server: TestServer;
let shopId: number;
let otherShopId: number;
let other: OtherTenant;
const as = { as: "vendor_admin" } as const;

beforeAll(async () => {
  server = await startTestServer();
  const { kl } = await demoVendors(server.database);
  other = await otherTenant(server.database);
  const [mine, theirs] = await server.database.db
    .insert(shops)
    .values([
      { vendorId: kl.id, name: "Wild home", address: "1 Jalan", serviceType: 1 },
      { vendorId: other.vendor.id, name: "Not yours", address: "2 Jalan", serviceType: 1 },
    ])
    .returning();
  shopId = mine?.id ?? 0;
  otherShopId = theirs?.id ?? 0;
});
afterAll(() => server.close());

const wildSerials = async () =>
  (await server.send(API.devices.wildList, {}, as)).body.result.items.map((d) => d.serial_number);

describe("wild devices", () => {
  it("are the vendor's devices in no shop, until the vendor binds one to its shop", async () => {
    const { kl } = await demoVendors(server.database);
    const wild = await provisionDevice(server.database.db, {
      vendorId: kl.id,
      serialNumber: "WILD-1",
      machineType: "dryer",
    });
    await provisionDevice(server.database.db, {
      vendorId: kl.id,
      serialNumber: "TAME-1",
      machineType: "washer",
      shopId,
    });
    expect(await wildSerials()).toEqual(["WILD-1"]);

    const refused = await server.sendRaw(API.devices.bindShop, { device_id: wild.id, shop_id: otherShopId }, as);
    expect(refused.body).toMatchObject({ status: 404, field: "shop_id" });
    const bound = await server.send(API.devices.bindShop, { device_id: wild.id, shop_id: shopId }, as);
    expect(bound.body.result).toMatchObject({ id: wild.id, shop_id: shopId, shop_name: "Wild home" });
    expect(await wildSerials()).toEqual([]);
  });

  it("a group takes a device of its vendor out of its shop; another group cannot", async () => {
    const { kl } = await demoVendors(server.database);
    const device = await provisionDevice(server.database.db, {
      vendorId: kl.id,
      serialNumber: "UNBIND-1",
      machineType: "washer",
      shopId,
    });
    const refused = await server.sendRaw(
      API.devices.unbind,
      { device_id: device.id },
      { as: other.groupAdmin.username },
    );
    expect(refused.http).toBe(404);
    const done = await server.send(API.devices.unbind, { device_id: device.id }, { as: "group_admin" });
    expect(done.body.result).toEqual({ id: device.id });
    expect(await wildSerials()).toContain("UNBIND-1");
  });

  it("another vendor never sees them", async () => {
    const { body } = await server.send(API.devices.wildList, {}, { as: "vendor2_admin" });
    expect(body.result.items).toEqual([]);
  });
});
