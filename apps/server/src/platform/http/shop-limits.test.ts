import {
  ALL_ENDPOINTS,
  ALL_PERMISSION_LEAVES,
  API,
  type EndpointContract,
  endpointId,
  isConsoleLevel,
  type SseEvent,
} from "@washboard/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { devices } from "../../modules/devices/tables.js";
import { orders } from "../../modules/orders/tables.js";
import { rebuildRollups } from "../../modules/revenue/public.js";
import { listening, openEventStream } from "../../test/event-stream.js";
import { demoVendors } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";

/**
 * Sub-accounts limited to some shops (spec §6 "shop owner/investor", "outlet support"), generated from
 * the registry: a sub-account holding every key but limited to shop A calls every read call a level-4
 * account may make — with the defaults, and with shop B's shop, machine and order named wherever the
 * payload takes them — and no answer carries anything of shop B: its name, its machine's serial and
 * name, its order's number. A new read call is probed the moment it exists. The same records are
 * first read by the vendor's main administrator, so the probe cannot pass by reading nothing.
 */

let server: TestServer;
const suffix = Date.now().toString(36).toUpperCase();
const A = {
  shop: `Shop A ${suffix}`,
  serial: `LIMA-${suffix}`,
  machine: `Washer A ${suffix}`,
  order: `WLIMA${suffix}`,
};
const B = {
  shop: `Shop B ${suffix}`,
  serial: `LIMB-${suffix}`,
  machine: `Washer B ${suffix}`,
  order: `WLIMB${suffix}`,
};
const ids = { shopA: 0, shopB: 0, deviceA: 0, deviceB: 0, orderB: 0 };
const LIMITED = `lim${suffix.slice(-8).toLowerCase()}`;
const PASSWORD = "Limited2026";

const as = { as: "vendor_admin" };

function ok<T>(answer: { http: number; body: { result: T } }, what: string): T {
  if (answer.http !== 200) throw new Error(`${what}: ${JSON.stringify(answer.body)}`);
  return answer.body.result;
}

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  const { kl } = await demoVendors(server.database);
  for (const side of ["A", "B"] as const) {
    const names = side === "A" ? A : B;
    const shop = ok(
      await server.send(API.shops.create, { name: names.shop, address: "1 Jalan Had", service_type: 1 }, as),
      `shop ${side}`,
    );
    const [device] = await db
      .insert(devices)
      .values({
        vendorId: kl.id,
        shopId: shop.id,
        name: names.machine,
        serialNumber: names.serial,
        machineType: "washer",
      })
      .returning();
    const [order] = await db
      .insert(orders)
      .values({
        vendorId: kl.id,
        shopId: shop.id,
        deviceId: device?.id ?? null,
        source: "sandbox",
        payType: "1",
        startType: "online_payment",
        orderNo: names.order,
        payUniqueNo: names.order,
        // Shop B's sale is so large that any figure counting it stands out (MONEY_OF_B).
        amount: side === "A" ? 1_100 : 600_000_000,
        currency: "MYR",
        payStatus: 1,
        paidAt: new Date(),
      })
      .returning();
    if (side === "A") Object.assign(ids, { shopA: shop.id, deviceA: device?.id ?? 0 });
    else Object.assign(ids, { shopB: shop.id, deviceB: device?.id ?? 0, orderB: order?.id ?? 0 });
  }
  await rebuildRollups(db, kl.id);
  const role = ok(
    await server.send(API.roles.create, { name: `Every key ${suffix}`, permissions: [...ALL_PERMISSION_LEAVES] }, as),
    "role",
  );
  ok(
    await server.send(
      API.subAccounts.create,
      {
        username: LIMITED,
        email: `${LIMITED}@example.com`,
        nickname: "Shop A only",
        password: PASSWORD,
        confirm_password: PASSWORD,
        role_id: role.id,
        shop_ids: [ids.shopA],
      },
      as,
    ),
    "limited sub-account",
  );
});
afterAll(async () => {
  await server.close();
});

/** The read calls a level-4 account may make (a stream or a file is not read here). */
const READS = ALL_ENDPOINTS.filter(
  (c) =>
    !c.mutates &&
    !c.stream &&
    !c.download &&
    c.access.kind === "session" &&
    (c.access.levels ?? [3, 4, 6, 7]).filter(isConsoleLevel).includes(4),
);

/** The payload keys that name a shop, a machine or an order, filled with shop B's. */
const B_FIELDS: Record<string, () => unknown> = {
  shop_id: () => ids.shopB,
  shop_ids: () => [ids.shopB],
  device_id: () => ids.deviceB,
  device_ids: () => [ids.deviceB],
  order_id: () => ids.orderB,
  order_no: () => B.order,
  pay_unique_no: () => B.order,
  serial_number: () => B.serial,
  keyword: () => B.serial,
  search: () => B.serial,
};

function shapeOf(contract: EndpointContract): Record<string, unknown> {
  const body = contract.body as z.ZodType & {
    shape?: Record<string, unknown>;
    in?: { shape?: Record<string, unknown> };
  };
  return body.shape ?? body.in?.shape ?? {};
}

function payloadsOf(contract: EndpointContract): Record<string, unknown>[] {
  const named = Object.keys(shapeOf(contract)).filter((key) => key in B_FIELDS);
  const naming = Object.fromEntries(named.map((key) => [key, B_FIELDS[key]?.()]));
  return named.length > 0 ? [{}, naming] : [{}];
}

