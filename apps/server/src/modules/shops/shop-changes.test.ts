import {
  API,
  type BodyOf,
  effectivePermissions,
  hasPermission,
  SHOP_SECRET_CHANGED,
  SHOP_SERVICE_TYPE,
  type ShopChangeItem,
} from "@washboard/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, testShop, vendorSubAccount } from "../../test/fixtures.js";
import { type SendOptions, startTestServer, type TestServer } from "../../test/harness.js";

const admin = { as: "vendor_admin" };
const bangkok = { as: "vendor2_admin" };
const MQTT_PASSWORD = "mqtt-secret-4417";
const NEW_MQTT_PASSWORD = "mqtt-secret-9083";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

type ShopFields = BodyOf<typeof API.shops.create>;

const fields = (name: string, more: Partial<ShopFields> = {}): ShopFields => ({
  name,
  address: "3 Jalan Telawi",
  service_type: SHOP_SERVICE_TYPE.washing,
  ...more,
});

async function createShop(name: string, more: Partial<ShopFields> = {}, as: SendOptions = admin): Promise<number> {
  const { body } = await server.send(API.shops.create, fields(name, more), as);
  expect(body.status, body.message).toBe(200);
  return body.result.id;
}

async function modifyShop(id: number, name: string, more: Partial<ShopFields> = {}, as: SendOptions = admin) {
  const { body } = await server.send(API.shops.modify, { id, ...fields(name, more) }, as);
  expect(body.status, body.message).toBe(200);
}

const logs = (body: BodyOf<typeof API.shops.dbLogs>, as: SendOptions = admin) =>
  server.send(API.shops.dbLogs, body, as);

async function logOf(shopId: number): Promise<ShopChangeItem[]> {
  const { body } = await logs({ shop_id: shopId });
  expect(body.status, body.message).toBe(200);
  return body.result.items;
}

