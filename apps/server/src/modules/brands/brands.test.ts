import { API, type BodyOf, type BrandItem } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, otherTenant } from "../../test/fixtures.js";
import { type AnswerOf, type SendOptions, startTestServer, type TestServer } from "../../test/harness.js";
import { operationLog } from "../operation-log/tables.js";
import { shops } from "../shops/tables.js";
import { groups } from "../tenancy/tables.js";
import { JPEG, PNG, tempDataDir, uploadKey, WEBP } from "../uploads/test-helpers.js";
import { brands } from "./tables.js";

let server: TestServer;
const dataDir = tempDataDir("brands");
let groupId = 0;
let token = "";
/** The main administrator of another group. */
let otherToken = "";
let logo = "";
let icon = "";

type BrandFields = BodyOf<typeof API.brands.create>;

function brand(fields: Partial<BrandFields> = {}): BrandFields {
  return {
    name: "Bubbles",
    longitude: 101.6869,
    latitude: 3.139,
    service_time: "08:00-22:00",
    country: "Malaysia",
    province: "Selangor",
    city: "Kuala Lumpur",
    address: "1 Jalan Ampang",
    manager: "Mei",
    region: "Central",
    contact_phone: "+60 3 1234 5678",
    ...fields,
  };
}

const create = (fields: Partial<BrandFields>, options: SendOptions = { token }) =>
  server.send(API.brands.create, brand(fields), options);

async function setLimit(limit: number) {
  await server.database.db.update(groups).set({ brandLimit: limit }).where(eq(groups.id, groupId));
}

beforeAll(async () => {
  server = await startTestServer({ dataDir: dataDir.dir });
  groupId = (await demoVendors(server.database)).groupId;
  token = await server.login("group_admin");
  const other = await otherTenant(server.database);
  otherToken = await server.login(other.groupAdmin.username);
  logo = await uploadKey(server, token, PNG);
  icon = await uploadKey(server, token, JPEG);
});
afterAll(async () => {
  await server.close();
  dataDir.remove();
});

