import { API } from "@washboard/shared";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { accounts, sessions } from "../../modules/accounts/tables.js";
import { hashToken } from "../../modules/accounts/tokens.js";
import { brands } from "../../modules/brands/tables.js";
import { devices } from "../../modules/devices/tables.js";
import { roles } from "../../modules/roles/tables.js";
import { shops } from "../../modules/shops/tables.js";
import { vendors } from "../../modules/tenancy/tables.js";
import { brandValues, demoVendors } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import type { Db, Tx } from "../db/client.js";
import { cacheVersions } from "./tables.js";

/**
 * Two API instances over one database, as a deployment runs them. The second keeps sessions and
 * answers in memory; whatever is committed through the first — or by anyone writing the tables —
 * shows on the second's very next call.
 */
let server: TestServer;
let second: FastifyInstance;
let db: Db;

beforeAll(async () => {
  server = await startTestServer();
  second = await server.secondInstance();
  db = server.database.db;
  await ourShops();
});

/** Two Kuala Lumpur shops of one of its group's brands, with a machine each, and a Bangkok shop. */
async function ourShops() {
  const { kl, bkk, groupId } = await demoVendors(server.database);
  const [brand] = await db.insert(brands).values(brandValues(groupId, "Cache brand")).returning();
  const made = await db
    .insert(shops)
    .values([
      { vendorId: kl.id, name: "Cache shop A", address: "1 Jalan A", serviceType: 1, brandId: brand?.id ?? null },
      { vendorId: kl.id, name: "Cache shop B", address: "2 Jalan B", serviceType: 1 },
      { vendorId: bkk.id, name: "Cache shop C", address: "3 Thanon C", serviceType: 1 },
    ])
    .returning();
  await db.insert(devices).values(
    made.slice(0, 2).map((shop, n) => ({
      vendorId: kl.id,
      shopId: shop.id,
      name: `Washer ${n + 1}`,
      serialNumber: `CACHE-${n + 1}`,
      machineType: "washer",
    })),
  );
}
afterAll(() => server.close());

const shopList = (via: FastifyInstance, as = "vendor_admin") =>
  server.send(API.shops.list, { page_size: 100 }, { as, via });

async function klVendor() {
  return (await demoVendors(server.database)).kl;
}

/** A write the tables' triggers do not see: what a cache serves afterwards is what it kept. */
async function unseen(write: (tx: Tx) => Promise<unknown>) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await write(tx);
  });
}

async function versionOf(key: string): Promise<number> {
  const [row] = await db.select().from(cacheVersions).where(eq(cacheVersions.key, key));
  return row?.version ?? 0;
}

/**
 * Eight callers keep calling while `change` happens; of the calls sent after `change` returned, how
 * many `wrong` (the old state answered).
 */
async function callsSentAfter(change: () => Promise<void>, wrong: () => Promise<boolean>) {
  let changedAt = Number.POSITIVE_INFINITY;
  let stop = false;
  let answered = 0;
  const late = { sent: 0, accepted: 0 };
  const callers = Array.from({ length: 8 }, async () => {
    while (!stop) {
      const sentAt = performance.now();
      const stale = await wrong();
      answered += 1;
      if (sentAt > changedAt) {
        late.sent += 1;
        if (stale) late.accepted += 1;
      }
    }
  });
  try {
    // Every caller is busy before the change, and each has sent a few calls after it.
    const waiting = { timeout: 20_000, interval: 5 };
    await vi.waitFor(() => expect(answered).toBeGreaterThanOrEqual(8), waiting);
    await change();
    changedAt = performance.now();
    await vi.waitFor(() => expect(late.sent).toBeGreaterThanOrEqual(8 * 4), waiting);
  } finally {
    stop = true;
    await Promise.all(callers);
  }
  return late;
}

