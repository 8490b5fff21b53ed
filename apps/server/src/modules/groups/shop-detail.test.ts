import { API } from "@washboard/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandValues, demoVendors, type OtherTenant, otherTenant } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { alliances } from "../alliances/tables.js";
import { brands } from "../brands/tables.js";

let server: TestServer;
let other: OtherTenant;
let demoGroupId: number;

beforeAll(async () => {
  server = await startTestServer();
  other = await otherTenant(server.database);
  demoGroupId = (await demoVendors(server.database)).groupId;
  // Two brands of the demo group, one of the other group's: each counts only its own.
  await server.database.db
    .insert(brands)
    .values([
      brandValues(demoGroupId, "Suds"),
      brandValues(demoGroupId, "Bubbles"),
      brandValues(other.group.id, "Elsewhere"),
    ]);
  // An alliance of each demo vendor: the group's count is its merchants'.
  const { kl, bkk } = await demoVendors(server.database);
  await server.database.db.insert(alliances).values([
    { vendorId: kl.id, name: "Kuala Lumpur Alliance", type: 1 },
    { vendorId: bkk.id, name: "Bangkok Alliance", type: 2 },
  ]);
});
afterAll(() => server.close());

describe("Shop/get_group_detail", () => {
  it("answers the demo group to its vendors' accounts and its own, the same for each", async () => {
    for (const username of ["vendor_admin", "vendor_sub", "vendor2_admin", "group_admin", "group_sub"]) {
      const { http, body } = await server.send(API.groups.shopDetail, {}, { as: username });
      expect([http, body.result], username).toEqual([
        200,
        {
          group: {
            id: demoGroupId,
            name: "Demo Group",
            address: expect.any(String),
            brand_limit: 20,
            brand_count: 2,
            alliance_count: 2,
          },
        },
      ]);
    }
  });

  it("answers the other tenant its own group, never the Demo Group", async () => {
    for (const account of [other.vendorAdmin, other.groupAdmin, other.groupSub]) {
      const { body } = await server.send(API.groups.shopDetail, {}, { as: account.username });
      expect(body.result.group, account.username).toEqual({
        id: other.group.id,
        name: "Other Group",
        address: "Elsewhere",
        brand_limit: 20,
        brand_count: 1,
        alliance_count: 0,
      });
    }
  });

  it("answers no group to a merchant that registered on its own", async () => {
    const registered = await server.send(API.auth.register, {
      mode: "manual",
      username: "solo_owner",
      password: "secret12",
      confirm_password: "secret12",
      merchant_name: "Solo Suds",
      currency: "MYR",
      language: "en",
      time_zone: "Asia/Kuala_Lumpur",
    });
    expect(registered.body.result.group_id).toBeNull();
    const { http, body } = await server.send(API.groups.shopDetail, {}, { token: registered.body.result.token });
    expect([http, body.result]).toEqual([200, { group: null }]);
  });
});
