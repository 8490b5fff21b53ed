import { API, type BodyOf, type NameSort, SHOP_SERVICE_TYPE, type ShopItem } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox } from "../../platform/secrets/secret-box.js";
import { brandValues, demoVendors, otherTenant, vendorSubAccount } from "../../test/fixtures.js";
import { type AnswerOf, type SendOptions, startTestServer, type TestServer } from "../../test/harness.js";
import { alliances } from "../alliances/tables.js";
import { brands } from "../brands/tables.js";
import { devices } from "../devices/tables.js";
import { locations } from "../locations/tables.js";
import { operationLog } from "../operation-log/tables.js";
import { payQrCodes } from "../payqr/tables.js";
import { vendors } from "../tenancy/tables.js";
import { JPEG, PNG, tempDataDir, uploadKey } from "../uploads/test-helpers.js";
import { shops } from "./tables.js";

const MQTT_PASSWORD = "mqtt-secret-7391";
const PAYMENT_ID = "pay-id-5520-xyz";

let server: TestServer;
const dataDir = tempDataDir("shops");
let kl = 0;
let bkk = 0;
let token = "";
let bkkToken = "";
const bangkok = { as: "vendor2_admin" };
const supervisor = { as: "vendor_sub" };
/** Ids of records the Kuala Lumpur shops may point at, and of other tenants' that they may not. */
const refs = { location: 0, location2: 0, brand: 0, alliance: 0, bkkLocation: 0, bkkAlliance: 0, otherBrand: 0 };
let images: string[] = [];
let bkkImage = "";

type ShopFields = Partial<BodyOf<typeof API.shops.create> & BodyOf<typeof API.shops.modify>>;

const shop = <Fields extends ShopFields>(fields: Fields) => ({
  name: "Bubbles Bangsar",
  address: "3 Jalan Telawi",
  service_type: SHOP_SERVICE_TYPE.washing,
  ...fields,
});
const create = (fields: ShopFields, options: SendOptions = { token }) =>
  server.send(API.shops.create, shop(fields), options);
/** A creation with fields the contract does not accept, to see the server refuse them. */
const createUnchecked = (fields: Record<string, unknown>) =>
  server.sendRaw(API.shops.create, { ...shop({}), ...fields }, { token });
const modify = (fields: BodyOf<typeof API.shops.modify>, options: SendOptions = { token }) =>
  server.send(API.shops.modify, fields, options);
const list = (filters: BodyOf<typeof API.shops.list> = {}, options: SendOptions = { token }) =>
  server.send(API.shops.list, filters, options);
const remove = (id: number, options: SendOptions = { token }) => server.send(API.shops.remove, { id }, options);

const rawShop = async (id: number) => {
  const [row] = await server.database.db.select().from(shops).where(eq(shops.id, id));
  if (!row) throw new Error(`no shop ${id}`);
  return row;
};
const secretBox = () => createSecretBox(Buffer.from(server.config.secretKey ?? "", "base64"));

async function setLimit(limit: number) {
  await server.database.db.update(vendors).set({ shopLimit: limit }).where(eq(vendors.id, kl));
}
async function klShopCount(): Promise<number> {
  return (await server.database.db.select().from(shops).where(eq(shops.vendorId, kl))).length;
}

async function insertReturningId<T extends { id: number }>(rows: Promise<T[]>): Promise<number> {
  const [row] = await rows;
  if (!row) throw new Error("fixture not inserted");
  return row.id;
}

