import { API } from "@washboard/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { priceTemplates } from "../price-templates/tables.js";
import { shops } from "../shops/tables.js";

/**
 * A call aimed at a whole shop answers "not found" for another vendor's shop, as the calls that take
 * a record's id do — never 200 with nothing done, which tells a caller nothing and hides a mistake.
 */
let server: TestServer;
let foreignShop: number;
let ownTemplate: number;

beforeAll(async () => {
  server = await startTestServer();
  const { kl, bkk } = await demoVendors(server.database);
  const { db } = server.database;
  const [shop] = await db
    .insert(shops)
    .values({ vendorId: bkk.id, name: "Bangkok only", address: "Sukhumvit", serviceType: 1 })
    .returning({ id: shops.id });
  foreignShop = shop?.id ?? 0;
  const [template] = await db
    .insert(priceTemplates)
    .values({ vendorId: kl.id, modelName: "Own wash", displayPrice: 700, price: 700, estimatedMinutes: 30 })
    .returning({ id: priceTemplates.id });
  ownTemplate = template?.id ?? 0;
});
afterAll(() => server.close());

describe("another vendor's shop", () => {
  it("is not found by the calls that act on every machine of a shop", async () => {
    const as = { as: "vendor_admin" };
    const answers = [
      await server.send(API.devices.reboot, { shop_id: foreignShop }, as),
      await server.send(API.devices.coinCollection, { shop_id: foreignShop, action: "audit" }, as),
      await server.send(API.devices.updateShadow, { shop_id: foreignShop, params: { price: 1 } }, as),
      await server.send(API.devices.qrCodes, { shop_id: foreignShop }, as),
      await server.send(API.priceTemplates.assign, { id: ownTemplate, shop_id: foreignShop }, as),
    ];
    for (const answer of answers) {
      expect(answer.http, JSON.stringify(answer.body)).toBe(404);
      expect(answer.body).toMatchObject({ code: "NOT_FOUND", field: "shop_id" });
    }
  });
});
