import { API, type BodyOf, PAYQR_BIND_MODE, PAYQR_DEFAULT_SITE, type PayQrItem } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { allPages, expectNameSorting } from "../../test/list-paging.js";
import { devices } from "../devices/tables.js";
import { operationLog } from "../operation-log/tables.js";
import { shops } from "../shops/tables.js";
import { systemConfig } from "../system-config/tables.js";
import { payQrCodes } from "./tables.js";

let server: TestServer;
let klId = 0;
/** Shops and devices by name: two Kuala Lumpur shops with a device each, and a Bangkok shop and device. */
const shop = { Ampang: 0, Bangsar: 0, Silom: 0 };
const device = { "Washer A1": 0, "Dryer A2": 0, "Washer B1": 0, "Washer S1": 0 };

/** A shop-bound code at Ampang, with `fields` over it. */
const payQr = <Fields extends Partial<BodyOf<typeof API.payqr.create>>>(fields: Fields) => ({
  name: "Counter",
  bind_mode: PAYQR_BIND_MODE.shop,
  shop_id: shop.Ampang,
  ...fields,
});
const create = (fields: Partial<BodyOf<typeof API.payqr.create>>, username = "vendor_admin") =>
  server.send(API.payqr.create, payQr(fields), { as: username });
const list = (filters: BodyOf<typeof API.payqr.list> = {}) =>
  server.send(API.payqr.list, filters, { as: "vendor_admin" });

async function addShop(vendorId: number, name: keyof typeof shop) {
  const [row] = await server.database.db
    .insert(shops)
    .values({ vendorId, name, address: `${name} road`, serviceType: 1 })
    .returning();
  shop[name] = row?.id ?? 0;
}

async function addDevice(vendorId: number, shopName: keyof typeof shop, name: keyof typeof device) {
  const [row] = await server.database.db
    .insert(devices)
    .values({ vendorId, shopId: shop[shopName], name, serialNumber: `SN-${name}`, machineType: "washer" })
    .returning();
  device[name] = row?.id ?? 0;
}

/** The random part of a content URL, and how many bits it carries. */
function tokenBits(code: string): number {
  return Buffer.from(code, "base64url").length * 8;
}

beforeAll(async () => {
  server = await startTestServer();
  const { kl, bkk } = await demoVendors(server.database);
  klId = kl.id;
  await addShop(kl.id, "Ampang");
  await addShop(kl.id, "Bangsar");
  await addShop(bkk.id, "Silom");
  await addDevice(kl.id, "Ampang", "Washer A1");
  await addDevice(kl.id, "Ampang", "Dryer A2");
  await addDevice(kl.id, "Bangsar", "Washer B1");
  await addDevice(bkk.id, "Silom", "Washer S1");
});
afterAll(() => server.close());