/**
 * Shop B's sale, in any figure that counts it: 600,000,000 minor units and a little (A's sale) more,
 * or its major units, 6,000,000 and a little. No date, id or count of the test reaches these.
 */
const MONEY_OF_B = /\b600\d{6}\b|\b6,?000,?\d{3}(\.\d+)?\b/;

const leaksOf = (text: string) => [
  ...Object.values(B).filter((marker) => text.includes(marker)),
  ...(MONEY_OF_B.exec(text) ?? []).slice(0, 1),
];

describe("a sub-account limited to some shops", () => {
  it("is answered shop A's records and not shop B's by the lists themselves", async () => {
    const everything = JSON.stringify((await server.send(API.devices.list, { page_size: 200 }, as)).body);
    expect(everything).toContain(B.serial);
    // The main administrator's figures count shop B's sale: the probe can see money leak.
    const figures = JSON.stringify((await server.send(API.revenue.dashboardRevenue, {}, as)).body);
    expect(leaksOf(figures).length).toBeGreaterThan(0);
    const limited = JSON.stringify(
      (await server.send(API.devices.list, { page_size: 200 }, { token: await server.login(LIMITED, PASSWORD) })).body,
    );
    expect(limited).toContain(A.serial);
    expect(limited).not.toContain(B.serial);
  });

  it("probes every read call a level-4 account may make", () => {
    expect(READS.length).toBeGreaterThan(50);
  });

  for (const contract of READS) {
    const id = endpointId(contract);
    it(`${id}: nothing of another shop`, async () => {
      const token = await server.login(LIMITED, PASSWORD);
      for (const payload of payloadsOf(contract)) {
        const answer = await server.sendRaw(contract, payload, { token });
        const text = JSON.stringify(answer.body);
        expect(leaksOf(text), `${id} ${JSON.stringify(payload)}: ${text.slice(0, 400)}`).toEqual([]);
      }
    });
  }

  it("cannot command shop B's machine, nor reach it through a whole-shop command", async () => {
    const token = await server.login(LIMITED, PASSWORD);
    const direct = await server.send(API.devices.reboot, { device_ids: [ids.deviceB] }, { token });
    expect(direct.body.code).toBe("NOT_FOUND");
    const wholeShop = await server.send(API.devices.reboot, { shop_id: ids.shopB }, { token });
    expect(JSON.stringify(wholeShop.body)).not.toContain(B.serial);
    expect(wholeShop.body.result?.commands ?? []).toEqual([]);
  });

  it("lists only shop A's orders", async () => {
    const token = await server.login(LIMITED, PASSWORD);
    const mine = JSON.stringify((await server.send(API.orders.list_sandbox, {}, { token })).body);
    expect(mine).toContain(A.order);
    expect(mine).not.toContain(B.order);
  });
});

describe("limiting a sub-account", () => {
  it("takes only the vendor's own shops, and a limited account gives no more than its own", async () => {
    const other = await server.send(API.subAccounts.shops, {}, as);
    expect(other.body.result.items.map((s) => s.id)).toEqual(expect.arrayContaining([ids.shopA, ids.shopB]));
    const bangkokShop = ok(
      await server.send(
        API.shops.create,
        { name: `Bangkok ${suffix}`, address: "2 Sukhumvit", service_type: 1 },
        {
          as: "vendor2_admin",
        },
      ),
      "Bangkok shop",
    );
    const refused = await server.send(
      API.subAccounts.modify,
      {
        id: (await server.send(API.subAccounts.list, { keyword: LIMITED }, as)).body.result.items[0]?.id ?? 0,
        shop_ids: [bangkokShop.id],
      },
      as,
    );
    expect(refused.body).toMatchObject({ code: "NOT_FOUND", field: "shop_ids" });
    const limitedShops = await server.send(API.subAccounts.shops, {}, { token: await server.login(LIMITED, PASSWORD) });
    expect(limitedShops.body.result.items.map((s) => s.id)).toEqual([ids.shopA]);
  });

  it("refuses an empty list of shops with the shared message", async () => {
    const answer = await server.sendRaw(API.subAccounts.modify, { id: 1, shop_ids: [] }, as);
    expect(answer.body).toMatchObject({ code: "VALIDATION_FAILED", message_key: "validation.noShops" });
  });
});

describe("the live stream of a sub-account limited to shop A", () => {
  it("tells it of commands to shop A's machines and none of shop B's; the vendor's administrator hears both", async () => {
    const base = await listening(server.app);
    const limited = await openEventStream(base, API.live.events.path, {
      token: await server.login(LIMITED, PASSWORD),
    });
    const admin = await openEventStream(base, API.live.events.path, { token: await server.login("vendor_admin") });
    expect(limited.status).toBe(200);
    const commandTo = (deviceId: number) => (event: SseEvent) =>
      event.event === "devices.command" && (JSON.parse(event.data) as { device_id: number }).device_id === deviceId;
    try {
      // B's first: the stream keeps the order events were published in, so once A's has arrived
      // B's would have come before it.
      ok(await server.send(API.devices.reboot, { device_ids: [ids.deviceB] }, as), "restart B");
      ok(await server.send(API.devices.reboot, { device_ids: [ids.deviceA] }, as), "restart A");
      await admin.next(commandTo(ids.deviceB));
      await admin.next(commandTo(ids.deviceA));
      await limited.next(commandTo(ids.deviceA));
      expect(limited.events.filter(commandTo(ids.deviceB))).toEqual([]);
    } finally {
      limited.close();
      admin.close();
    }
  });
});