describe("brands: create with every §3 field", () => {
  it("creates a brand with its logo and icon, and lists it", async () => {
    const { http, body } = await create({ name: "Full brand", logo: [logo], icon: [icon] });
    expect(http, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({
      name: "Full brand",
      longitude: 101.6869,
      latitude: 3.139,
      service_time: "08:00-22:00",
      country: "Malaysia",
      province: "Selangor",
      city: "Kuala Lumpur",
      address: "1 Jalan Ampang",
      manager: "Mei",
      region: "Central",
      contact_phone: "+60 3 1234 5678",
      logo: [logo],
      icon: [icon],
      status: 1,
    });
    const list = await server.send(API.brands.list, { name: "full" }, { as: "group_sub" });
    expect(list.body.result.items.map((b) => b.name)).toEqual(["Full brand"]);
    expect(list.body.result.brand_limit).toBe(20);
  });

  it.each(["name", "longitude", "latitude", "service_time", "country", "province", "city", "address", "contact_phone"])(
    "requires %s (spec §5)",
    async (field) => {
      const { http, body } = await create({ name: `Missing ${field}`, [field]: "" });
      expect(http).toBe(400);
      expect(body).toMatchObject({ code: "VALIDATION_FAILED", field, message_key: "validation.required" });
    },
  );

  it("leaves manager and region optional", async () => {
    const { http } = await create({ name: "No manager", manager: "", region: undefined });
    expect(http).toBe(200);
  });

  it("takes coordinates as decimals: numbers or decimal text, never 'abc', within range", async () => {
    const text = await create({ name: "Text coords", longitude: "-122.4194", latitude: "37.7749" });
    expect(text.http, JSON.stringify(text.body)).toBe(200);
    expect(text.body.result).toMatchObject({ longitude: -122.4194, latitude: 37.7749 });
    for (const [field, value, key] of [
      ["longitude", "abc", "validation.decimal"],
      ["latitude", "abc", "validation.decimal"],
      ["longitude", "1.2.3", "validation.decimal"],
      ["latitude", "12e3", "validation.decimal"],
      ["longitude", 180.0001, "validation.longitude"],
      ["latitude", -90.5, "validation.latitude"],
    ] as const) {
      const { http, body } = await create({ name: `Bad ${field} ${value}`, [field]: value });
      expect(http, `${field}=${value}`).toBe(400);
      expect(body, `${field}=${value}`).toMatchObject({ field, message_key: key });
    }
    const edges = await create({ name: "Edges", longitude: -180, latitude: 90 });
    expect(edges.http).toBe(200);
  });

  it("takes one logo and one icon only: a second image is refused", async () => {
    const second = await uploadKey(server, token, WEBP);
    for (const field of ["logo", "icon"]) {
      const { http, body } = await create({ name: `Two ${field}s`, [field]: [logo, second] });
      expect(http, field).toBe(400);
      expect(body, field).toMatchObject({ code: "VALIDATION_FAILED", field, message_key: "validation.oneImage" });
    }
  });

  it("refuses images the group did not upload (another group's, or made-up keys)", async () => {
    const theirs = await uploadKey(server, otherToken, Buffer.concat([PNG, Buffer.from("other")]));
    const { http, body } = await create({ name: "Stolen logo", logo: [theirs] });
    expect(http).toBe(400);
    expect(body).toMatchObject({ field: "logo", message_key: "validation.imageUnknown" });
    const made = await create({ name: "Made-up icon", icon: [`${"a".repeat(64)}.png`] });
    expect(made.body).toMatchObject({ field: "icon", message_key: "validation.imageUnknown" });
    const malformed = await create({ name: "Malformed", icon: ["../../secret.key"] });
    expect(malformed.body).toMatchObject({ code: "VALIDATION_FAILED", field: "icon.0" });
  });

  it("answers RECORD_EXISTS for a second brand of the same name in the group, not in another group", async () => {
    const { http, body } = await create({ name: "Full brand" });
    expect(http).toBe(409);
    expect(body).toMatchObject({ code: "RECORD_EXISTS", field: "name" });
    const elsewhere = await create({ name: "Full brand" }, { token: otherToken });
    expect(elsewhere.http).toBe(200);
  });

  it("is for group levels only: merchants are refused", async () => {
    const { http, body } = await server.send(API.brands.list, {}, { as: "vendor_admin" });
    expect(http).toBe(403);
    expect(body.code).toBe("NO_PERMISSION");
  });
});

describe("brands: the group's cap", () => {
  it("allows exactly brand_limit brands and refuses one more with BRAND_LIMIT", async () => {
    const { db } = server.database;
    await db.delete(brands).where(eq(brands.groupId, groupId));
    await setLimit(3);
    for (const n of [1, 2, 3]) expect((await create({ name: `Cap ${n}` })).http).toBe(200);
    const { http, body } = await create({ name: "Cap 4" });
    expect(http).toBe(409);
    expect(body.code).toBe("BRAND_LIMIT");
    expect(body.message).toMatch(/brand count exceeds limit/i);
    // Removing one frees a place.
    const list = await server.send(API.brands.list, {}, { token });
    const first = list.body.result.items[0];
    if (!first) throw new Error("no brand");
    expect((await server.send(API.brands.remove, { id: first.id }, { token })).http).toBe(200);
    expect((await create({ name: "Cap 4" })).http).toBe(200);
  });

  it("holds under concurrency: two creations at limit-1 give exactly one brand", async () => {
    const { db } = server.database;
    await db.delete(brands).where(eq(brands.groupId, groupId));
    await setLimit(2);
    expect((await create({ name: "Race 0" })).http).toBe(200);
    const results = await Promise.all([create({ name: "Race A" }), create({ name: "Race B" }, { as: "group_sub" })]);
    const codes = results.map((r) => (r.http === 200 ? "OK" : r.body.code)).sort();
    expect(codes).toEqual(["BRAND_LIMIT", "OK"]);
    const rows = await db.select().from(brands).where(eq(brands.groupId, groupId));
    expect(rows).toHaveLength(2);
  });

  it("holds for many concurrent creations too", async () => {
    const { db } = server.database;
    await db.delete(brands).where(eq(brands.groupId, groupId));
    await setLimit(3);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => create({ name: `Burst ${i}` })));
    expect(results.filter((r) => r.http === 200)).toHaveLength(3);
    expect(results.filter((r) => r.body.code === "BRAND_LIMIT")).toHaveLength(5);
  });

  afterAll(() => setLimit(20));
});