beforeAll(async () => {
  server = await startTestServer({ dataDir: dataDir.dir });
  const { db } = server.database;
  const demo = await demoVendors(server.database);
  kl = demo.kl.id;
  bkk = demo.bkk.id;
  token = await server.login("vendor_admin");
  bkkToken = await server.login("vendor2_admin");
  const other = await otherTenant(server.database);
  refs.brand = await insertReturningId(db.insert(brands).values(brandValues(demo.groupId, "Demo suds")).returning());
  refs.otherBrand = await insertReturningId(
    db.insert(brands).values(brandValues(other.group.id, "Foreign suds")).returning(),
  );
  refs.location = await insertReturningId(
    db.insert(locations).values({ vendorId: kl, name: "Bangsar", address: "Jalan Telawi" }).returning(),
  );
  refs.location2 = await insertReturningId(
    db.insert(locations).values({ vendorId: kl, name: "Cheras", address: "Jalan Cheras" }).returning(),
  );
  refs.bkkLocation = await insertReturningId(
    db.insert(locations).values({ vendorId: bkk, name: "Sukhumvit", address: "Soi 11" }).returning(),
  );
  refs.alliance = await insertReturningId(
    db.insert(alliances).values({ vendorId: kl, name: "KL circle", type: 1 }).returning(),
  );
  refs.bkkAlliance = await insertReturningId(
    db.insert(alliances).values({ vendorId: bkk, name: "BKK circle", type: 1 }).returning(),
  );
  images = [];
  for (let i = 0; i < 7; i++)
    images.push(await uploadKey(server, token, Buffer.concat([PNG, Buffer.from(`shop ${i}`)])));
  bkkImage = await uploadKey(server, bkkToken, Buffer.concat([JPEG, Buffer.from("bkk")]));
});
afterAll(async () => {
  await server.close();
  dataDir.remove();
});