describe("get_shop_db_logs", () => {
  it("logs a creation and a change of two fields, newest first, naming exactly those fields and who", async () => {
    const id = await createShop("Log Bangsar", { mqtt_host: "mqtt.example.com", mqtt_password: MQTT_PASSWORD });
    await modifyShop(id, "Log Bangsar Renamed", {
      address: "5 Jalan Telawi",
      mqtt_host: "mqtt.example.com",
      mqtt_password: "",
    });

    const items = await logOf(id);
    expect(items.map((item) => item.action)).toEqual(["modify", "create"]);
    const [modified, created] = items;
    expect(modified?.changes).toEqual({
      name: { before: "Log Bangsar", after: "Log Bangsar Renamed" },
      address: { before: "3 Jalan Telawi", after: "5 Jalan Telawi" },
    });
    expect(modified?.username).toBe("vendor_admin");
    expect(modified?.nickname).toEqual(expect.any(String));
    expect(modified?.account_id).toEqual(expect.any(Number));
    expect(modified?.created_at).toBeGreaterThan(0);

    expect(created?.changes).toMatchObject({
      name: { before: null, after: "Log Bangsar" },
      address: { before: null, after: "3 Jalan Telawi" },
      service_type: { before: null, after: SHOP_SERVICE_TYPE.washing },
      mqtt_host: { before: null, after: "mqtt.example.com" },
      mqtt_password: SHOP_SECRET_CHANGED,
    });
    // Fields left empty at creation are not listed.
    expect(created?.changes).not.toHaveProperty("brand_id");
    expect(created?.changes).not.toHaveProperty("payment_id");
  });

  it("marks a changed MQTT password without its value anywhere in the answer", async () => {
    const id = await createShop("Log Secret", { mqtt_password: MQTT_PASSWORD });
    await modifyShop(id, "Log Secret", { mqtt_password: NEW_MQTT_PASSWORD, payment_id: "pay-7781" });
    const { body } = await logs({ shop_id: id });
    const [modified] = body.result.items;
    expect(modified?.changes).toEqual({ mqtt_password: SHOP_SECRET_CHANGED, payment_id: SHOP_SECRET_CHANGED });
    const text = JSON.stringify(body);
    for (const secret of [MQTT_PASSWORD, NEW_MQTT_PASSWORD, "pay-7781", "7391", "9083"]) {
      expect(text).not.toContain(secret);
    }
  });

  it("writes nothing for a change that changed nothing, and logs a removal", async () => {
    const id = await createShop("Log Removed");
    await modifyShop(id, "Log Removed");
    expect((await logOf(id)).map((item) => item.action)).toEqual(["create"]);
    expect((await server.send(API.shops.remove, { id }, admin)).body.status).toBe(200);
    const [removed] = await logOf(id);
    expect(removed?.action).toBe("remove");
    expect(removed?.changes).toMatchObject({ name: { before: "Log Removed", after: null } });
  });

  it("logs the shops an alliance takes and releases", async () => {
    const first = await createShop("Log Member A");
    const second = await createShop("Log Member B");
    const made = await server.send(
      API.alliances.create,
      { name: "Log Alliance", type: 1, shop_ids: [first, second] },
      admin,
    );
    expect(made.body.status, made.body.message).toBe(200);
    const allianceId = made.body.result.id;
    const changed = await server.send(
      API.alliances.modify,
      { id: allianceId, name: "Log Alliance", type: 1, shop_ids: [first] },
      admin,
    );
    expect(changed.body.status, changed.body.message).toBe(200);
    const [joined] = await logOf(first);
    expect(joined?.changes).toEqual({ alliance_id: { before: null, after: allianceId } });
    const [left, joinedToo] = await logOf(second);
    expect(left?.changes).toEqual({ alliance_id: { before: allianceId, after: null } });
    expect(joinedToo?.changes).toEqual({ alliance_id: { before: null, after: allianceId } });
  });

  it("pages newest first by cursor", async () => {
    const id = await createShop("Log Paged");
    for (const n of [1, 2, 3, 4]) await modifyShop(id, `Log Paged ${n}`);
    const first = await logs({ shop_id: id, page_size: 2 });
    expect(first.body.result.total).toBe(5);
    const firstNames = first.body.result.items.map((item) => item.changes.name);
    expect(firstNames).toEqual([
      { before: "Log Paged 3", after: "Log Paged 4" },
      { before: "Log Paged 2", after: "Log Paged 3" },
    ]);
    const cursor = first.body.result.next_cursor;
    expect(cursor).not.toBeNull();
    const second = await logs({ shop_id: id, page_size: 2, cursor: cursor ?? "" });
    const third = await logs({ shop_id: id, page_size: 2, cursor: second.body.result.next_cursor ?? "" });
    expect(third.body.result.next_cursor).toBeNull();
    const ids = [first, second, third].flatMap((page) => page.body.result.items.map((item) => item.id));
    expect(ids).toHaveLength(5);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(third.body.result.items.at(-1)?.action).toBe("create");
  });

  it("answers an unchanged shop with an empty log, another vendor's shop and an unknown id NOT_FOUND", async () => {
    const { kl } = await demoVendors(server.database);
    const bkkShop = await createShop("Log Bangkok", {}, bangkok);
    expect((await logs({ shop_id: bkkShop }, admin)).body.code).toBe("NOT_FOUND");
    expect((await logs({ shop_id: 999_999 }, admin)).body.code).toBe("NOT_FOUND");
    expect((await logs({ shop_id: bkkShop }, bangkok)).body.result.total).toBe(1);

    // A shop written before the log existed: its log is empty, not "not found".
    const quiet = await testShop(server.database, kl.id, "Log Quiet");
    const { body } = await logs({ shop_id: quiet });
    expect(body.result).toEqual({ items: [], total: 0, next_cursor: null });
  });

  it("needs shop_query, which §6 locks on for every level-4 account; the group levels are refused", async () => {
    const { kl } = await demoVendors(server.database);
    const id = await createShop("Log Access");
    // A role without any key: shop_query still comes on top (LOCKED_PERMISSION_KEYS), so no
    // level-4 account is without it and the matrix test's refusal can only be by level.
    await vendorSubAccount(server.database, { vendorId: kl.id, username: "log_nokeys", permissions: [] });
    expect(hasPermission(effectivePermissions([]), "shop_query")).toBe(true);
    expect((await logs({ shop_id: id }, { as: "log_nokeys" })).body.result.total).toBe(1);
    expect((await logs({ shop_id: id }, { as: "vendor_sub" })).body.result.total).toBe(1);
    expect((await logs({ shop_id: id }, { as: "group_admin", vendorId: kl.id })).body.code).toBe("NO_PERMISSION");
  });
});
