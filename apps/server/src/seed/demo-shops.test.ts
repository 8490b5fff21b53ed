import { API, imageUrl } from "@washboard/shared";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadSecretKey } from "../platform/secrets/secret-box.js";
import { uploadStore } from "../platform/storage/file-store.js";
import { startTestServer, type TestServer } from "../test/harness.js";
import { seedDemoShops } from "./demo-shops.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it("seeds the demo merchants' shops once, and every record reads back through the API", async () => {
  const options = {
    files: uploadStore(server.config),
    secretKey: loadSecretKey(server.config.secretKey, server.config.dataDir),
  };
  expect(await seedDemoShops(server.database.db, options)).toBe(true);
  expect(await seedDemoShops(server.database.db, options)).toBe(false);

  const page = { page_size: 50 };
  const kl = { as: "vendor_admin" };
  const klShops = (await server.send(API.shops.list, page, kl)).body.result;
  expect(klShops.items.map((s) => s.name).sort()).toEqual([
    "Bubbles Bangsar",
    "Bubbles Maarof",
    "Bubbles Mont Kiara",
    "Paws & Suds Cheras",
    "Paws & Suds Setapak",
  ]);
  const klAlliances = (await server.send(API.alliances.list, page, kl)).body.result;
  expect(klAlliances.items[0]?.shops.map((s) => s.name).sort()).toEqual(["Bubbles Bangsar", "Bubbles Maarof"]);
  const templates = (await server.send(API.priceTemplates.list, page, kl)).body.result;
  const wash = templates.items.find((t) => t.model_name === "Wash 10 kg");
  expect([wash?.price, wash?.options.length]).toEqual([700, 2]);
  expect(templates.items.map((t) => t.icon.length)).toEqual([1, 1, 1]);
  // A template per machine type, in ringgit (sen): RM 7.00 a wash, RM 5.00 a dry, RM 12.00 both.
  expect(Object.fromEntries(templates.items.map((t) => [t.model_name, t.price]))).toEqual({
    "Wash 10 kg": 700,
    "Dry 30 minutes": 500,
    "Wash & Dry 10 kg": 1200,
  });
  const codes = (await server.send(API.payqr.list, page, kl)).body.result;
  expect(codes.items.map((c) => c.name)).toEqual(["Bangsar counter"]);

  const bkkShops = (await server.send(API.shops.list, page, { as: "vendor2_admin" })).body.result;
  expect(bkkShops.items.map((s) => s.name)).toEqual(["ซักสะอาด สุขุมวิท 24"]);
  // Bangkok's templates are named in Thai, in whole baht, the wash with its water and fabric choices.
  const bkkTemplates = (await server.send(API.priceTemplates.list, page, { as: "vendor2_admin" })).body.result;
  expect(Object.fromEntries(bkkTemplates.items.map((t) => [t.model_name, t.price]))).toEqual({
    "ซัก 14 กก.": 50,
    "อบ 30 นาที": 40,
    "ซัก+อบ 14 กก.": 90,
  });
  expect(bkkTemplates.items.find((t) => t.model_name === "ซัก 14 กก.")?.options.map((o) => o.name)).toEqual([
    "น้ำอุ่น",
    "น้ำร้อน",
    "ถนอมผ้า",
  ]);

  // Every shop has an icon and two photos: PNG files the server serves.
  for (const shop of [...klShops.items, ...bkkShops.items]) {
    expect([shop.icon.length, shop.images.length], shop.name).toEqual([1, 2]);
    for (const key of [...shop.icon, ...shop.images]) {
      const served = await server.app.inject({ url: imageUrl(key) });
      expect([served.statusCode, served.headers["content-type"]], key).toEqual([200, "image/png"]);
      expect(served.rawPayload.subarray(1, 4).toString("ascii")).toBe("PNG");
    }
  }
});

it("fills every profile field of the demo merchants", async () => {
  const listed = (await server.send(API.vendorAdmin.list, { page_size: 50 }, { as: "group_admin" })).body.result;
  expect(listed.items.map((v) => v.name).sort()).toEqual(["Demo Laundry Bangkok", "Demo Laundry Kuala Lumpur"]);
  for (const vendor of listed.items) {
    for (const field of ["real_name", "id_number", "phone", "home_page"] as const) {
      expect(vendor[field], `${vendor.name} ${field}`).not.toBe("");
    }
    expect(vendor.coin_denomination, vendor.name).toBeGreaterThan(0);
    expect(vendor.payment_methods.length, vendor.name).toBeGreaterThan(0);
  }
});