describe("shops: every §3 field", () => {
  let full: ShopItem;

  it("creates a shop with every field and answers the names of what it points at, secrets masked", async () => {
    const { http, body } = await create({
      name: "Full shop",
      address: "12 Jalan Maarof",
      location_id: refs.location,
      icon: images.slice(0, 1),
      images: images.slice(1, 7),
      service_type: 3,
      brand_id: refs.brand,
      alliance_id: refs.alliance,
      epay_laundry_points: true,
      epay_member_cards: true,
      mqtt_username: "kl-full",
      mqtt_password: MQTT_PASSWORD,
      mqtt_client_id: "client-1",
      mqtt_host: "mqtt.example.test",
      mqtt_port: 8883,
      product_key: "pk-123",
      payment_id: PAYMENT_ID,
    });
    expect(http, JSON.stringify(body)).toBe(200);
    full = body.result;
    expect(full).toMatchObject({
      name: "Full shop",
      address: "12 Jalan Maarof",
      location_id: refs.location,
      location_name: "Bangsar",
      icon: [images[0]],
      images: images.slice(1, 7),
      service_type: 3,
      brand_id: refs.brand,
      brand_name: "Demo suds",
      alliance_id: refs.alliance,
      alliance_name: "KL circle",
      epay_laundry_points: true,
      epay_member_cards: true,
      mqtt_username: "kl-full",
      mqtt_password: "••••••••7391",
      mqtt_client_id: "client-1",
      mqtt_host: "mqtt.example.test",
      mqtt_port: 8883,
      product_key: "pk-123",
      payment_id: "••••••••-xyz",
      device_count: 0,
      payqr_count: 0,
    });
  });

  it("stores the secrets sealed, and never sends them back whole", async () => {
    const row = await rawShop(full.id);
    for (const [sealed, plain] of [
      [row.mqttPasswordSealed, MQTT_PASSWORD],
      [row.paymentIdSealed, PAYMENT_ID],
    ] as const) {
      expect(sealed).toMatch(/^v1:/);
      expect(sealed).not.toContain(plain);
      expect(secretBox().open(sealed ?? "")).toBe(plain);
    }
    const listed = await list({ name: "Full shop" });
    const text = JSON.stringify(listed.body);
    expect(text).not.toContain(MQTT_PASSWORD);
    expect(text).not.toContain(PAYMENT_ID);
    expect(listed.body.result.items[0]).toMatchObject({ id: full.id, mqtt_password: "••••••••7391" });
  });

  it("defaults the optional fields: no location, brand, alliance, images, port or secrets; no e-payment", async () => {
    const { http, body } = await create({ name: "Bare shop" });
    expect(http, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({
      location_id: null,
      location_name: null,
      brand_id: null,
      alliance_id: null,
      icon: [],
      images: [],
      epay_laundry_points: false,
      epay_member_cards: false,
      mqtt_port: null,
      mqtt_password: "",
      payment_id: "",
    });
    const row = await rawShop(body.result.id);
    expect([row.mqttPasswordSealed, row.paymentIdSealed]).toEqual([null, null]);
  });

  it.each(["name", "address"])("requires %s (spec §5)", async (field) => {
    const { http, body } = await create({ name: `Missing ${field}`, [field]: "  " });
    expect(http).toBe(400);
    expect(body).toMatchObject({ code: "VALIDATION_FAILED", field, message_key: "validation.required" });
  });

  it("takes a name of 64 characters and an address of 255, not one more", async () => {
    expect((await create({ name: "s".repeat(64), address: "a".repeat(255) })).http).toBe(200);
    expect((await create({ name: "t".repeat(65) })).body).toMatchObject({
      field: "name",
      message_key: "validation.tooLong",
    });
    const address = await create({ name: "Long address", address: "a".repeat(256) });
    expect(address.body).toMatchObject({ field: "address", message_key: "validation.tooLong" });
  });

  it("requires a service type of 1 washing, 2 pet or 3 composite", async () => {
    for (const type of [1, 2, 3] as const)
      expect((await create({ name: `Type ${type}`, service_type: type })).http).toBe(200);
    const missing = await create({ name: "No type", service_type: undefined });
    expect(missing.body).toMatchObject({ field: "service_type", message_key: "validation.required" });
    for (const bad of [0, 4, "1"]) {
      const { http, body } = await createUnchecked({ name: `Bad type ${bad}`, service_type: bad });
      expect(http, String(bad)).toBe(400);
      expect(body, String(bad)).toMatchObject({ field: "service_type", message_key: "validation.invalid" });
    }
  });

  it("takes MQTT ports 1 to 65534: 65534 passes, 65535 fails saying 'from 1 to 65534'", async () => {
    expect((await create({ name: "Port 65534", mqtt_port: 65534 })).body.result.mqtt_port).toBe(65534);
    expect((await create({ name: "Port 1", mqtt_port: 1 })).http).toBe(200);
    const over = await create({ name: "Port 65535", mqtt_port: 65535 });
    expect(over.http).toBe(400);
    expect(over.body).toMatchObject({ code: "VALIDATION_FAILED", field: "mqtt_port", message_key: "validation.port" });
    expect(over.body.message).toMatch(/from 1 to 65534/);
    for (const [bad, key] of [
      [0, "validation.port"],
      [1883.5, "validation.numeric"],
      ["1883", "validation.numeric"],
    ] as const) {
      const { body } = await createUnchecked({ name: `Port ${bad}`, mqtt_port: bad });
      expect(body, String(bad)).toMatchObject({ field: "mqtt_port", message_key: key });
    }
  });

  it("takes six shop images and one icon: a seventh image or a second icon is refused", async () => {
    const six = await create({ name: "Six images", images: images.slice(0, 6) });
    expect(six.http, JSON.stringify(six.body)).toBe(200);
    const seven = await create({ name: "Seven images", images });
    expect(seven.http).toBe(400);
    expect(seven.body).toMatchObject({ field: "images", message_key: "validation.tooManyImages" });
    const icons = await create({ name: "Two icons", icon: images.slice(0, 2) });
    expect(icons.body).toMatchObject({ field: "icon", message_key: "validation.oneImage" });
  });

  it("refuses images the vendor did not upload", async () => {
    const { http, body } = await create({ name: "Stolen image", images: [bkkImage] });
    expect(http).toBe(400);
    expect(body).toMatchObject({ field: "images", message_key: "validation.imageUnknown" });
  });

  it("takes e-payment switches as booleans only", async () => {
    for (const field of ["epay_laundry_points", "epay_member_cards"]) {
      const { body } = await create({ name: `Bad ${field}`, [field]: "yes" });
      expect(body, field).toMatchObject({ code: "VALIDATION_FAILED", field, message_key: "validation.invalid" });
    }
  });

  it("refuses a location or alliance of another vendor, a brand of another group, and made-up ids", async () => {
    for (const [field, id] of [
      ["location_id", refs.bkkLocation],
      ["location_id", 999_999],
      ["alliance_id", refs.bkkAlliance],
      ["alliance_id", 999_999],
      ["brand_id", refs.otherBrand],
      ["brand_id", 999_999],
    ] as const) {
      const { http, body } = await create({ name: `Foreign ${field} ${id}`, [field]: id });
      expect(http, `${field}=${id}`).toBe(400);
      expect(body, `${field}=${id}`).toMatchObject({
        code: "VALIDATION_FAILED",
        field,
        message_key: "shops.unknownChoice",
      });
    }
  });

  it("answers RECORD_EXISTS for a name the vendor already uses, whatever its case; another vendor may use it", async () => {
    const again = await create({ name: "  full SHOP " });
    expect(again.http).toBe(409);
    expect(again.body).toMatchObject({ code: "RECORD_EXISTS", field: "name" });
    expect((await create({ name: "Full shop" }, bangkok)).http).toBe(200);
  });
});

describe("shops: changing secrets", () => {
  let id = 0;
  const base = () => shop({ id, name: "Secret shop" });

  beforeAll(async () => {
    id = (await create({ name: "Secret shop", mqtt_password: MQTT_PASSWORD, payment_id: PAYMENT_ID })).body.result.id;
  });

  async function plainSecrets() {
    const row = await rawShop(id);
    const box = secretBox();
    return [row.mqttPasswordSealed, row.paymentIdSealed].map((s) => (s ? box.open(s) : null));
  }

  it("keeps the stored secrets when a change leaves them out, blank, or sends back their masks", async () => {
    const before = await rawShop(id);
    for (const secrets of [
      {},
      { mqtt_password: "", payment_id: "" },
      { mqtt_password: "••••••••7391", payment_id: "••••••••-xyz" },
    ]) {
      const { http, body } = await modify({ ...base(), ...secrets });
      expect(http, JSON.stringify(body)).toBe(200);
      expect(body.result).toMatchObject({ mqtt_password: "••••••••7391", payment_id: "••••••••-xyz" });
    }
    const after = await rawShop(id);
    expect(after.mqttPasswordSealed).toBe(before.mqttPasswordSealed);
    expect(after.paymentIdSealed).toBe(before.paymentIdSealed);
  });

  it("replaces a secret with new text, and the operation log names the field but never a value", async () => {
    const { body } = await modify({ ...base(), mqtt_password: "fresh-pass-0042" });
    expect(body.result.mqtt_password).toBe("••••••••0042");
    expect(await plainSecrets()).toEqual(["fresh-pass-0042", PAYMENT_ID]);
    const rows = await server.database.db.select().from(operationLog).where(eq(operationLog.action, "shops.modify"));
    const last = rows.filter((r) => r.target.startsWith(`shop:${id}`)).at(-1);
    expect(last?.target).toBe(`shop:${id} changed:mqtt_password`);
    const everything = JSON.stringify(await server.database.db.select().from(operationLog));
    for (const secret of [MQTT_PASSWORD, PAYMENT_ID, "fresh-pass-0042"]) expect(everything).not.toContain(secret);
  });

  it("clears a secret sent as null", async () => {
    const { body } = await modify({ ...base(), payment_id: null });
    expect(body.result.payment_id).toBe("");
    expect(await plainSecrets()).toEqual(["fresh-pass-0042", null]);
  });

  it("names every changed plain field in the log too", async () => {
    await modify({ ...base(), address: "Elsewhere", mqtt_port: 1884, location_id: refs.location2 });
    const rows = await server.database.db.select().from(operationLog).where(eq(operationLog.action, "shops.modify"));
    const last = rows.filter((r) => r.target.startsWith(`shop:${id}`)).at(-1);
    expect(last?.target).toBe(`shop:${id} changed:address,location_id,mqtt_port`);
  });
});

describe("shops: their own time zone", () => {
  let id = 0;
  const lastModifyTarget = async () => {
    const rows = await server.database.db.select().from(operationLog).where(eq(operationLog.action, "shops.modify"));
    return rows.filter((r) => r.target.startsWith(`shop:${id}`)).at(-1)?.target;
  };

  it("keeps its merchant's zone (null) unless given one, and answers the one given", async () => {
    expect((await create({ name: "Merchant's zone" })).body.result.time_zone).toBeNull();
    const made = await create({ name: "Bangkok branch", time_zone: "Asia/Bangkok" });
    expect(made.http, JSON.stringify(made.body)).toBe(200);
    expect(made.body.result.time_zone).toBe("Asia/Bangkok");
    id = made.body.result.id;
    expect((await rawShop(id)).timeZone).toBe("Asia/Bangkok");
    expect((await list({ name: "Bangkok branch" })).body.result.items[0]?.time_zone).toBe("Asia/Bangkok");
  });

  it("changes it, naming the field in the operation log, and null gives the merchant's back", async () => {
    const moved = await modify(shop({ id, name: "Bangkok branch", time_zone: "Europe/Berlin" }));
    expect(moved.body.result.time_zone).toBe("Europe/Berlin");
    expect(await lastModifyTarget()).toBe(`shop:${id} changed:time_zone`);
    const cleared = await modify(shop({ id, name: "Bangkok branch", time_zone: null }));
    expect(cleared.body.result.time_zone).toBeNull();
    expect((await rawShop(id)).timeZone).toBeNull();
  });

  it("refuses a zone that is not an IANA time zone, on creation and on change", async () => {
    const made = await create({ name: "Nowhere", time_zone: "Mars/Olympus_Mons" });
    expect(made.http).toBe(400);
    expect(made.body).toMatchObject({
      code: "VALIDATION_FAILED",
      field: "time_zone",
      message_key: "validation.timeZone",
    });
    const changed = await modify(shop({ id, name: "Bangkok branch", time_zone: "UTC+25" }));
    expect(changed.body).toMatchObject({
      code: "VALIDATION_FAILED",
      field: "time_zone",
      message_key: "validation.timeZone",
    });
    const blank = await createUnchecked({ name: "Blank zone", time_zone: "" });
    expect(blank.body).toMatchObject({ field: "time_zone", message_key: "validation.timeZone" });
    expect((await rawShop(id)).timeZone).toBeNull();
  });
});

describe("shops: the vendor's cap (vendors.shop_limit)", () => {
  afterAll(() => setLimit(50));

  it("allows exactly shop_limit shops and refuses one more with SHOP_LIMIT", async () => {
    const count = await klShopCount();
    await setLimit(count + 2);
    expect((await create({ name: "Cap 1" })).http).toBe(200);
    expect((await create({ name: "Cap 2" })).http).toBe(200);
    const { http, body } = await create({ name: "Cap 3" });
    expect(http).toBe(409);
    expect(body.code).toBe("SHOP_LIMIT");
    expect(body.message).toMatch(/shop permission over maximum/i);
    const usage = await list({ page_size: 1 });
    expect(usage.body.result).toMatchObject({ shop_limit: count + 2, shop_total: count + 2 });
    const cap1 = (await list({ name: "Cap 1" })).body.result.items[0];
    if (!cap1) throw new Error("Cap 1 missing");
    expect((await remove(cap1.id)).http).toBe(200);
    expect((await create({ name: "Cap 3" })).http).toBe(200);
  });

  it("holds under concurrency: two creations at limit-1 give exactly one shop", async () => {
    await setLimit((await klShopCount()) + 1);
    const results = await Promise.all([create({ name: "Race A" }), create({ name: "Race B" }, supervisor)]);
    const codes = results.map((r) => (r.http === 200 ? "OK" : r.body.code)).sort();
    expect(codes).toEqual(["OK", "SHOP_LIMIT"]);
  });

  it("holds for many concurrent creations too", async () => {
    const count = await klShopCount();
    await setLimit(count + 3);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => create({ name: `Burst ${i}` })));
    expect(results.filter((r) => r.http === 200)).toHaveLength(3);
    expect(results.filter((r) => r.body.code === "SHOP_LIMIT")).toHaveLength(5);
    expect(await klShopCount()).toBe(count + 3);
  });
});

