import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/harness.js";
import { seedDemoShops } from "./demo-shops.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Named {
  name: string;
}

it("seeds the demo merchants' shops once, and every record reads back through the API", async () => {
  expect(await seedDemoShops(server.database.db)).toBe(true);
  expect(await seedDemoShops(server.database.db)).toBe(false);

  const list = async <T>(username: string, path: string) =>
    (await server.callAs<{ items: T[]; total: number }>(username, path, { page_size: 50 })).body.result;
  const klShops = await list<Named & { location_name: string | null }>(
    "vendor_admin",
    "/api/Shop/get_shopall_by_vendor",
  );
  expect(klShops.items.map((s) => s.name).sort()).toEqual(["Bubbles Bangsar", "Bubbles Maarof", "Paws & Suds Cheras"]);
  const klAlliances = await list<Named & { shops: Named[] }>("vendor_admin", "/api/Alliance/get_alliance_list");
  expect(klAlliances.items[0]?.shops.map((s) => s.name).sort()).toEqual(["Bubbles Bangsar", "Bubbles Maarof"]);
  const templates = await list<{ model_name: string; price: number; options: unknown[] }>(
    "vendor_admin",
    "/api/PriceTemplate/get_price_template_list",
  );
  const wash = templates.items.find((t) => t.model_name === "Wash 10 kg");
  expect([wash?.price, wash?.options.length]).toEqual([700, 2]);
  const codes = await list<Named>("vendor_admin", "/api/v3/Payqr/get_payqr_all");
  expect(codes.items.map((c) => c.name)).toEqual(["Bangsar counter"]);

  const bkkShops = await list<Named>("vendor2_admin", "/api/Shop/get_shopall_by_vendor");
  expect(bkkShops.items.map((s) => s.name)).toEqual(["ซักสะอาด สุขุมวิท 24"]);
});
