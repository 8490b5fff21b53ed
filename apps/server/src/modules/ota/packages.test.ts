import { API, type BodyOf } from "@washboard/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { deviceShadows, devices } from "../devices/tables.js";
import { shops } from "../shops/tables.js";

/**
 * Firmware packages (spec §3, §5, §7 "OTA"): version and download link required, one package per
 * version per vendor, newest first and filtered, each vendor's own; and the version analysis of the
 * vendor's machines by type.
 */

let server: TestServer;
let kl = "";
let bkk = "";
let klVendorId = 0;
let bkkVendorId = 0;

type PackageFields = BodyOf<typeof API.ota.createPackage>;
const fields = (overrides: Partial<PackageFields> = {}): PackageFields => ({
  version: "3.1.0",
  download_url: "https://firmware.example.com/washer-3.1.0.bin",
  machine_types: ["washer"],
  ...overrides,
});
const create = (overrides: Partial<PackageFields> = {}, token = kl) =>
  server.send(API.ota.createPackage, fields(overrides), { token });

/** A machine of the vendor on a firmware version, straight into the register and its shadow. */
async function machine(
  vendorId: number,
  serial: string,
  firmware: string,
  more: { machineType?: string; online?: boolean; shopId?: number } = {},
) {
  const { db } = server.database;
  const [row] = await db
    .insert(devices)
    .values({
      vendorId,
      serialNumber: serial,
      machineType: more.machineType ?? "washer",
      presence: more.online ? "online" : "offline",
      shopId: more.shopId ?? null,
    })
    .returning({ id: devices.id });
  if (!row) throw new Error("device not created");
  await db.insert(deviceShadows).values({ deviceId: row.id, firmware });
  return row.id;
}

beforeAll(async () => {
  server = await startTestServer();
  const vendors = await demoVendors(server.database);
  klVendorId = vendors.kl.id;
  bkkVendorId = vendors.bkk.id;
  kl = await server.login("vendor_admin");
  bkk = await server.login("vendor2_admin");
});
afterAll(() => server.close());

describe("firmware packages", () => {
  it("needs a version and a download link or file (spec §5), an http(s) link, a SHA-256 of 64 hex digits and a machine type", async () => {
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ version: "" }, "version", "validation.required"],
      [{ version: "  " }, "version", "validation.required"],
      // Neither a link nor an uploaded file (downloads.test.ts: a file in its place).
      [{ download_url: "" }, "download_url", "validation.downloadOrFile"],
      [{ download_url: "ftp://firmware.example.com/x.bin" }, "download_url", "validation.downloadUrl"],
      [{ download_url: "not a link" }, "download_url", "validation.downloadUrl"],
      [{ sha256: "abc" }, "sha256", "validation.sha256"],
      [{ machine_types: [] }, "machine_types", "validation.noMachineType"],
      [{ size: -1 }, "size", "validation.fileSize"],
      [{ version: "x".repeat(33) }, "version", "validation.tooLong"],
    ];
    for (const [change, field, key] of refusals) {
      const answer = await server.sendRaw(API.ota.createPackage, { ...fields(), ...change }, { token: kl });
      expect(answer.body, JSON.stringify(change)).toMatchObject({
        code: "VALIDATION_FAILED",
        field,
        message_key: key,
      });
    }
    const list = await server.send(API.ota.packages, {}, { token: kl });
    expect(list.body.result.total).toBe(0);
  });

  it("stores a package as given (hash lower-cased, types and models once each) and refuses a second of the same version", async () => {
    const hash = "AB".repeat(32);
    const created = await create({
      version: "2.0.0",
      sha256: hash,
      size: 1_048_576,
      machine_types: ["washer", "dryer", "washer"],
      models: ["WX-10", "WX-10"],
      note: "Door lock fix",
    });
    expect(created.http).toBe(200);
    expect(created.body.result).toMatchObject({
      version: "2.0.0",
      sha256: "ab".repeat(32),
      size: 1_048_576,
      machine_types: ["washer", "dryer"],
      models: ["WX-10"],
      note: "Door lock fix",
    });
    const again = await create({ version: "2.0.0" });
    expect(again.body).toMatchObject({ code: "RECORD_EXISTS", field: "version" });
    // Another vendor may have the same version: versions are per vendor.
    expect((await create({ version: "2.0.0" }, bkk)).http).toBe(200);
  });

  it("lists the vendor's packages newest first, filtered by version and machine type, paged by cursor", async () => {
    await create({ version: "2.1.0", machine_types: ["dryer"] });
    await create({ version: "2.2.0-beta", machine_types: ["washer"] });
    const all = await server.send(API.ota.packages, {}, { token: kl });
    expect(all.body.result.items.map((p) => p.version)).toEqual(["2.2.0-beta", "2.1.0", "2.0.0"]);
    const dryers = await server.send(API.ota.packages, { machine_type: "dryer" }, { token: kl });
    expect(dryers.body.result.items.map((p) => p.version)).toEqual(["2.1.0", "2.0.0"]);
    const beta = await server.send(API.ota.packages, { version: "BETA" }, { token: kl });
    expect(beta.body.result.items.map((p) => p.version)).toEqual(["2.2.0-beta"]);
    const first = await server.send(API.ota.packages, { page_size: 2 }, { token: kl });
    expect(first.body.result).toMatchObject({ total: 3 });
    const cursor = first.body.result.next_cursor ?? "";
    const second = await server.send(API.ota.packages, { page_size: 2, cursor }, { token: kl });
    expect(second.body.result.items.map((p) => p.version)).toEqual(["2.0.0"]);
    expect(second.body.result.next_cursor).toBeNull();
    // Bangkok's list holds only its own.
    const theirs = await server.send(API.ota.packages, {}, { token: bkk });
    expect(theirs.body.result.items.map((p) => p.version)).toEqual(["2.0.0"]);
  });

  it("edits and removes the vendor's own packages; another vendor's answer not found and stay as they were", async () => {
    const mine = (await create({ version: "9.0.0" })).body.result;
    const theirs = (await create({ version: "9.0.0" }, bkk)).body.result;
    const edited = await server.send(
      API.ota.modifyPackage,
      { ...fields({ version: "9.0.1" }), id: mine.id },
      { token: kl },
    );
    expect(edited.body.result).toMatchObject({ id: mine.id, version: "9.0.1" });
    const clash = await server.send(
      API.ota.modifyPackage,
      { ...fields({ version: "2.0.0" }), id: mine.id },
      { token: kl },
    );
    expect(clash.body).toMatchObject({ code: "RECORD_EXISTS", field: "version" });
    const foreign = await server.send(API.ota.modifyPackage, { ...fields(), id: theirs.id }, { token: kl });
    expect(foreign.body).toMatchObject({ code: "NOT_FOUND" });
    expect((await server.send(API.ota.removePackage, { id: theirs.id }, { token: kl })).body).toMatchObject({
      code: "NOT_FOUND",
    });
    const still = await server.send(API.ota.packages, { version: "9.0" }, { token: bkk });
    expect(still.body.result.items).toMatchObject([{ id: theirs.id, version: "9.0.0" }]);
    expect((await server.send(API.ota.removePackage, { id: mine.id }, { token: kl })).body.result).toEqual({
      id: mine.id,
    });
    const gone = await server.send(API.ota.packages, { version: "9.0" }, { token: kl });
    expect(gone.body.result.items).toEqual([]);
  });
});