describe("shops: removing", () => {
  it("is refused while devices or pay QR codes use the shop, naming how many of each", async () => {
    const { db } = server.database;
    const id = (await create({ name: "Busy shop" })).body.result.id;
    const [device] = await db
      .insert(devices)
      .values({ vendorId: kl, serialNumber: "SN-SHOP-1", machineType: "washer", shopId: id })
      .returning();
    const withDevice = await remove(id);
    expect(withDevice.http).toBe(409);
    expect(withDevice.body).toMatchObject({
      code: "HAS_DEPENDENTS",
      message_key: "shops.dependents.devices",
      message_params: { devices: 1, payqr: 0 },
    });
    expect(withDevice.body.message).toMatch(/devices: 1/);
    await db.insert(payQrCodes).values([
      { vendorId: kl, code: "QR-SHOP-1", name: "Counter 1", shopId: id },
      { vendorId: kl, code: "QR-SHOP-2", name: "Counter 2", shopId: id },
    ]);
    const both = await remove(id);
    expect(both.body).toMatchObject({
      message_key: "shops.dependents.both",
      message_params: { devices: 1, payqr: 2 },
    });
    const listed = (await list({ name: "Busy shop" })).body.result.items[0];
    expect(listed).toMatchObject({ device_count: 1, payqr_count: 2 });
    if (device) await db.delete(devices).where(eq(devices.id, device.id));
    const qrOnly = await remove(id);
    expect(qrOnly.body).toMatchObject({
      message_key: "shops.dependents.payqr",
      message_params: { devices: 0, payqr: 2 },
    });
    await db.delete(payQrCodes).where(eq(payQrCodes.shopId, id));
    expect((await remove(id)).http).toBe(200);
    expect((await remove(id)).body.code).toBe("NOT_FOUND");
  });
});

