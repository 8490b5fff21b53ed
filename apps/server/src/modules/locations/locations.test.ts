import { API, type BodyOf, type NameSort } from "@washboard/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, vendorSubAccount } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { operationLog } from "../operation-log/tables.js";
import { shops } from "../shops/tables.js";
import { locations } from "./tables.js";

let server: TestServer;
let klVendorId = 0;
let bkkVendorId = 0;

const create = (fields: Partial<BodyOf<typeof API.locations.create>>, as = "vendor_admin") =>
  server.send(API.locations.create, { name: "Bangsar", address: "Jalan Telawi 3", ...fields }, { as });
const list = (filters: BodyOf<typeof API.locations.list> = {}, as = "vendor_admin") =>
  server.send(API.locations.list, filters, { as });

async function shopIn(locationId: number, name: string): Promise<number> {
  const [row] = await server.database.db
    .insert(shops)
    .values({ vendorId: klVendorId, locationId, name, address: "1 Jalan", serviceType: 1 })
    .returning();
  if (!row) throw new Error("shop not created");
  return row.id;
}

beforeAll(async () => {
  server = await startTestServer();
  const { kl, bkk } = await demoVendors(server.database);
  klVendorId = kl.id;
  bkkVendorId = bkk.id;
});
afterAll(() => server.close());