describe("version analysis", () => {
  it("counts the vendor's machines by type and version, online ones apart, for the vendor or one shop; a package says how many fitting machines run it", async () => {
    const [shop] = await server.database.db
      .insert(shops)
      .values({ vendorId: klVendorId, name: "OTA test shop", address: "1 Test road", serviceType: 1 })
      .returning({ id: shops.id });
    if (!shop) throw new Error("shop not created");
    await machine(klVendorId, "OTA-W1", "5.0.0", { online: true, shopId: shop.id });
    await machine(klVendorId, "OTA-W2", "5.0.0", { shopId: shop.id });
    await machine(klVendorId, "OTA-W3", "4.9.0", { online: true });
    await machine(klVendorId, "OTA-D1", "5.0.0", { machineType: "dryer" });
    await machine(bkkVendorId, "OTA-BKK", "5.0.0");

    const analysis = await server.send(API.ota.versionAnalysis, {}, { token: kl });
    const cell = (type: string, firmware: string) =>
      analysis.body.result.items.find((i) => i.machine_type === type && i.firmware === firmware);
    expect(cell("washer", "5.0.0")).toEqual({ machine_type: "washer", firmware: "5.0.0", devices: 2, online: 1 });
    expect(cell("washer", "4.9.0")).toMatchObject({ devices: 1, online: 1 });
    expect(cell("dryer", "5.0.0")).toMatchObject({ devices: 1, online: 0 });

    const inShop = await server.send(API.ota.versionAnalysis, { shop_id: shop.id }, { token: kl });
    expect(inShop.body.result.items).toEqual([{ machine_type: "washer", firmware: "5.0.0", devices: 2, online: 1 }]);
    const bkkShop = await server.database.db
      .insert(shops)
      .values({ vendorId: bkkVendorId, name: "BKK", address: "x", serviceType: 1 })
      .returning({ id: shops.id });
    const foreign = await server.send(API.ota.versionAnalysis, { shop_id: bkkShop[0]?.id ?? 0 }, { token: kl });
    expect(foreign.body).toMatchObject({ code: "NOT_FOUND" });

    // Washers only: the dryer on 5.0.0 and Bangkok's machine do not count.
    const washerPackage = await create({ version: "5.0.0", machine_types: ["washer"] });
    expect(washerPackage.body.result.devices_on_version).toBe(2);
    const both = await create({ version: "4.9.0", machine_types: ["washer", "dryer"] });
    expect(both.body.result.devices_on_version).toBe(1);
  });
});