describe("shops: tenants and keys", () => {
  let mine: ShopItem;
  beforeAll(async () => {
    mine = (await create({ name: "KL private", mqtt_password: MQTT_PASSWORD })).body.result;
  });

  it("answers NOT_FOUND to another vendor for a Kuala Lumpur shop, and never lists it there", async () => {
    for (const [name, call] of [
      ["modify_shop", () => modify(shop({ id: mine.id, name: "Taken over" }), bangkok)],
      ["remove_shop", () => remove(mine.id, bangkok)],
    ] as const) {
      const { http, body } = await call();
      expect(http, name).toBe(404);
      expect(body.code, name).toBe("NOT_FOUND");
    }
    const theirs = await list({ page_size: 200 }, bangkok);
    expect(theirs.body.result.items.some((s) => s.id === mine.id)).toBe(false);
    expect((await rawShop(mine.id)).name).toBe("KL private");
  });

  it("a level-4 account with only the locked shop_query lists shops but cannot create, modify or remove", async () => {
    await vendorSubAccount(server.database, { vendorId: kl, username: "shop_reader", permissions: [] });
    const reader = { as: "shop_reader" };
    expect((await list({}, reader)).http).toBe(200);
    for (const [call, send] of [
      ["create_shop", () => create({ name: "By reader" }, reader)],
      ["modify_shop", () => modify(shop({ id: mine.id, name: "By reader" }), reader)],
      ["remove_shop", () => remove(mine.id, reader)],
    ] as const) {
      const { http, body } = await send();
      expect(http, call).toBe(403);
      expect(body.code, call).toBe("NO_PERMISSION");
    }
  });

  it("vendor_sub (shop_query, shop_add, shop_modify) creates and modifies but may not remove", async () => {
    const made = await create({ name: "By supervisor" }, supervisor);
    expect(made.http).toBe(200);
    expect((await modify(shop({ id: made.body.result.id, name: "By supervisor 2" }), supervisor)).http).toBe(200);
    const refused = await remove(made.body.result.id, supervisor);
    expect([refused.http, refused.body.code]).toEqual([403, "NO_PERMISSION"]);
  });

  it("group levels do not reach a vendor's shops", async () => {
    expect((await list({}, { as: "group_admin" })).body.code).toBe("NO_PERMISSION");
  });
});

