import { ALLIANCE_TYPE, type AllianceItem, API, type BodyOf } from "@washboard/shared";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../platform/auth/passwords.js";
import { demoVendors, otherTenant, vendorSubAccount } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { allPages, expectNameSorting } from "../../test/list-paging.js";
import { accounts } from "../accounts/tables.js";
import { ecards } from "../ecards/tables.js";
import { operationLog } from "../operation-log/tables.js";
import { shops } from "../shops/tables.js";
import { vendors } from "../tenancy/tables.js";
import { alliances } from "./tables.js";

let server: TestServer;
let klId = 0;
let bkkId = 0;
/** Kuala Lumpur's shops by name, and one Bangkok shop. */
const shop = { "KL Ampang": 0, "KL Bangsar": 0, "KL Cheras": 0, "KL Damansara": 0, "KL Sentul": 0, "BKK Silom": 0 };
type ShopName = keyof typeof shop;
let demoCard = 0;
let foreignCard = 0;

type AllianceFields = Partial<BodyOf<typeof API.alliances.create> & BodyOf<typeof API.alliances.modify>>;

const alliance = <Fields extends AllianceFields>(fields: Fields) => ({
  name: "Alliance",
  type: ALLIANCE_TYPE.laundry,
  ...fields,
});
const create = (fields: AllianceFields, username = "vendor_admin") =>
  server.send(API.alliances.create, alliance(fields), { as: username });
const modify = (fields: BodyOf<typeof API.alliances.modify>, username = "vendor_admin") =>
  server.send(API.alliances.modify, fields, { as: username });
const list = (filters: BodyOf<typeof API.alliances.list> = {}) =>
  server.send(API.alliances.list, filters, { as: "vendor_admin" });

async function insertShops(vendorId: number, names: ShopName[]) {
  const rows = await server.database.db
    .insert(shops)
    .values(names.map((name) => ({ vendorId, name, address: `${name} street`, serviceType: 1 })))
    .returning({ id: shops.id, name: shops.name });
  for (const name of names) shop[name] = rows.find((row) => row.name === name)?.id ?? 0;
}

async function membersOf(allianceId: number): Promise<string[]> {
  const rows = await server.database.db.select().from(shops).where(eq(shops.allianceId, allianceId));
  return rows.map((r) => r.name).sort();
}

beforeAll(async () => {
  server = await startTestServer();
  const { kl, bkk, groupId } = await demoVendors(server.database);
  klId = kl.id;
  bkkId = bkk.id;
  await insertShops(klId, ["KL Ampang", "KL Bangsar", "KL Cheras", "KL Damansara", "KL Sentul"]);
  await insertShops(bkkId, ["BKK Silom"]);
  // A level-4 account given the alliance keys (only allia_query is locked on).
  await vendorSubAccount(server.database, {
    vendorId: klId,
    username: "allia_keeper",
    permissions: ["allia_add", "allia_modify", "allia_remove"],
  });
  const other = await otherTenant(server.database);
  const [mine, theirs] = await server.database.db
    .insert(ecards)
    .values([
      { groupId, name: "Demo member card" },
      { groupId: other.group.id, name: "Foreign card" },
    ])
    .returning();
  demoCard = mine?.id ?? 0;
  foreignCard = theirs?.id ?? 0;
});
afterAll(() => server.close());

