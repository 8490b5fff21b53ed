import { API, devicePayContent, PAYQR_DEFAULT_SITE } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, otherTenant } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { shops } from "../shops/tables.js";
import { systemConfig } from "../system-config/tables.js";
import { provisionDevice } from "./provision.js";

/** Device QR stickers: what each carries, for a selection or a whole shop, never another vendor's. */
let server: TestServer;
let shopId: number;
const ids: number[] = [];
let foreignId = 0;
const as = { as: "vendor_admin" } as const;

beforeAll(async () => {
  server = await startTestServer();
  const { kl } = await demoVendors(server.database);
  const other = await otherTenant(server.database);
  const [shop] = await server.database.db
    .insert(shops)
    .values({ vendorId: kl.id, name: "Sticker shop", address: "3 Jalan", serviceType: 1 })
    .returning();
  shopId = shop?.id ?? 0;
  for (const [serial, name] of [
    ["QR-W-1", "Washer 1"],
    ["QR D/2", "Dryer 2"],
  ] as const) {
    const device = await provisionDevice(server.database.db, {
      vendorId: kl.id,
      shopId,
      serialNumber: serial,
      name,
      machineNumber: serial.slice(-1),
      machineType: "washer",
    });
    ids.push(device.id);
  }
  foreignId = (
    await provisionDevice(server.database.db, { vendorId: other.vendor.id, serialNumber: "QR-X", machineType: "dryer" })
  ).id;
});
afterAll(() => server.close());

describe("device QR codes", () => {
  it("carry each device's pay link on the platform's site, with the names printed around them", async () => {
    const { body } = await server.send(API.devices.qrCodes, { device_ids: [ids[1] ?? 0, ids[0] ?? 0] }, as);
    expect(body.result.items).toEqual([
      {
        id: ids[1],
        serial_number: "QR D/2",
        name: "Dryer 2",
        machine_number: "2",
        shop_name: "Sticker shop",
        content: `${PAYQR_DEFAULT_SITE}/pay/d/QR%20D%2F2`,
      },
      expect.objectContaining({ id: ids[0], content: `${PAYQR_DEFAULT_SITE}/pay/d/QR-W-1` }),
    ]);
  });

  it("follow the 'website' setting, and cover a whole shop", async () => {
    const { db } = server.database;
    await db.update(systemConfig).set({ value: "https://wash.example.org/" }).where(eq(systemConfig.name, "website"));
    try {
      const { body } = await server.send(API.devices.qrCodes, { shop_id: shopId }, as);
      expect(body.result.items.map((item) => item.content).sort()).toEqual(
        [devicePayContent("https://wash.example.org", "QR D/2"), "https://wash.example.org/pay/d/QR-W-1"].sort(),
      );
    } finally {
      await db.update(systemConfig).set({ value: "" }).where(eq(systemConfig.name, "website"));
    }
  });

  it("of another vendor's device: not found, and nothing answered", async () => {
    const { http, body } = await server.sendRaw(API.devices.qrCodes, { device_ids: [ids[0] ?? 0, foreignId] }, as);
    expect(http).toBe(404);
    expect(body).toMatchObject({ field: "device_ids" });
  });
});