describe("shops: list filters, order and paging", () => {
  beforeAll(async () => {
    const { db } = server.database;
    await db.delete(shops).where(eq(shops.vendorId, kl));
    await setLimit(50);
    const rows: Record<string, unknown>[] = [
      { name: "delta", service_type: 1, location_id: refs.location, brand_id: refs.brand },
      { name: "Alpha", service_type: 2, location_id: refs.location, alliance_id: refs.alliance },
      { name: "charlie", service_type: 3, location_id: refs.location2, brand_id: refs.brand },
      { name: "Bravo", service_type: 1, alliance_id: refs.alliance },
      { name: "echo", service_type: 2 },
    ];
    for (const row of rows) expect((await create(row)).http).toBe(200);
  });

  const names = async (filters: BodyOf<typeof API.shops.list>) =>
    (await list({ sort: "name_asc", ...filters })).body.result.items.map((s) => s.name);

  it("filters by location, brand, alliance, service type and part of the name", async () => {
    expect(await names({ location_id: refs.location })).toEqual(["Alpha", "delta"]);
    expect(await names({ brand_id: refs.brand })).toEqual(["charlie", "delta"]);
    expect(await names({ alliance_id: refs.alliance })).toEqual(["Alpha", "Bravo"]);
    expect(await names({ service_type: 2 })).toEqual(["Alpha", "echo"]);
    expect(await names({ name: "lPH" })).toEqual(["Alpha"]);
    expect(await names({ name: "HA" })).toEqual(["Alpha", "charlie"]);
    expect(await names({ location_id: refs.location, service_type: 1 })).toEqual(["delta"]);
    const filtered = await list({ service_type: 2 });
    expect(filtered.body.result).toMatchObject({ total: 2, shop_total: 5, shop_limit: 50 });
  });

  it("sorts by name either way and by age, paging by cursor without overlap", async () => {
    const pages = async (sort: NameSort) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let n = 0; n < 10; n++) {
        const answer: AnswerOf<typeof API.shops.list> = await list({
          sort,
          page_size: 2,
          ...(cursor ? { cursor } : {}),
        });
        seen.push(...answer.body.result.items.map((s) => s.name));
        cursor = answer.body.result.next_cursor;
        if (!cursor) break;
      }
      return seen;
    };
    expect(await pages("name_asc")).toEqual(["Alpha", "Bravo", "charlie", "delta", "echo"]);
    expect(await pages("name_desc")).toEqual(["echo", "delta", "charlie", "Bravo", "Alpha"]);
    expect(await pages("oldest")).toEqual(["delta", "Alpha", "charlie", "Bravo", "echo"]);
    expect(await pages("newest")).toEqual(["echo", "Bravo", "charlie", "Alpha", "delta"]);
  });
});