describe("payment QR codes: create", () => {
  it("creates a shop-bound code with a random code and its payment URL as content", async () => {
    const { http, body } = await create({ name: "Front counter", remark: "Near the door" });
    expect(http, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({
      name: "Front counter",
      bind_mode: 1,
      shop_id: shop.Ampang,
      shop_name: "Ampang",
      device_id: null,
      remark: "Near the door",
    });
    expect(body.result.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // No "website" configured (the demo seed leaves it empty): the documented default site.
    expect(body.result.content).toBe(`${PAYQR_DEFAULT_SITE}/pay/qr/${body.result.code}`);
  });

  it("builds content from the 'website' system setting, without a doubled slash, in every item", async () => {
    const { db } = server.database;
    await db
      .update(systemConfig)
      .set({ value: "https://laundry.example.com/" })
      .where(eq(systemConfig.name, "website"));
    try {
      const created = await create({ name: "Website based" });
      expect(created.body.result.content).toBe(`https://laundry.example.com/pay/qr/${created.body.result.code}`);
      const listed = await list({ page_size: 200 });
      for (const item of listed.body.result.items) {
        expect(item.content).toBe(`https://laundry.example.com/pay/qr/${item.code}`);
      }
    } finally {
      await db.update(systemConfig).set({ value: "" }).where(eq(systemConfig.name, "website"));
    }
  });

  it("draws codes that are unique and unguessable: at least 96 random bits each", async () => {
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => create({ name: `Batch ${i}` })));
    const codes = made.map((m) => m.body.result.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(tokenBits(code)).toBeGreaterThanOrEqual(96);
    // Not sequential or shared-prefix: no two codes share their first 8 characters.
    expect(new Set(codes.map((c) => c.slice(0, 8))).size).toBe(codes.length);
  });

  it("binds to a device of the shop in device mode", async () => {
    const { http, body } = await create({ name: "Washer A1 code", bind_mode: 2, device_id: device["Washer A1"] });
    expect(http, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({
      bind_mode: 2,
      device_id: device["Washer A1"],
      device_name: "Washer A1",
      device_serial_number: "SN-Washer A1",
    });
  });

  it("keeps no device in shop mode", async () => {
    const { body } = await create({ name: "Shop mode with device", device_id: device["Washer A1"] });
    expect(body.result.device_id).toBeNull();
  });

  it("field rules: name required and ≤ 64, remark ≤ 255, bind mode 1 or 2, shop required, device required in device mode", async () => {
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ name: " " }, "name", "validation.required"],
      [{ name: "n".repeat(65) }, "name", "validation.tooLong"],
      [{ name: "Long remark", remark: "r".repeat(256) }, "remark", "validation.tooLong"],
      [{ name: "Mode 0", bind_mode: 0 }, "bind_mode"],
      [{ name: "Mode 3", bind_mode: 3 }, "bind_mode"],
      [{ name: "No shop", shop_id: undefined }, "shop_id", "validation.required"],
      [{ name: "No device", bind_mode: 2 }, "device_id", "validation.required"],
    ];
    for (const [fields, field, key] of cases) {
      const { http, body } = await server.sendRaw(
        API.payqr.create,
        { ...payQr({}), ...fields },
        { as: "vendor_admin" },
      );
      expect([http, body.code, body.field], JSON.stringify(fields)).toEqual([400, "VALIDATION_FAILED", field]);
      if (key) expect(body.message_key, field).toBe(key);
    }
    expect((await create({ name: "n".repeat(64), remark: "r".repeat(255) })).http).toBe(200);
  });

  it("answers RECORD_EXISTS for a name the vendor already uses, whatever its case; another vendor may use it", async () => {
    const { http, body } = await create({ name: "FRONT counter" });
    expect([http, body.code, body.field]).toEqual([409, "RECORD_EXISTS", "name"]);
    const elsewhere = await server.send(
      API.payqr.create,
      { name: "Front counter", bind_mode: 1, shop_id: shop.Silom },
      { as: "vendor2_admin" },
    );
    expect(elsewhere.http).toBe(200);
  });

  it("refuses a shop or a device of another vendor, and a device of another shop", async () => {
    const foreignShop = await create({ name: "Foreign shop", shop_id: shop.Silom });
    expect(foreignShop.body).toMatchObject({ field: "shop_id", message_key: "payqr.errors.shopUnknown" });
    const foreignDevice = await create({ name: "Foreign device", bind_mode: 2, device_id: device["Washer S1"] });
    expect(foreignDevice.body).toMatchObject({ field: "device_id", message_key: "payqr.errors.deviceNotOfShop" });
    const otherShop = await create({ name: "Other shop's device", bind_mode: 2, device_id: device["Washer B1"] });
    expect(otherShop.body).toMatchObject({ field: "device_id", message_key: "payqr.errors.deviceNotOfShop" });
    const rows = await server.database.db.select().from(payQrCodes).where(eq(payQrCodes.vendorId, klId));
    expect(rows.some((r) => r.name.startsWith("Foreign") || r.name.startsWith("Other shop"))).toBe(false);
  });
});

describe("payment QR codes: devices to bind", () => {
  it("lists the devices of one of the vendor's shops", async () => {
    const { body } = await server.send(API.payqr.bindDevices, { shop_id: shop.Ampang }, { as: "vendor_admin" });
    expect(body.result.devices).toEqual([
      { id: device["Dryer A2"], name: "Dryer A2", serial_number: "SN-Dryer A2" },
      { id: device["Washer A1"], name: "Washer A1", serial_number: "SN-Washer A1" },
    ]);
  });

  it("answers NOT_FOUND for another vendor's shop", async () => {
    const { http, body } = await server.send(API.payqr.bindDevices, { shop_id: shop.Silom }, { as: "vendor_admin" });
    expect([http, body.code]).toEqual([404, "NOT_FOUND"]);
  });
});

