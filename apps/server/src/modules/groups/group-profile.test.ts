import type { GroupProfile } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { groups } from "../tenancy/tables.js";
import { otherGroup } from "../vendor-accounts/test-fixtures.js";

const GET = "/api/Group/get_groupall_by_grp_acct";
const MODIFY = "/api/Group/modify_group_by_grp_acct";

let server: TestServer;
let other: Awaited<ReturnType<typeof otherGroup>>;

beforeAll(async () => {
  server = await startTestServer();
  other = await otherGroup(server.database);
});
afterAll(() => server.close());

const valid = { name: "Demo Group Asia", address: "2 Harbour Road", c_app_id: "c-app-2", b_app_id: "b-app-2" };

describe("group profile", () => {
  it("shows the account's own group to levels 6 and 7, and refuses vendor levels", async () => {
    for (const username of ["group_admin", "group_sub"]) {
      const { body } = await server.call<GroupProfile>(GET, {}, { token: await server.login(username) });
      expect(body.result).toMatchObject({ name: "Demo Group", c_app_id: "demo-c-app", b_app_id: "demo-b-app" });
    }
    const other6 = await server.call<GroupProfile>(GET, {}, { token: await server.login("other_gadmin") });
    expect(other6.body.result.id).toBe(other.group.id);
    expect((await server.call(GET, {}, { token: await server.login("vendor_admin") })).body.code).toBe("NO_PERMISSION");
  });

  it("requires every field", async () => {
    const token = await server.login("group_admin");
    for (const field of Object.keys(valid)) {
      const { http, body } = await server.call(MODIFY, { ...valid, [field]: " " }, { token });
      expect([http, body.field, body.message_key], field).toEqual([400, field, "validation.required"]);
    }
  });

  it("lets the main administrator change it; the sub-administrator may not", async () => {
    const sub = await server.login("group_sub");
    expect((await server.call(MODIFY, valid, { token: sub })).body.code).toBe("NO_PERMISSION");
    const token = await server.login("group_admin");
    const { body } = await server.call<GroupProfile>(MODIFY, valid, { token });
    expect(body.result).toMatchObject(valid);
    expect((await server.call<GroupProfile>(GET, {}, { token: sub })).body.result).toMatchObject(valid);
    const [untouched] = await server.database.db.select().from(groups).where(eq(groups.id, other.group.id));
    expect(untouched?.name).toBe("Other Group");
  });
});
