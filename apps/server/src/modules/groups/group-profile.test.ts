import { API } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OtherTenant, otherTenant } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { groups } from "../tenancy/tables.js";

let server: TestServer;
let other: OtherTenant;

beforeAll(async () => {
  server = await startTestServer();
  other = await otherTenant(server.database);
});
afterAll(() => server.close());

const valid = { name: "Demo Group Asia", address: "2 Harbour Road", c_app_id: "c-app-2", b_app_id: "b-app-2" };

describe("group profile", () => {
  it("shows the account's own group to levels 6 and 7, and refuses vendor levels", async () => {
    for (const username of ["group_admin", "group_sub"]) {
      const { body } = await server.send(API.groups.profile, {}, { as: username });
      expect(body.result).toMatchObject({ name: "Demo Group", c_app_id: "demo-c-app", b_app_id: "demo-b-app" });
    }
    const other6 = await server.send(API.groups.profile, {}, { as: other.groupAdmin.username });
    expect(other6.body.result.id).toBe(other.group.id);
    expect((await server.send(API.groups.profile, {}, { as: "vendor_admin" })).body.code).toBe("NO_PERMISSION");
  });

  it("requires every field", async () => {
    for (const field of Object.keys(valid)) {
      const { http, body } = await server.send(
        API.groups.modifyProfile,
        { ...valid, [field]: " " },
        { as: "group_admin" },
      );
      expect([http, body.field, body.message_key], field).toEqual([400, field, "validation.required"]);
    }
  });

  it("lets the main administrator change it; the sub-administrator may not", async () => {
    const sub = { as: "group_sub" };
    expect((await server.send(API.groups.modifyProfile, valid, sub)).body.code).toBe("NO_PERMISSION");
    const { body } = await server.send(API.groups.modifyProfile, valid, { as: "group_admin" });
    expect(body.result).toMatchObject(valid);
    expect((await server.send(API.groups.profile, {}, sub)).body.result).toMatchObject(valid);
    const [untouched] = await server.database.db.select().from(groups).where(eq(groups.id, other.group.id));
    expect(untouched?.name).toBe("Other Group");
  });
});
