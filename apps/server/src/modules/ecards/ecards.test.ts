import { API, type BodyOf } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, otherTenant } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { alliances } from "../alliances/tables.js";
import { JPEG, PNG, tempDataDir, uploadKey } from "../uploads/test-helpers.js";
import { ecards } from "./tables.js";

const dataDir = tempDataDir("ecards");

let server: TestServer;
let token = "";
/** The main administrator of another group. */
let otherToken = "";
let image = "";

const create = (payload: BodyOf<typeof API.ecards.create>, t = token) =>
  server.send(API.ecards.create, payload, { token: t });

beforeAll(async () => {
  server = await startTestServer({ dataDir: dataDir.dir });
  token = await server.login("group_admin");
  const other = await otherTenant(server.database);
  otherToken = await server.login(other.groupAdmin.username);
  image = await uploadKey(server, token, PNG);
});
afterAll(async () => {
  await server.close();
  dataDir.remove();
});

describe("virtual cards", () => {
  it("creates a card with a name and one image, and lists it", async () => {
    const { http, body } = await create({ name: "Gold card", image: [image] });
    expect(http, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({ name: "Gold card", image: [image] });
    const list = await server.send(API.ecards.list, {}, { token });
    expect(list.body.result.items.map((c) => c.name)).toEqual(["Gold card"]);
    expect(list.body.result.total).toBe(1);
  });

  it("requires the name (spec §5) and allows no image", async () => {
    const missing = await create({ name: "  " });
    expect(missing.body).toMatchObject({
      code: "VALIDATION_FAILED",
      field: "name",
      message_key: "validation.required",
    });
    expect((await create({ name: "Plain card" })).http).toBe(200);
  });

  it("takes one image only: a second is refused", async () => {
    const second = await uploadKey(server, token, JPEG);
    const { http, body } = await create({ name: "Two images", image: [image, second] });
    expect(http).toBe(400);
    expect(body).toMatchObject({ field: "image", message_key: "validation.oneImage" });
  });

  it("refuses an image another group uploaded", async () => {
    const theirs = await uploadKey(server, otherToken, Buffer.concat([PNG, Buffer.from("x")]));
    const { body } = await create({ name: "Borrowed", image: [theirs] });
    expect(body).toMatchObject({ field: "image", message_key: "validation.imageUnknown" });
  });

  it("answers RECORD_EXISTS for a duplicate name in the group", async () => {
    const { http, body } = await create({ name: "Gold card" });
    expect(http).toBe(409);
    expect(body).toMatchObject({ code: "RECORD_EXISTS", field: "name" });
    expect((await create({ name: "Gold card" }, otherToken)).http).toBe(200);
  });

  it("modifies and removes its own cards; another group's answer NOT_FOUND", async () => {
    const mine = (await create({ name: "Silver card" })).body.result;
    const theirs = (await create({ name: "Their card" }, otherToken)).body.result;
    const edited = await server.send(
      API.ecards.modify,
      { id: mine.id, name: "Silver plus", image: [image] },
      { token },
    );
    expect(edited.body.result).toMatchObject({ id: mine.id, name: "Silver plus", image: [image] });
    for (const [name, call] of [
      ["modify_ecard", () => server.send(API.ecards.modify, { id: theirs.id, name: "Hijacked" }, { token })],
      ["remove_ecard", () => server.send(API.ecards.remove, { id: theirs.id }, { token })],
    ] as const) {
      const { http, body } = await call();
      expect(http, name).toBe(404);
      expect(body.code, name).toBe("NOT_FOUND");
    }
    const [row] = await server.database.db.select().from(ecards).where(eq(ecards.id, theirs.id));
    expect(row?.name).toBe("Their card");
    expect((await server.send(API.ecards.remove, { id: mine.id }, { token })).http).toBe(200);
    const list = await server.send(API.ecards.list, { page_size: 200 }, { token });
    expect(list.body.result.items.some((c) => c.id === mine.id || c.id === theirs.id)).toBe(false);
  });

  it("refuses to remove a card an alliance uses as its template, naming how many", async () => {
    const card = (await create({ name: "Alliance card" })).body.result;
    const { db } = server.database;
    const { kl } = await demoVendors(server.database);
    await db.insert(alliances).values({ vendorId: kl.id, name: "Card users", type: 1, ecardId: card.id });
    const { http, body } = await server.send(API.ecards.remove, { id: card.id }, { token });
    expect([http, body.code, body.message_key, body.message_params]).toEqual([
      409,
      "HAS_DEPENDENTS",
      "ecards.usedByAlliances",
      { alliances: 1 },
    ]);
    expect(body.message).toContain("1");
    const [row] = await db.select().from(ecards).where(eq(ecards.id, card.id));
    expect(row?.name).toBe("Alliance card");
  });

  it("is for group levels only", async () => {
    const { body } = await server.send(API.ecards.list, {}, { as: "vendor_admin" });
    expect(body.code).toBe("NO_PERMISSION");
  });
});