describe("answers kept by each instance", () => {
  it("serves a kept list from memory, and a change committed anywhere on the very next call", async () => {
    const before = await shopList(second);
    expect(before.http).toBe(200);
    const shop = before.body.result.items[0];
    if (!shop) throw new Error("the demo vendor has no shops");

    // Kept: a change no trigger saw is not read again.
    await unseen((tx) => tx.update(shops).set({ name: "Unseen name" }).where(eq(shops.id, shop.id)));
    const kept = await shopList(second);
    expect(kept.body.result.items.find((s) => s.id === shop.id)?.name).toBe(shop.name);

    // A change through the table's trigger: every instance answers with it at once.
    await db.update(shops).set({ name: "Seen name" }).where(eq(shops.id, shop.id));
    for (const via of [second, server.app]) {
      const after = await shopList(via);
      expect(after.body.result.items.find((s) => s.id === shop.id)?.name).toBe("Seen name");
    }
    await db.update(shops).set({ name: shop.name }).where(eq(shops.id, shop.id));
  });

  it("answers every list sent after a change has committed with the change, while lists keep coming", async () => {
    const shop = (await shopList(second)).body.result.items[0];
    if (!shop) throw new Error("no shop");
    const late = await callsSentAfter(
      async () => {
        await db.update(shops).set({ name: "Raced name" }).where(eq(shops.id, shop.id));
      },
      async () => (await shopList(second)).body.result.items.find((s) => s.id === shop.id)?.name !== "Raced name",
    );
    expect(late.accepted).toBe(0);
    expect(late.sent).toBeGreaterThan(0);
    await db.update(shops).set({ name: shop.name }).where(eq(shops.id, shop.id));
  });

  it("shows a brand renamed by the vendor's group in the vendor's kept shop list", async () => {
    const before = await shopList(second);
    const branded = before.body.result.items.find((s) => s.brand_id !== null);
    if (!branded?.brand_id) throw new Error("no demo shop has a brand");
    await db.update(brands).set({ name: "Renamed brand" }).where(eq(brands.id, branded.brand_id));
    const after = await shopList(second);
    expect(after.body.result.items.find((s) => s.id === branded.id)?.brand_name).toBe("Renamed brand");
    await db
      .update(brands)
      .set({ name: branded.brand_name ?? "" })
      .where(eq(brands.id, branded.brand_id));
  });

  it("counts a machine moved to another shop in the kept list at once", async () => {
    const before = await shopList(second);
    const [from, to] = before.body.result.items.filter((s) => s.device_count > 0);
    const [machine] = await db
      .select()
      .from(devices)
      .where(eq(devices.shopId, from?.id ?? 0))
      .limit(1);
    if (!from || !to || !machine) throw new Error("the demo needs two shops with machines");
    await db.update(devices).set({ shopId: to.id }).where(eq(devices.id, machine.id));
    const after = await shopList(second);
    const counts = new Map(after.body.result.items.map((s) => [s.id, s.device_count]));
    expect([counts.get(from.id), counts.get(to.id)]).toEqual([from.device_count - 1, to.device_count + 1]);
    await db.update(devices).set({ shopId: from.id }).where(eq(devices.id, machine.id));
  });

  it("shows a payment provider switched on in the vendor summary at once", async () => {
    const vendor = await klVendor();
    const current = () => server.send(API.tenancy.current, {}, { as: "vendor_admin", via: second });
    expect((await current()).body.result).toMatchObject({ has_xendit: false });
    await db
      .update(vendors)
      .set({ enabledProviders: [...vendor.enabledProviders, "xendit"] })
      .where(eq(vendors.id, vendor.id));
    expect((await current()).body.result).toMatchObject({ has_xendit: true });
    await db.update(vendors).set({ enabledProviders: vendor.enabledProviders }).where(eq(vendors.id, vendor.id));
  });

  it("is not made stale by the gateway's presence, which no kept answer shows", async () => {
    const vendor = await klVendor();
    const [machine] = await db.select().from(devices).where(eq(devices.vendorId, vendor.id)).limit(1);
    if (!machine) throw new Error("no demo machine");
    const before = await versionOf(`v:${vendor.id}`);
    await db
      .update(devices)
      .set({ presence: machine.online ? "offline" : "online" })
      .where(eq(devices.id, machine.id));
    expect(await versionOf(`v:${vendor.id}`)).toBe(before);
    await db
      .update(devices)
      .set({ name: `${machine.name} ` })
      .where(eq(devices.id, machine.id));
    expect(await versionOf(`v:${vendor.id}`)).toBe(before + 1);
    await db.update(devices).set({ presence: machine.presence, name: machine.name }).where(eq(devices.id, machine.id));
  });

  it("keeps another vendor's answers apart", async () => {
    const kl = await shopList(second, "vendor_admin");
    const bkk = await shopList(second, "vendor2_admin");
    const klIds = new Set(kl.body.result.items.map((s) => s.id));
    expect(bkk.body.result.items.length).toBeGreaterThan(0);
    expect(bkk.body.result.items.some((s) => klIds.has(s.id))).toBe(false);
  });
});

