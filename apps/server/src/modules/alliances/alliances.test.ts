import type { AllianceItem, AllianceShopOption, NamedOption } from "@washboard/shared";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../platform/auth/passwords.js";
import { demoVendors, otherTenant, startTestServer, type TestServer } from "../../test/harness.js";
import { allPages, expectNameSorting } from "../../test/list-paging.js";
import { accounts } from "../accounts/tables.js";
import { ecards } from "../ecards/tables.js";
import { operationLog } from "../operation-log/tables.js";
import { shops } from "../shops/tables.js";
import { vendors } from "../tenancy/tables.js";
import { alliances } from "./tables.js";

const BASE = "/api/Alliance";

let server: TestServer;
let klId = 0;
let bkkId = 0;
/** Kuala Lumpur's shops by name, and one Bangkok shop. */
const shop: Record<string, number> = {};
let demoCard = 0;
let foreignCard = 0;

interface Envelope<T> {
  http: number;
  body: {
    status: number;
    result: T;
    code?: string;
    field?: string;
    message?: string;
    message_key?: string;
    message_params?: Record<string, unknown>;
  };
}

const as = <T = AllianceItem>(username: string, call: string, body: Record<string, unknown> = {}) =>
  server.callAs<T>(username, `${BASE}/${call}`, body) as Promise<Envelope<T>>;

const alliance = (fields: Record<string, unknown> = {}) => ({ name: "Alliance", type: 1, ...fields });
const create = (fields: Record<string, unknown>, username = "vendor_admin") =>
  as(username, "create_alliance", alliance(fields));

async function insertShops(vendorId: number, names: string[]) {
  const rows = await server.database.db
    .insert(shops)
    .values(names.map((name) => ({ vendorId, name, address: `${name} street`, serviceType: 1 })))
    .returning({ id: shops.id, name: shops.name });
  for (const row of rows) shop[row.name] = row.id;
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
  const other = await otherTenant(server.database);
  const [mine, theirs] = await server.database.db
    .insert(ecards)
    .values([
      { groupId, name: "Demo member card" },
      { groupId: other.groupId, name: "Foreign card" },
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
    const list = await as<{ items: AllianceItem[]; total: number }>("vendor_admin", "get_alliance_list", {
      name: "klang",
    });
    expect(list.body.result.items.map((a) => [a.name, a.shops.length])).toEqual([["Klang Valley", 2]]);
  });

  it("offers only shops in no alliance to the member picker", async () => {
    const { body } = await as<{ shops: AllianceShopOption[] }>("vendor_admin", "get_no_alliance_shoplist");
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
      const { http, body } = await create({ name: `Type ${type}`, type });
      expect([http, body.field], String(type)).toEqual([400, "type"]);
    }
    const missing = await as("vendor_admin", "create_alliance", { name: "No type" });
    expect(missing.body.field).toBe("type");
    const disabled = await create({ name: "Born disabled", status: 0 });
    expect(disabled.body.result.status).toBe(0);
    const bad = await create({ name: "Status 2", status: 2 });
    expect([bad.http, bad.body.field]).toEqual([400, "status"]);
  });

  it("answers RECORD_EXISTS for a name the vendor already uses, whatever its case; another vendor may use it", async () => {
    const { http, body } = await create({ name: "KLANG valley" });
    expect([http, body.code, body.field]).toEqual([409, "RECORD_EXISTS", "name"]);
    const elsewhere = await as("vendor2_admin", "create_alliance", alliance({ name: "Klang Valley" }));
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
    const [cheras] = await server.database.db
      .select()
      .from(shops)
      .where(eq(shops.id, shop["KL Cheras"] ?? 0));
    expect(cheras?.allianceId).toBeNull();
    const twice = await create({ name: "Twice", shop_ids: [shop["KL Cheras"], shop["KL Cheras"]] });
    expect([twice.http, twice.body.field]).toEqual([400, "shop_ids"]);
  });

  it("two alliances claiming one free shop at once: exactly one gets it", async () => {
    const results = await Promise.all([
      create({ name: "Race A", shop_ids: [shop["KL Sentul"]] }),
      as("vendor_sub", "create_alliance", alliance({ name: "Race B", shop_ids: [shop["KL Sentul"]] })),
    ]);
    expect(results.map((r) => r.http).sort()).toEqual([200, 400]);
    const [sentul] = await server.database.db
      .select()
      .from(shops)
      .where(eq(shops.id, shop["KL Sentul"] ?? 0));
    const winner = results.find((r) => r.http === 200)?.body.result;
    expect(sentul?.allianceId).toBe(winner?.id);
    // Release it again for the tests below.
    await as("vendor_admin", "modify_alliance", alliance({ id: winner?.id, name: winner?.name, shop_ids: [] }));
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
    const { body } = await as<{ ecards: NamedOption[] }>("vendor_admin", "get_ecardlist");
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
    const { body } = await as<{ ecards: NamedOption[] }>("lone_admin", "get_ecardlist");
    expect(body.result.ecards).toEqual([]);
    const refused = await as("lone_admin", "create_alliance", alliance({ name: "Lone", ecard_id: demoCard }));
    expect(refused.body.field).toBe("ecard_id");
  });
});