describe("brands: modify, status, remove within the group", () => {
  let mine: BrandItem;
  let theirs: BrandItem;

  beforeAll(async () => {
    mine = (await create({ name: "Editable" })).body.result;
    theirs = (await create({ name: "Their brand" }, { token: otherToken })).body.result;
  });

  it("modifies every field", async () => {
    const { http, body } = await server.send(
      API.brands.modify,
      { ...brand({ name: "Edited", city: "Petaling Jaya", logo: [logo], latitude: "3.1073" }), id: mine.id },
      { token },
    );
    expect(http, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({
      id: mine.id,
      name: "Edited",
      city: "Petaling Jaya",
      logo: [logo],
      latitude: 3.1073,
    });
  });

  it("disables and enables with modify_brand_status, and filters the list by status", async () => {
    const off = await server.send(API.brands.setStatus, { id: mine.id, status: 0 }, { token });
    expect(off.body.result.status).toBe(0);
    const disabled = await server.send(API.brands.list, { status: 0 }, { token });
    expect(disabled.body.result.items.map((b) => b.id)).toEqual([mine.id]);
    const on = await server.send(API.brands.setStatus, { id: mine.id, status: 1 }, { token });
    expect(on.body.result.status).toBe(1);
    const bad = await server.sendRaw(API.brands.setStatus, { id: mine.id, status: 2 }, { token });
    expect(bad.http).toBe(400);
  });

  it("answers NOT_FOUND for another group's brand on every call, and never lists it", async () => {
    for (const [name, call] of [
      [
        "modify_brand",
        () => server.send(API.brands.modify, { ...brand({ name: "Hijacked" }), id: theirs.id }, { token }),
      ],
      ["modify_brand_status", () => server.send(API.brands.setStatus, { id: theirs.id, status: 0 }, { token })],
      ["remove_brand", () => server.send(API.brands.remove, { id: theirs.id }, { token })],
    ] as const) {
      const { http, body } = await call();
      expect(http, name).toBe(404);
      expect(body.code, name).toBe("NOT_FOUND");
    }
    const list = await server.send(API.brands.list, { page_size: 200 }, { token });
    expect(list.body.result.items.some((b) => b.id === theirs.id)).toBe(false);
    const [row] = await server.database.db.select().from(brands).where(eq(brands.id, theirs.id));
    expect(row?.name).toBe("Their brand");
    expect(row?.status).toBe(1);
  });

  it("renaming onto an existing name answers RECORD_EXISTS", async () => {
    await create({ name: "Taken" });
    const { http, body } = await server.send(
      API.brands.modify,
      { ...brand({ name: "Taken" }), id: mine.id },
      { token },
    );
    expect(http).toBe(409);
    expect(body.code).toBe("RECORD_EXISTS");
  });

  it("refuses to remove a brand shops still carry, naming how many", async () => {
    const used = (await create({ name: "Worn by shops" })).body.result;
    const { db } = server.database;
    const { kl } = await demoVendors(server.database);
    await db.insert(shops).values([
      { vendorId: kl.id, name: "Brand user 1", address: "1 Jalan A", serviceType: 1, brandId: used.id },
      { vendorId: kl.id, name: "Brand user 2", address: "2 Jalan B", serviceType: 1, brandId: used.id },
    ]);
    const { http, body } = await server.send(API.brands.remove, { id: used.id }, { token });
    expect([http, body.code, body.message_key, body.message_params]).toEqual([
      409,
      "HAS_DEPENDENTS",
      "brands.usedByShops",
      { shops: 2 },
    ]);
    const [row] = await db.select().from(brands).where(eq(brands.id, used.id));
    expect(row?.name).toBe("Worn by shops");
  });

  it("removes a brand, then answers NOT_FOUND for it", async () => {
    expect((await server.send(API.brands.remove, { id: mine.id }, { token })).http).toBe(200);
    const again = await server.send(API.brands.remove, { id: mine.id }, { token });
    expect(again.body.code).toBe("NOT_FOUND");
  });

  it("logs every change with its action and record", async () => {
    const rows = await server.database.db.select().from(operationLog).where(eq(operationLog.groupId, groupId));
    const actions = new Set(rows.map((r) => r.action));
    for (const action of ["brands.create", "brands.modify", "brands.setStatus", "brands.remove"]) {
      expect(actions.has(action), action).toBe(true);
    }
    expect(rows.some((r) => r.action === "brands.create" && r.errorCode === "BRAND_LIMIT")).toBe(true);
    expect(rows.some((r) => r.action === "brands.remove" && r.target === `brand:${mine.id}`)).toBe(true);
  });
});

describe("brands: paging", () => {
  it("pages by cursor without overlap", async () => {
    const seen = new Set<number>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response: AnswerOf<typeof API.brands.list> = await server.send(
        API.brands.list,
        { page_size: 2, ...(cursor ? { cursor } : {}) },
        { token },
      );
      const { body } = response;
      for (const item of body.result.items) {
        expect(seen.has(item.id)).toBe(false);
        seen.add(item.id);
      }
      cursor = body.result.next_cursor;
      pages++;
    } while (cursor && pages < 50);
    const total = await server.database.db.select().from(brands).where(eq(brands.groupId, groupId));
    expect(seen.size).toBe(total.length);
    const bad = await server.send(API.brands.list, { cursor: "garbage" }, { token });
    expect(bad.body).toMatchObject({ code: "VALIDATION_FAILED", field: "cursor" });
  });
});