describe("sessions held by each instance", () => {
  const info = (token: string, via: FastifyInstance) => server.send(API.auth.accountInfo, {}, { token, via });

  it("refuses a session signed out on one instance on the very next call on the other", async () => {
    const token = await server.login("vendor_admin");
    expect((await info(token, second)).http).toBe(200);
    expect((await info(token, second)).http).toBe(200);
    expect((await server.send(API.auth.logout, {}, { token })).http).toBe(200);
    const next = await Promise.all(Array.from({ length: 10 }, () => info(token, second)));
    expect(next.map((a) => a.body.code)).toEqual(next.map(() => "UNAUTHORIZED"));
  });

  it("refuses every call sent after a sign-out has answered, while calls keep coming on the other instance", async () => {
    const token = await server.login("vendor_admin");
    const late = await callsSentAfter(
      async () => {
        await server.send(API.auth.logout, {}, { token });
      },
      async () => (await info(token, second)).http === 200,
    );
    expect(late.accepted).toBe(0);
    expect(late.sent).toBeGreaterThan(0);
  });

  it("keeps no session: even a revocation no trigger saw is refused on the very next call on every instance", async () => {
    const token = await server.login("vendor_admin");
    expect((await info(token, second)).http).toBe(200);
    await unseen((tx) =>
      tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.tokenHash, hashToken(token))),
    );
    // Every request reads its session in its own statement (accounts/sessions.ts): nothing is held.
    for (const via of [second, server.app]) expect((await info(token, via)).body.code).toBe("UNAUTHORIZED");
  });

  it("refuses a disabled account on the very next call on every instance", async () => {
    const token = await server.login("vendor2_admin");
    expect((await info(token, second)).http).toBe(200);
    await db.update(accounts).set({ status: 0 }).where(eq(accounts.username, "vendor2_admin"));
    try {
      for (const via of [second, server.app]) expect((await info(token, via)).body.code).toBe("UNAUTHORIZED");
    } finally {
      await db.update(accounts).set({ status: 1 }).where(eq(accounts.username, "vendor2_admin"));
    }
  });

  it("takes a permission its role loses from a sub-account's very next call", async () => {
    const token = await server.login("vendor_sub");
    const earnings = () =>
      server.send(API.revenue.shopEarnings, { from: "2026-02-01", to: "2026-02-28" }, { token, via: second });
    expect((await earnings()).http).toBe(200);
    const [role] = await db.select().from(roles).where(eq(roles.name, "Shop supervisor"));
    if (!role) throw new Error("no demo role");
    await db
      .update(roles)
      .set({ permissions: role.permissions.filter((key) => key !== "reve_shop") })
      .where(eq(roles.id, role.id));
    try {
      expect((await earnings()).body.code).toBe("NO_PERMISSION");
    } finally {
      await db.update(roles).set({ permissions: role.permissions }).where(eq(roles.id, role.id));
    }
    expect((await earnings()).http).toBe(200);
  });
});