describe("locations: fields", () => {
  it("creates a location with its name and address, and lists it with no shops", async () => {
    const { http, body } = await create({ name: "Mont Kiara", address: "2 Jalan Kiara" });
    expect(http, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({ name: "Mont Kiara", address: "2 Jalan Kiara", shop_count: 0 });
    const listed = await list({ name: "kiara" });
    expect(listed.body.result.items.map((l) => l.name)).toEqual(["Mont Kiara"]);
    const [row] = await server.database.db.select().from(locations).where(eq(locations.id, body.result.id));
    expect(row?.vendorId).toBe(klVendorId);
  });

  it.each(["name", "address"])("requires %s (spec §5)", async (field) => {
    const { http, body } = await create({ name: `Missing ${field}`, [field]: "   " });
    expect(http).toBe(400);
    expect(body).toMatchObject({ code: "VALIDATION_FAILED", field, message_key: "validation.required" });
  });

  it("takes a name of 64 characters and an address of 255, not one more", async () => {
    expect((await create({ name: "n".repeat(64), address: "a".repeat(255) })).http).toBe(200);
    const longName = await create({ name: "m".repeat(65) });
    expect(longName.body).toMatchObject({
      code: "VALIDATION_FAILED",
      field: "name",
      message_key: "validation.tooLong",
    });
    const longAddress = await create({ name: "Long address", address: "a".repeat(256) });
    expect(longAddress.body).toMatchObject({ field: "address", message_key: "validation.tooLong" });
  });

  it("answers RECORD_EXISTS for a name the vendor already uses, whatever its case; another vendor may use it", async () => {
    expect((await create({ name: "Cheras" })).http).toBe(200);
    const again = await create({ name: "  cHERAS " });
    expect(again.http).toBe(409);
    expect(again.body).toMatchObject({ code: "RECORD_EXISTS", field: "name" });
    expect((await create({ name: "Cheras" }, "vendor2_admin")).http).toBe(200);
  });
});

describe("locations: modify and remove", () => {
  it("modifies name and address; renaming onto another location's name is RECORD_EXISTS", async () => {
    const mine = (await create({ name: "Old name" })).body.result;
    const changed = await server.send(
      API.locations.modify,
      { id: mine.id, name: "New name", address: "9 Jalan Baru" },
      { as: "vendor_admin" },
    );
    expect(changed.body.result).toMatchObject({ id: mine.id, name: "New name", address: "9 Jalan Baru" });
    const clash = await server.send(
      API.locations.modify,
      { id: mine.id, name: "CHERAS", address: "x" },
      { as: "vendor_admin" },
    );
    expect(clash.body).toMatchObject({ code: "RECORD_EXISTS", field: "name" });
  });

  it("refuses removing a location that still has shops, naming how many, and removes it once they are gone", async () => {
    const area = (await create({ name: "Busy area" })).body.result;
    const first = await shopIn(area.id, "Busy shop 1");
    await shopIn(area.id, "Busy shop 2");
    const listed = await list({ name: "Busy area" });
    expect(listed.body.result.items[0]?.shop_count).toBe(2);
    const refused = await server.send(API.locations.remove, { id: area.id }, { as: "vendor_admin" });
    expect(refused.http).toBe(409);
    expect(refused.body).toMatchObject({
      code: "HAS_DEPENDENTS",
      message_key: "locations.hasShops",
      message_params: { shops: 2 },
    });
    expect(refused.body.message).toMatch(/Shops still in this location: 2/);
    await server.database.db.delete(shops).where(eq(shops.locationId, area.id));
    expect(first).toBeGreaterThan(0);
    const removed = await server.send(API.locations.remove, { id: area.id }, { as: "vendor_admin" });
    expect(removed.http).toBe(200);
    const again = await server.send(API.locations.remove, { id: area.id }, { as: "vendor_admin" });
    expect(again.body.code).toBe("NOT_FOUND");
  });

  it("answers NOT_FOUND to another vendor for a Kuala Lumpur location, and never lists it there", async () => {
    const mine = (await create({ name: "KL only" })).body.result;
    for (const [name, call] of [
      [
        "modify_location",
        () =>
          server.send(API.locations.modify, { id: mine.id, name: "Taken over", address: "x" }, { as: "vendor2_admin" }),
      ],
      ["remove_location", () => server.send(API.locations.remove, { id: mine.id }, { as: "vendor2_admin" })],
    ] as const) {
      const { http, body } = await call();
      expect(http, name).toBe(404);
      expect(body.code, name).toBe("NOT_FOUND");
    }
    const theirs = await list({ page_size: 200 }, "vendor2_admin");
    expect(theirs.body.result.items.some((l) => l.id === mine.id)).toBe(false);
    const [row] = await server.database.db.select().from(locations).where(eq(locations.id, mine.id));
    expect(row?.name).toBe("KL only");
    const bkkRows = await server.database.db.select().from(locations).where(eq(locations.vendorId, bkkVendorId));
    expect(bkkRows.map((r) => r.name)).toEqual(["Cheras"]);
  });
});

describe("locations: level 4 keys", () => {
  it("every level-4 account views locations (spec §6 locks loc_query on); adding, modifying, removing need their keys", async () => {
    const { username: bare } = await vendorSubAccount(server.database, {
      vendorId: klVendorId,
      username: "loc_bare",
      permissions: [],
    });
    const { username: keeper } = await vendorSubAccount(server.database, {
      vendorId: klVendorId,
      username: "loc_keeper",
      permissions: ["loc_add", "loc_modify", "loc_remove"],
    });
    expect((await list({}, bare)).http).toBe(200);
    const refused = await create({ name: "By a bare role" }, bare);
    expect([refused.http, refused.body.code]).toEqual([403, "NO_PERMISSION"]);
    const made = await create({ name: "By a keeper" }, keeper);
    expect(made.http, JSON.stringify(made.body)).toBe(200);
    const id = made.body.result.id;
    for (const [call, body] of [
      [API.locations.modify, { id, name: "Renamed by a bare role", address: "x" }],
      [API.locations.remove, { id }],
    ] as const) {
      const { http, body: answer } = await server.sendRaw(call, body, { as: bare });
      expect([http, answer.code], call.path).toEqual([403, "NO_PERMISSION"]);
    }
    const changed = await server.send(
      API.locations.modify,
      { id, name: "Renamed by a keeper", address: "x" },
      { as: keeper },
    );
    expect(changed.http).toBe(200);
    expect((await server.send(API.locations.remove, { id }, { as: keeper })).http).toBe(200);
  });

  it("group levels do not reach a vendor's locations", async () => {
    const { http, body } = await list({}, "group_admin");
    expect(http).toBe(403);
    expect(body.code).toBe("NO_PERMISSION");
  });
});

describe("locations: list order and paging", () => {
  beforeAll(async () => {
    const { db } = server.database;
    await db.delete(shops).where(eq(shops.vendorId, klVendorId));
    await db.delete(locations).where(eq(locations.vendorId, klVendorId));
    for (const name of ["beta", "Alpha", "delta", "Charlie", "echo"]) expect((await create({ name })).http).toBe(200);
  });

  async function allPages(sort: NameSort, pageSize = 2): Promise<string[]> {
    const names: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 20; pages++) {
      const answer = await list({
        sort,
        page_size: pageSize,
        ...(cursor ? { cursor } : {}),
      });
      names.push(...answer.body.result.items.map((l) => l.name));
      cursor = answer.body.result.next_cursor;
      if (!cursor) break;
    }
    return names;
  }

  it("sorts by name either way, case-insensitively, and by age, paging without overlap or gaps", async () => {
    expect(await allPages("name_asc")).toEqual(["Alpha", "beta", "Charlie", "delta", "echo"]);
    expect(await allPages("name_desc")).toEqual(["echo", "delta", "Charlie", "beta", "Alpha"]);
    expect(await allPages("oldest")).toEqual(["beta", "Alpha", "delta", "Charlie", "echo"]);
    expect(await allPages("newest", 3)).toEqual(["echo", "Charlie", "delta", "Alpha", "beta"]);
    expect((await list({})).body.result.total).toBe(5);
  });

  it("refuses a cursor it did not make and an unknown sort", async () => {
    for (const cursor of ["garbage", Buffer.from('n:["x"]').toString("base64url")]) {
      const bad = await list({ sort: "name_asc", cursor });
      expect(bad.body, cursor).toMatchObject({ code: "VALIDATION_FAILED", field: "cursor" });
    }
    const sort = await server.sendRaw(API.locations.list, { sort: "price" }, { as: "vendor_admin" });
    expect(sort.body).toMatchObject({ code: "VALIDATION_FAILED", field: "sort" });
  });
});

describe("locations: operation log", () => {
  it("logs each change with its action and the location", async () => {
    const rows = await server.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.vendorId, klVendorId)));
    const actions = new Set(rows.map((r) => r.action));
    for (const action of ["locations.create", "locations.modify", "locations.remove"])
      expect(actions.has(action), action).toBe(true);
    expect(rows.some((r) => r.action === "locations.remove" && r.errorCode === "HAS_DEPENDENTS")).toBe(true);
    expect(rows.some((r) => r.action === "locations.create" && /^location:\d+$/.test(r.target))).toBe(true);
  });
});