describe("alliances: modify, status, remove", () => {
  let main: AllianceItem;
  let other: AllianceItem;
  let theirs: AllianceItem;

  beforeAll(async () => {
    main = (await create({ name: "Members", shop_ids: [shop["KL Cheras"], shop["KL Damansara"]] })).body.result;
    const klang = await as<{ items: AllianceItem[] }>("vendor_admin", "get_alliance_list", { name: "Klang Valley" });
    other = klang.body.result.items[0] ?? main;
    theirs = (
      await as("vendor2_admin", "create_alliance", alliance({ name: "Bangkok", shop_ids: [shop["BKK Silom"]] }))
    ).body.result;
  });

  it("replaces the member set: shops left out are released, new ones join", async () => {
    const { http, body } = await as("vendor_admin", "modify_alliance", {
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
    const free = await as<{ shops: AllianceShopOption[] }>("vendor_admin", "get_no_alliance_shoplist");
    expect(free.body.result.shops.map((s) => s.name)).toEqual(["KL Cheras"]);
  });

  it("refuses a shop of another alliance and leaves the members as they were (one transaction)", async () => {
    const { body } = await as("vendor_admin", "modify_alliance", {
      id: main.id,
      name: "Members renamed",
      type: 2,
      shop_ids: [shop["KL Cheras"], shop["KL Ampang"]],
    });
    expect(body).toMatchObject({ code: "VALIDATION_FAILED", message_params: { shop: "KL Ampang" } });
    expect(await membersOf(main.id)).toEqual(["KL Damansara", "KL Sentul"]);
    expect(await membersOf(other.id)).toEqual(["KL Ampang", "KL Bangsar"]);
    const foreign = await as("vendor_admin", "modify_alliance", {
      id: main.id,
      name: "Members renamed",
      type: 2,
      shop_ids: [shop["BKK Silom"]],
    });
    expect(foreign.body.message_key).toBe("alliances.errors.shopUnknown");
    expect(await membersOf(main.id)).toEqual(["KL Damansara", "KL Sentul"]);
  });

  it("renaming onto another alliance's name answers RECORD_EXISTS", async () => {
    const { http, body } = await as("vendor_admin", "modify_alliance", {
      id: main.id,
      name: "klang VALLEY",
      type: 1,
      shop_ids: [shop["KL Damansara"], shop["KL Sentul"]],
    });
    expect([http, body.code]).toEqual([409, "RECORD_EXISTS"]);
    expect(await membersOf(main.id)).toEqual(["KL Damansara", "KL Sentul"]);
  });

  it("disables and enables, and filters the list by status, type and name", async () => {
    const off = await as("vendor_admin", "modify_alliance_status", { id: main.id, status: 0 });
    expect(off.body.result.status).toBe(0);
    const disabled = await as<{ items: AllianceItem[] }>("vendor_admin", "get_alliance_list", { status: 0 });
    expect(disabled.body.result.items.map((a) => a.id)).toContain(main.id);
    expect(disabled.body.result.items.every((a) => a.status === 0)).toBe(true);
    const on = await as("vendor_admin", "modify_alliance_status", { id: main.id, status: 1 });
    expect(on.body.result.status).toBe(1);
    const bad = await as("vendor_admin", "modify_alliance_status", { id: main.id, status: 2 });
    expect(bad.http).toBe(400);
    const cross = await as<{ items: AllianceItem[] }>("vendor_admin", "get_alliance_list", { type: 2 });
    expect(cross.body.result.items.length).toBeGreaterThan(0);
    expect(cross.body.result.items.every((a) => a.type === 2)).toBe(true);
  });

  it("refuses to remove an alliance with member shops, naming how many (HAS_DEPENDENTS)", async () => {
    const { http, body } = await as("vendor_admin", "remove_alliance", { id: main.id });
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
    const calls: [string, Record<string, unknown>][] = [
      ["modify_alliance", alliance({ id: main.id, name: "Hijacked" })],
      ["modify_alliance_status", { id: main.id, status: 0 }],
      ["remove_alliance", { id: main.id }],
    ];
    for (const [name, payload] of calls) {
      const { http, body } = await as("vendor2_admin", name, payload);
      expect([http, body.code], name).toEqual([404, "NOT_FOUND"]);
    }
    const list = await as<{ items: AllianceItem[] }>("vendor_admin", "get_alliance_list", { page_size: 200 });
    expect(list.body.result.items.some((a) => a.id === theirs.id)).toBe(false);
    const [row] = await server.database.db.select().from(alliances).where(eq(alliances.id, main.id));
    expect([row?.name, row?.status]).toEqual(["Members renamed", 1]);
    expect(await membersOf(main.id)).toEqual(["KL Damansara", "KL Sentul"]);
  });

  it("removes an alliance once its members are released, then answers NOT_FOUND", async () => {
    await as("vendor_admin", "modify_alliance", alliance({ id: main.id, name: "Members renamed", shop_ids: [] }));
    expect((await as("vendor_admin", "remove_alliance", { id: main.id })).http).toBe(200);
    const again = await as("vendor_admin", "remove_alliance", { id: main.id });
    expect(again.body.code).toBe("NOT_FOUND");
  });

  it("logs every change with its action and record", async () => {
    const rows = await server.database.db.select().from(operationLog).where(eq(operationLog.vendorId, klId));
    const actions = new Set(rows.map((r) => r.action));
    for (const action of ["alliance.create", "alliance.modify", "alliance.setStatus", "alliance.remove"]) {
      expect(actions.has(action), action).toBe(true);
    }
    expect(rows.some((r) => r.action === "alliance.remove" && r.errorCode === "HAS_DEPENDENTS")).toBe(true);
    expect(rows.some((r) => r.action === "alliance.remove" && r.target === `alliance:${main.id}`)).toBe(true);
  });
});

describe("alliances: level 4 and the session list", () => {
  it("every level-4 account holds the allia_* keys (§6 locks them on): a role without them still manages alliances", async () => {
    // vendor_sub's role stores no allia_* key.
    const created = await as("vendor_sub", "create_alliance", alliance({ name: "By the sub-admin" }));
    expect(created.http, JSON.stringify(created.body)).toBe(200);
    const id = created.body.result.id;
    expect((await as("vendor_sub", "modify_alliance", alliance({ id, name: "By the sub-admin 2" }))).http).toBe(200);
    expect((await as("vendor_sub", "modify_alliance_status", { id, status: 0 })).http).toBe(200);
    expect((await as("vendor_sub", "get_alliance_list")).http).toBe(200);
    expect((await as("vendor_sub", "remove_alliance", { id })).http).toBe(200);
  });

  it("is for vendor levels: group accounts are refused", async () => {
    const { http, body } = await as("group_admin", "get_alliance_list");
    expect([http, body.code]).toEqual([403, "NO_PERMISSION"]);
  });

  it("answers the vendor's alliances by name for the session", async () => {
    const { body } = await as<{ alliances: { name: string }[] }>("vendor2_admin", "get_session_alliances");
    expect(body.result.alliances.map((a) => a.name)).toEqual(["Bangkok", "Klang Valley"]);
  });
});

describe("alliances: paging", () => {
  it("pages by cursor without overlap", async () => {
    const seen = new Set<number>();
    const list = (payload: Record<string, unknown>) =>
      as<{ items: AllianceItem[]; next_cursor: string | null }>("vendor_admin", "get_alliance_list", payload);
    for (const item of await allPages(list, {}, 2)) {
      expect(seen.has(item.id)).toBe(false);
      seen.add(item.id);
    }
    const all = await server.database.db.select().from(alliances).where(eq(alliances.vendorId, klId));
    expect(seen.size).toBe(all.length);
    const bad = await as("vendor_admin", "get_alliance_list", { cursor: "garbage" });
    expect(bad.body).toMatchObject({ code: "VALIDATION_FAILED", field: "cursor" });
  });
});

describe("alliances: sorting", () => {
  it("sorts by name either way, case-insensitively, and by age, paging without overlap", async () => {
    await expectNameSorting({
      create: (name) => create({ name }),
      list: (payload) =>
        as<{ items: AllianceItem[]; next_cursor: string | null }>("vendor_admin", "get_alliance_list", payload),
    });
  });
});