describe("shops: options for the selects", () => {
  it("names only the vendor's own shops, locations and alliances and its group's brands", async () => {
    const { http, body } = await server.send(API.shops.options, {}, { token });
    expect(http).toBe(200);
    expect(body.result.locations.map((l) => l.name)).toEqual(["Bangsar", "Cheras"]);
    expect(body.result.alliances.map((a) => a.name)).toEqual(["KL circle"]);
    expect(body.result.brands.map((b) => b.name)).toEqual(["Demo suds"]);
    expect(body.result.shops.map((s) => s.name).sort()).toEqual(["Alpha", "Bravo", "charlie", "delta", "echo"]);
    const theirs = await server.send(API.shops.options, {}, bangkok);
    expect(theirs.body.result.locations.map((l) => l.name)).toEqual(["Sukhumvit"]);
    expect(theirs.body.result.alliances.map((a) => a.name)).toEqual(["BKK circle"]);
    expect(theirs.body.result.brands.map((b) => b.name)).toEqual(["Demo suds"]);
    expect(theirs.body.result.shops.map((s) => s.name)).toEqual(["Full shop"]);
  });
});

describe("shops: operation log", () => {
  it("logs each change with its action and shop, refusals with their code", async () => {
    const rows = await server.database.db.select().from(operationLog).where(eq(operationLog.vendorId, kl));
    const actions = new Set(rows.map((r) => r.action));
    for (const action of ["shops.create", "shops.modify", "shops.remove"])
      expect(actions.has(action), action).toBe(true);
    expect(rows.some((r) => r.action === "shops.create" && r.errorCode === "SHOP_LIMIT")).toBe(true);
    expect(rows.some((r) => r.action === "shops.remove" && r.errorCode === "HAS_DEPENDENTS")).toBe(true);
    expect(rows.some((r) => r.action === "shops.create" && /^shop:\d+$/.test(r.target))).toBe(true);
  });
});