describe("payment QR codes: update, bind, delete", () => {
  let mine: PayQrItem;
  let theirs: PayQrItem;

  beforeAll(async () => {
    mine = (await create({ name: "Editable" })).body.result;
    theirs = (
      await server.send(
        API.payqr.create,
        { name: "Theirs", bind_mode: 1, shop_id: shop.Silom },
        { as: "vendor2_admin" },
      )
    ).body.result;
  });

  it("changes the name and remark, keeping code and binding", async () => {
    const { body } = await server.send(
      API.payqr.update,
      { id: mine.id, name: "Edited", remark: "new" },
      { as: "vendor_admin" },
    );
    expect(body.result).toMatchObject({
      id: mine.id,
      code: mine.code,
      name: "Edited",
      remark: "new",
      shop_id: shop.Ampang,
    });
    const taken = await server.send(API.payqr.update, { id: mine.id, name: "front COUNTER" }, { as: "vendor_admin" });
    expect([taken.http, taken.body.code]).toEqual([409, "RECORD_EXISTS"]);
  });

  it("moves the binding to a device of another shop, and back to a shop; the code stays", async () => {
    const toDevice = await server.send(
      API.payqr.bindMode,
      {
        id: mine.id,
        bind_mode: 2,
        shop_id: shop.Bangsar,
        device_id: device["Washer B1"],
      },
      { as: "vendor_admin" },
    );
    expect(toDevice.body.result).toMatchObject({
      code: mine.code,
      content: mine.content,
      bind_mode: 2,
      shop_id: shop.Bangsar,
      shop_name: "Bangsar",
      device_id: device["Washer B1"],
    });
    const wrong = await server.send(
      API.payqr.bindMode,
      {
        id: mine.id,
        bind_mode: 2,
        shop_id: shop.Bangsar,
        device_id: device["Washer A1"],
      },
      { as: "vendor_admin" },
    );
    expect(wrong.body).toMatchObject({ field: "device_id", message_key: "payqr.errors.deviceNotOfShop" });
    const foreign = await server.send(
      API.payqr.bindMode,
      { id: mine.id, bind_mode: 1, shop_id: shop.Silom },
      { as: "vendor_admin" },
    );
    expect(foreign.body).toMatchObject({ field: "shop_id", message_key: "payqr.errors.shopUnknown" });
    const toShop = await server.send(
      API.payqr.bindMode,
      { id: mine.id, bind_mode: 1, shop_id: shop.Ampang },
      { as: "vendor_admin" },
    );
    expect(toShop.body.result).toMatchObject({ bind_mode: 1, shop_id: shop.Ampang, device_id: null, code: mine.code });
  });

  it("filters by shop, bind mode and name", async () => {
    const byShop = await list({
      shop_id: shop.Ampang,
      page_size: 200,
    });
    expect(byShop.body.result.items.length).toBeGreaterThan(0);
    expect(byShop.body.result.items.every((i) => i.shop_id === shop.Ampang)).toBe(true);
    const byMode = await list({ bind_mode: 2 });
    expect(byMode.body.result.items.map((i) => i.name)).toEqual(["Washer A1 code"]);
    const byName = await list({ name: "edit" });
    expect(byName.body.result.items.map((i) => i.name)).toEqual(["Edited"]);
  });

  it("answers NOT_FOUND for another vendor's code on every call, and never lists it", async () => {
    const bangkok = { as: "vendor2_admin" };
    for (const [name, call] of [
      ["update", () => server.send(API.payqr.update, { id: mine.id, name: "Hijacked" }, bangkok)],
      ["bind_mode", () => server.send(API.payqr.bindMode, { id: mine.id, bind_mode: 1, shop_id: shop.Silom }, bangkok)],
      ["delete", () => server.send(API.payqr.remove, { id: mine.id }, bangkok)],
    ] as const) {
      const { http, body } = await call();
      expect([http, body.code], name).toEqual([404, "NOT_FOUND"]);
    }
    const listed = await list({ page_size: 200 });
    expect(listed.body.result.items.some((i) => i.id === theirs.id)).toBe(false);
    const [row] = await server.database.db.select().from(payQrCodes).where(eq(payQrCodes.id, mine.id));
    expect([row?.name, row?.shopId]).toEqual(["Edited", shop.Ampang]);
  });

  it("deletes a code, then answers NOT_FOUND for it", async () => {
    expect((await server.send(API.payqr.remove, { id: mine.id }, { as: "vendor_admin" })).http).toBe(200);
    expect((await server.send(API.payqr.remove, { id: mine.id }, { as: "vendor_admin" })).body.code).toBe("NOT_FOUND");
  });

  it("logs every change with its action and record", async () => {
    const rows = await server.database.db.select().from(operationLog).where(eq(operationLog.vendorId, klId));
    const actions = new Set(rows.map((r) => r.action));
    for (const action of ["payqr.create", "payqr.update", "payqr.bindMode", "payqr.remove"]) {
      expect(actions.has(action), action).toBe(true);
    }
    expect(rows.some((r) => r.action === "payqr.remove" && r.target === `payqr:${mine.id}`)).toBe(true);
  });
});

describe("payment QR codes: level 4", () => {
  it("reads with the locked payqr_query key, but needs payqr_add to create", async () => {
    // vendor_sub's role stores no payqr_* key; §6 locks payqr_query on, not payqr_add.
    expect((await server.send(API.payqr.list, {}, { as: "vendor_sub" })).http).toBe(200);
    const { http, body } = await create({ name: "By the sub-admin" }, "vendor_sub");
    expect([http, body.code]).toEqual([403, "NO_PERMISSION"]);
    for (const [call, contract] of [
      ["update", API.payqr.update],
      ["bind_mode", API.payqr.bindMode],
      ["delete", API.payqr.remove],
    ] as const) {
      // One payload with every field any of the three calls takes.
      const payload = { id: 1, name: "x", bind_mode: 1, shop_id: shop.Ampang };
      const refused = await server.sendRaw(contract, payload, { as: "vendor_sub" });
      expect(refused.body.code, call).toBe("NO_PERMISSION");
    }
  });
});

describe("payment QR codes: paging", () => {
  it("pages by cursor without overlap", async () => {
    const seen = new Set<number>();
    for (const item of await allPages(list, {}, 3)) {
      expect(seen.has(item.id)).toBe(false);
      seen.add(item.id);
    }
    const all = await server.database.db.select().from(payQrCodes).where(eq(payQrCodes.vendorId, klId));
    expect(seen.size).toBe(all.length);
  });
});

describe("payqr: sorting", () => {
  it("sorts by name either way, case-insensitively, and by age, paging without overlap", async () => {
    await expectNameSorting({
      create: (name) => create({ name }),
      list,
    });
  });
});
