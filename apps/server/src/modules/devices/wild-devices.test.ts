import { SimulatedDevice } from "@washboard/device-sim";
import { API } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, type OtherTenant, otherTenant } from "../../test/fixtures.js";
import { brokerUrlOf, startTestServer, type TestServer } from "../../test/harness.js";
import { shops } from "../shops/tables.js";
import { provisionDevice } from "./provision.js";
import { devices } from "./tables.js";

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

  it("a machine made for no vendor is claimed with its serial and code: once, by one vendor", async () => {
    const made = await provisionDevice(server.database.db, { serialNumber: "UNCLAIMED-1", machineType: "washer" });
    expect(made.claimCode).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
    const code = made.claimCode ?? "";
    // Nobody sees it before it is claimed.
    expect(await wildSerials()).not.toContain("UNCLAIMED-1");

    const wrong = await server.sendRaw(
      API.devices.claim,
      { serial_number: "UNCLAIMED-1", claim_code: code.split("").reverse().join("") },
      as,
    );
    expect(wrong.body).toMatchObject({ status: 404, field: "claim_code", message_key: "devices.claim.wrong" });
    const malformed = await server.sendRaw(API.devices.claim, { serial_number: "UNCLAIMED-1", claim_code: "abc" }, as);
    expect(malformed.body).toMatchObject({ status: 400, field: "claim_code", message_key: "validation.claimCode" });

    // Two vendors with the code at once: exactly one gets the machine.
    const typed = `${code.slice(0, 5).toLowerCase()}-${code.slice(5)}`;
    const [a, b] = await Promise.all([
      server.sendRaw(API.devices.claim, { serial_number: "UNCLAIMED-1", claim_code: typed }, as),
      server.sendRaw(API.devices.claim, { serial_number: "UNCLAIMED-1", claim_code: code }, { as: "vendor2_admin" }),
    ]);
    expect([a.http, b.http].sort()).toEqual([200, 404]);
    const winner = a.http === 200 ? as : { as: "vendor2_admin" };
    const listed = await server.send(API.devices.wildList, {}, winner);
    expect(listed.body.result.items.map((d) => d.serial_number)).toContain("UNCLAIMED-1");
    // Claimed is claimed: the code takes it nowhere else.
    const again = await server.sendRaw(API.devices.claim, { serial_number: "UNCLAIMED-1", claim_code: code }, as);
    expect(again.http).toBe(404);
  });

  it("an unclaimed machine may connect: once claimed it shows online, with no events from before", async () => {
    await server.app.ready();
    const made = await provisionDevice(server.database.db, { serialNumber: "UNCLAIMED-2", machineType: "dryer" });
    const device = new SimulatedDevice(
      { serial: made.serial, secret: made.secret, machineType: "dryer" },
      { brokerUrl: brokerUrlOf(server.config), timeScale: 600 },
    );
    try {
      await device.connect();
      device.insertCoins(200);
      await expect
        .poll(async () => (await server.database.db.select().from(devices).where(eq(devices.id, made.id)))[0]?.online)
        .toBe(true);
      await server.send(API.devices.claim, { serial_number: made.serial, claim_code: made.claimCode ?? "" }, as);
      const [claimed] = (await server.send(API.devices.wildList, { search: made.serial }, as)).body.result.items;
      expect(claimed).toMatchObject({ serial_number: made.serial, online: true, shop_id: null });
      const log = await server.send(API.devices.log, { device_id: made.id }, as);
      expect(log.body.result.items).toEqual([]);
    } finally {
      await device.disconnect({ forget: true });
    }
  });
});