describe("alliances: create with every §3 field", () => {
  it("creates an alliance with member shops and card template, lists it with member names", async () => {
    const { http, body } = await create({
      name: "Klang Valley",
      type: 2,
      shop_ids: [shop["KL Bangsar"], shop["KL Ampang"]],
      ecard_id: demoCard,
      remark: "Shared loyalty",
    });
    expect(http, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({
      name: "Klang Valley",
      type: 2,
      ecard_id: demoCard,
      ecard_name: "Demo member card",
      remark: "Shared loyalty",
      status: 1,
      shops: [
        { id: shop["KL Ampang"], name: "KL Ampang" },
        { id: shop["KL Bangsar"], name: "KL Bangsar" },
      ],
    });
    const listed = await list({
      name: "klang",
    });
    expect(listed.body.result.items.map((a) => [a.name, a.shops.length])).toEqual([["Klang Valley", 2]]);
  });

  it("offers only shops in no alliance to the member picker", async () => {
    const { body } = await server.send(API.alliances.freeShops, {}, { as: "vendor_admin" });
    expect(body.result.shops.map((s) => s.name)).toEqual(["KL Cheras", "KL Damansara", "KL Sentul"]);
    expect(body.result.shops[0]).toMatchObject({ address: "KL Cheras street" });
  });

  it("name: required, 64 characters pass, 65 fail; remark: 255 pass, 256 fail", async () => {
    const empty = await create({ name: "  " });
    expect([empty.http, empty.body.field, empty.body.message_key]).toEqual([400, "name", "validation.required"]);
    expect((await create({ name: "n".repeat(64) })).http).toBe(200);
    const long = await create({ name: "n".repeat(65) });
    expect([long.http, long.body.field, long.body.message_key]).toEqual([400, "name", "validation.tooLong"]);
    expect((await create({ name: "Remark 255", remark: "r".repeat(255) })).http).toBe(200);
    const remark = await create({ name: "Remark 256", remark: "r".repeat(256) });
    expect([remark.http, remark.body.field]).toEqual([400, "remark"]);
  });

  it("type is 1 (laundry) or 2 (cross-industry); status 1 or 0", async () => {
    for (const type of [0, 3, "1"]) {
      const payload = { ...alliance({ name: `Type ${type}` }), type };
      const { http, body } = await server.sendRaw(API.alliances.create, payload, { as: "vendor_admin" });
      expect([http, body.field], String(type)).toEqual([400, "type"]);
    }
    const missing = await server.sendRaw(API.alliances.create, { name: "No type" }, { as: "vendor_admin" });
    expect(missing.body.field).toBe("type");
    const disabled = await create({ name: "Born disabled", status: 0 });
    expect(disabled.body.result.status).toBe(0);
    const bad = await server.sendRaw(
      API.alliances.create,
      { ...alliance({ name: "Status 2" }), status: 2 },
      {
        as: "vendor_admin",
      },
    );
    expect([bad.http, bad.body.field]).toEqual([400, "status"]);
  });

  it("answers RECORD_EXISTS for a name the vendor already uses, whatever its case; another vendor may use it", async () => {
    const { http, body } = await create({ name: "KLANG valley" });
    expect([http, body.code, body.field]).toEqual([409, "RECORD_EXISTS", "name"]);
    const elsewhere = await server.send(API.alliances.create, alliance({ name: "Klang Valley" }), {
      as: "vendor2_admin",
    });
    expect(elsewhere.http).toBe(200);
  });

  it("refuses a shop of another vendor, and one already in another alliance, creating nothing", async () => {
    const foreign = await create({ name: "Foreign shop", shop_ids: [shop["BKK Silom"]] });
    expect(foreign.body).toMatchObject({
      code: "VALIDATION_FAILED",
      field: "shop_ids",
      message_key: "alliances.errors.shopUnknown",
    });
    const made = await create({ name: "Made-up shop", shop_ids: [999_999] });
    expect(made.body.message_key).toBe("alliances.errors.shopUnknown");
    const taken = await create({ name: "Taken shop", shop_ids: [shop["KL Cheras"], shop["KL Ampang"]] });
    expect(taken.body).toMatchObject({
      code: "VALIDATION_FAILED",
      field: "shop_ids",
      message_key: "alliances.errors.shopInOtherAlliance",
      message_params: { shop: "KL Ampang" },
    });
    expect(taken.body.message).toContain("KL Ampang");
    const rows = await server.database.db
      .select()
      .from(alliances)
      .where(inArray(alliances.name, ["Foreign shop", "Made-up shop", "Taken shop"]));
    expect(rows).toEqual([]);
    const [cheras] = await server.database.db.select().from(shops).where(eq(shops.id, shop["KL Cheras"]));
    expect(cheras?.allianceId).toBeNull();
    const twice = await create({ name: "Twice", shop_ids: [shop["KL Cheras"], shop["KL Cheras"]] });
    expect([twice.http, twice.body.field]).toEqual([400, "shop_ids"]);
  });

  it("two alliances claiming one free shop at once: exactly one gets it", async () => {
    const results = await Promise.all([
      create({ name: "Race A", shop_ids: [shop["KL Sentul"]] }),
      server.send(API.alliances.create, alliance({ name: "Race B", shop_ids: [shop["KL Sentul"]] }), {
        as: "allia_keeper",
      }),
    ]);
    expect(results.map((r) => r.http).sort()).toEqual([200, 400]);
    const [sentul] = await server.database.db.select().from(shops).where(eq(shops.id, shop["KL Sentul"]));
    const winner = results.find((r) => r.http === 200)?.body.result;
    expect(sentul?.allianceId).toBe(winner?.id);
    // Release it again for the tests below.
    await modify(alliance({ id: winner?.id ?? 0, name: winner?.name ?? "", shop_ids: [] }));
  });

  it("takes a virtual card of the vendor's own group only", async () => {
    const foreign = await create({ name: "Foreign card", ecard_id: foreignCard });
    expect(foreign.body).toMatchObject({ field: "ecard_id", message_key: "alliances.errors.ecardUnknown" });
    const none = await create({ name: "No card", ecard_id: null });
    expect(none.body.result.ecard_id).toBeNull();
  });
});

describe("alliances: virtual card templates", () => {
  it("lists the e-cards of the vendor's group, not another group's", async () => {
    const { body } = await server.send(API.alliances.ecards, {}, { as: "vendor_admin" });
    expect(body.result.ecards).toEqual([{ id: demoCard, name: "Demo member card" }]);
  });

  it("gives a merchant without a group an empty list", async () => {
    const { db } = server.database;
    const [alone] = await db
      .insert(vendors)
      .values({ name: "Lone Laundry", currency: "MYR", language: "en", timeZone: "Asia/Kuala_Lumpur" })
      .returning();
    await db.insert(accounts).values({
      username: "lone_admin",
      nickname: "Lone",
      level: 3,
      vendorId: alone?.id,
      passwordHash: await hashPassword("demo1234"),
    });
    const { body } = await server.send(API.alliances.ecards, {}, { as: "lone_admin" });
    expect(body.result.ecards).toEqual([]);
    const refused = await server.send(API.alliances.create, alliance({ name: "Lone", ecard_id: demoCard }), {
      as: "lone_admin",
    });
    expect(refused.body.field).toBe("ecard_id");
  });
});

describe("alliances: modify, status, remove", () => {
  let main: AllianceItem;
  let other: AllianceItem;
  let theirs: AllianceItem;

  beforeAll(async () => {
    main = (await create({ name: "Members", shop_ids: [shop["KL Cheras"], shop["KL Damansara"]] })).body.result;
    const klang = await list({ name: "Klang Valley" });
    other = klang.body.result.items[0] ?? main;
    theirs = (
      await server.send(API.alliances.create, alliance({ name: "Bangkok", shop_ids: [shop["BKK Silom"]] }), {
        as: "vendor2_admin",
      })
    ).body.result;
  });

  it("replaces the member set: shops left out are released, new ones join", async () => {
    const { http, body } = await modify({
      id: main.id,
      name: "Members renamed",
      type: 2,
      shop_ids: [shop["KL Damansara"], shop["KL Sentul"]],
      ecard_id: demoCard,
      remark: "changed",
    });
    expect(http, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({ name: "Members renamed", type: 2, ecard_id: demoCard, remark: "changed" });
    expect(await membersOf(main.id)).toEqual(["KL Damansara", "KL Sentul"]);
    const free = await server.send(API.alliances.freeShops, {}, { as: "vendor_admin" });
    expect(free.body.result.shops.map((s) => s.name)).toEqual(["KL Cheras"]);
  });

  it("refuses a shop of another alliance and leaves the members as they were (one transaction)", async () => {
    const { body } = await modify({
      id: main.id,
      name: "Members renamed",
      type: 2,
      shop_ids: [shop["KL Cheras"], shop["KL Ampang"]],
    });
    expect(body).toMatchObject({ code: "VALIDATION_FAILED", message_params: { shop: "KL Ampang" } });
    expect(await membersOf(main.id)).toEqual(["KL Damansara", "KL Sentul"]);
    expect(await membersOf(other.id)).toEqual(["KL Ampang", "KL Bangsar"]);
    const foreign = await modify({ id: main.id, name: "Members renamed", type: 2, shop_ids: [shop["BKK Silom"]] });
    expect(foreign.body.message_key).toBe("alliances.errors.shopUnknown");
    expect(await membersOf(main.id)).toEqual(["KL Damansara", "KL Sentul"]);
  });

  it("renaming onto another alliance's name answers RECORD_EXISTS", async () => {
    const { http, body } = await modify({
      id: main.id,
      name: "klang VALLEY",
      type: 1,
      shop_ids: [shop["KL Damansara"], shop["KL Sentul"]],
    });
    expect([http, body.code]).toEqual([409, "RECORD_EXISTS"]);
    expect(await membersOf(main.id)).toEqual(["KL Damansara", "KL Sentul"]);
  });

  it("disables and enables, and filters the list by status, type and name", async () => {
    const off = await server.send(API.alliances.setStatus, { id: main.id, status: 0 }, { as: "vendor_admin" });
    expect(off.body.result.status).toBe(0);
    const disabled = await list({ status: 0 });
    expect(disabled.body.result.items.map((a) => a.id)).toContain(main.id);
    expect(disabled.body.result.items.every((a) => a.status === 0)).toBe(true);
    const on = await server.send(API.alliances.setStatus, { id: main.id, status: 1 }, { as: "vendor_admin" });
    expect(on.body.result.status).toBe(1);
    const bad = await server.sendRaw(API.alliances.setStatus, { id: main.id, status: 2 }, { as: "vendor_admin" });
    expect(bad.http).toBe(400);
    const cross = await list({ type: 2 });
    expect(cross.body.result.items.length).toBeGreaterThan(0);
    expect(cross.body.result.items.every((a) => a.type === 2)).toBe(true);
  });

  it("refuses to remove an alliance with member shops, naming how many (HAS_DEPENDENTS)", async () => {
    const { http, body } = await server.send(API.alliances.remove, { id: main.id }, { as: "vendor_admin" });
    expect(http).toBe(409);
    expect(body).toMatchObject({
      code: "HAS_DEPENDENTS",
      message_key: "alliances.hasShops",
      message_params: { shops: 2 },
    });
    expect(body.message).toContain("2");
    expect(await membersOf(main.id)).toEqual(["KL Damansara", "KL Sentul"]);
  });

  it("answers NOT_FOUND for another vendor's alliance on every call, and never lists it", async () => {
    const bangkok = { as: "vendor2_admin" };
    for (const [name, call] of [
      [
        "modify_alliance",
        () => server.send(API.alliances.modify, alliance({ id: main.id, name: "Hijacked" }), bangkok),
      ],
      ["modify_alliance_status", () => server.send(API.alliances.setStatus, { id: main.id, status: 0 }, bangkok)],
      ["remove_alliance", () => server.send(API.alliances.remove, { id: main.id }, bangkok)],
    ] as const) {
      const { http, body } = await call();
      expect([http, body.code], name).toEqual([404, "NOT_FOUND"]);
    }
    const listed = await list({ page_size: 200 });
    expect(listed.body.result.items.some((a) => a.id === theirs.id)).toBe(false);
    const [row] = await server.database.db.select().from(alliances).where(eq(alliances.id, main.id));
    expect([row?.name, row?.status]).toEqual(["Members renamed", 1]);
    expect(await membersOf(main.id)).toEqual(["KL Damansara", "KL Sentul"]);
  });

  it("removes an alliance once its members are released, then answers NOT_FOUND", async () => {
    await modify(alliance({ id: main.id, name: "Members renamed", shop_ids: [] }));
    expect((await server.send(API.alliances.remove, { id: main.id }, { as: "vendor_admin" })).http).toBe(200);
    const again = await server.send(API.alliances.remove, { id: main.id }, { as: "vendor_admin" });
    expect(again.body.code).toBe("NOT_FOUND");
  });

  it("logs every change with its action and record", async () => {
    const rows = await server.database.db.select().from(operationLog).where(eq(operationLog.vendorId, klId));
    const actions = new Set(rows.map((r) => r.action));
    for (const action of ["alliances.create", "alliances.modify", "alliances.setStatus", "alliances.remove"]) {
      expect(actions.has(action), action).toBe(true);
    }
    expect(rows.some((r) => r.action === "alliances.remove" && r.errorCode === "HAS_DEPENDENTS")).toBe(true);
    expect(rows.some((r) => r.action === "alliances.remove" && r.target === `alliance:${main.id}`)).toBe(true);
  });
});

describe("alliances: level 4 and the session list", () => {
  it("every level-4 account views alliances (§6 locks allia_query on); a role without allia_add, allia_modify, allia_remove changes none", async () => {
    // vendor_sub's role stores no allia_* key.
    expect((await server.send(API.alliances.list, {}, { as: "vendor_sub" })).http).toBe(200);
    const refused = await server.send(API.alliances.create, alliance({ name: "By the supervisor" }), {
      as: "vendor_sub",
    });
    expect([refused.http, refused.body.code]).toEqual([403, "NO_PERMISSION"]);
    const created = await server.send(API.alliances.create, alliance({ name: "By the keeper" }), {
      as: "allia_keeper",
    });
    expect(created.http, JSON.stringify(created.body)).toBe(200);
    const id = created.body.result.id;
    for (const [call, body] of [
      [API.alliances.modify, alliance({ id, name: "By the supervisor 2" })],
      [API.alliances.setStatus, { id, status: 0 }],
      [API.alliances.remove, { id }],
    ] as const) {
      const { http, body: answer } = await server.sendRaw(call, body, { as: "vendor_sub" });
      expect([http, answer.code], call.path).toEqual([403, "NO_PERMISSION"]);
    }
    expect((await modify(alliance({ id, name: "By the keeper 2" }), "allia_keeper")).http).toBe(200);
    expect((await server.send(API.alliances.setStatus, { id, status: 0 }, { as: "allia_keeper" })).http).toBe(200);
    expect((await server.send(API.alliances.remove, { id }, { as: "allia_keeper" })).http).toBe(200);
  });

  it("is for vendor levels: group accounts are refused", async () => {
    const { http, body } = await server.send(API.alliances.list, {}, { as: "group_admin" });
    expect([http, body.code]).toEqual([403, "NO_PERMISSION"]);
  });

  it("answers the vendor's alliances by name for the session", async () => {
    const { body } = await server.send(API.alliances.sessionList, {}, { as: "vendor2_admin" });
    expect(body.result.alliances.map((a) => a.name)).toEqual(["Bangkok", "Klang Valley"]);
  });
});

describe("alliances: paging", () => {
  it("pages by cursor without overlap", async () => {
    const seen = new Set<number>();
    for (const item of await allPages(list, {}, 2)) {
      expect(seen.has(item.id)).toBe(false);
      seen.add(item.id);
    }
    const all = await server.database.db.select().from(alliances).where(eq(alliances.vendorId, klId));
    expect(seen.size).toBe(all.length);
    const bad = await list({ cursor: "garbage" });
    expect(bad.body).toMatchObject({ code: "VALIDATION_FAILED", field: "cursor" });
  });
});

describe("alliances: sorting", () => {
  it("sorts by name either way, case-insensitively, and by age, paging without overlap", async () => {
    await expectNameSorting({
      create: (name) => create({ name }),
      list,
    });
  });
});
