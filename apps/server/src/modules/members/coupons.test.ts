import { API, COUPON_LIMITS, type CouponDefinitionItem, zonedDayStart } from "@washboard/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scalar } from "../../platform/db/related.js";
import { demoVendors, type OtherTenant, otherTenant, testShop, vendorSubAccount } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { devices } from "../devices/tables.js";
import { vendors } from "../tenancy/tables.js";
import { validUntil } from "./coupon-expiry.js";
import { coupons, MEMBER_COUPON_STATE, memberCoupons } from "./tables.js";

/**
 * Coupon definitions (spec §3 Coupon, §4 states): defined by the vendor with a code of its own,
 * listed with what became of them (given, used, used on washers and dryers), switched on and off,
 * removed only while nothing depends on them; given to chosen members or to every member a filter
 * matches; and each member's coupon valid to the end of its last local day in the vendor's zone.
 */
const as = { as: "vendor_admin" } as const;
let server: TestServer;
let vendorId: number;
let other: OtherTenant;
let phoneSeq = 0;
const phone = () => `6013${String(Date.now()).slice(-4)}${String(++phoneSeq).padStart(3, "0")}`;

async function define(fields: Partial<Record<string, unknown>> = {}): Promise<CouponDefinitionItem> {
  const body = {
    code: `T${++phoneSeq}X`,
    name: `Test coupon ${phoneSeq}`,
    kind: "voucher",
    amount: 250,
    valid_days: 10,
    ...fields,
  };
  const { http, body: answer } = await server.sendRaw(API.members.couponCreate, body, as);
  expect(http, JSON.stringify(answer)).toBe(200);
  return answer.result;
}

async function newMember(name = "Coupon member", email = ""): Promise<number> {
  const { http, body } = await server.send(API.members.create, { phone: phone(), name, email }, as);
  expect(http, JSON.stringify(body)).toBe(200);
  return body.result.id;
}

async function listed(filters: Record<string, unknown> = {}) {
  const { http, body } = await server.sendRaw(API.members.couponList, { page_size: 200, ...filters }, as);
  expect(http, JSON.stringify(body)).toBe(200);
  return body.result;
}

beforeAll(async () => {
  server = await startTestServer();
  vendorId = (await demoVendors(server.database)).kl.id;
  other = await otherTenant(server.database);
});
afterAll(() => server.close());

describe("coupon definitions", () => {
  it("defines the three kinds, each keeping only its own worth, and lists them with the demo's", async () => {
    const discount = await define({ code: "summer10", kind: "discount", discount_rate: 10, amount: 999 });
    expect(discount).toMatchObject({ code: "SUMMER10", kind: "discount", discount_rate: 10, amount: null });
    expect(discount).toMatchObject({
      enabled: true,
      given: 0,
      used: 0,
      used_washes: 0,
      used_dries: 0,
      currency: "MYR",
    });
    const free = await define({ kind: "free", discount_rate: 20, amount: 100 });
    expect(free).toMatchObject({ kind: "free", discount_rate: null, amount: null });
    const voucher = await define({ kind: "voucher", amount: 500 });
    expect(voucher).toMatchObject({ kind: "voucher", amount: 500, discount_rate: null });

    // One written straight into the table without a code (a seed, a test) gets a random one.
    const [bare] = await server.database.db
      .insert(coupons)
      .values({ vendorId, kind: "voucher", name: "Written without a code", amount: 100, validDays: 5 })
      .returning();
    expect(bare?.code).toMatch(/^[0-9A-F]{10}$/);

    const all = await listed();
    expect(all.items.map((c) => c.code)).toEqual(expect.arrayContaining(["SUMMER10", bare?.code]));
    expect((await listed({ code: "summ" })).items.map((c) => c.code)).toEqual(["SUMMER10"]);
    expect((await listed({ kind: "free" })).items.map((c) => c.id)).toEqual([free.id]);
    expect((await listed({ name: "without a" })).items.map((c) => c.id)).toEqual([bare?.id]);
    // Sorted by name, paged by cursor.
    const first = await listed({ sort: "name_asc", page_size: 2 });
    expect(first.total).toBe(all.total);
    const second = await listed({ sort: "name_asc", page_size: 2, cursor: first.next_cursor });
    const names = [...first.items, ...second.items].map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it("refuses a code twice whatever the case, out-of-range worth and validity, and a kind without its worth", async () => {
    await define({ code: "TWICE" });
    const again = await server.sendRaw(
      API.members.couponCreate,
      { code: "twice", name: "x", kind: "free", valid_days: 1 },
      as,
    );
    expect(again.body).toMatchObject({ code: "RECORD_EXISTS", field: "code" });
    // Another vendor may use the same code.
    const elsewhere = await server.sendRaw(
      API.members.couponCreate,
      { code: "TWICE", name: "Theirs", kind: "free", valid_days: 1 },
      { token: await server.login(other.vendorAdmin.username) },
    );
    expect(elsewhere.http).toBe(200);

    const refusals: [Record<string, unknown>, string, string][] = [
      [{ kind: "discount", discount_rate: 100 }, "discount_rate", "validation.discountRange"],
      [{ kind: "discount", discount_rate: 0 }, "discount_rate", "validation.discountRange"],
      [{ kind: "discount" }, "discount_rate", "validation.discountRange"],
      [{ kind: "voucher", amount: 0 }, "amount", "validation.amountPositive"],
      [{ kind: "voucher", amount: null }, "amount", "validation.amountPositive"],
      [{ valid_days: 0 }, "valid_days", "validation.validityDays"],
      [{ valid_days: 3651 }, "valid_days", "validation.validityDays"],
      [{ code: "A" }, "code", "validation.couponCode"],
      [{ code: "-AB" }, "code", "validation.couponCode"],
      [{ code: "A B" }, "code", "validation.couponCode"],
      [{ code: "X".repeat(33) }, "code", "validation.couponCode"],
      [{ kind: "points" }, "kind", "validation.invalid"],
    ];
    for (const [fields, field, key] of refusals) {
      const { body } = await server.sendRaw(
        API.members.couponCreate,
        { code: "OK1", name: "x", kind: "voucher", amount: 100, valid_days: 5, ...fields },
        as,
      );
      expect(body, JSON.stringify(fields)).toMatchObject({ code: "VALIDATION_FAILED", field, message_key: key });
    }
    expect((await define({ valid_days: 3650 })).valid_days).toBe(3650);
    expect((await define({ kind: "discount", discount_rate: 99 })).discount_rate).toBe(99);
  });

  it("changes a definition and switches it off and on: off, it is not offered, not given, and what members hold is invalid", async () => {
    const coupon = await define();
    const memberId = await newMember();
    expect((await server.send(API.members.giveCoupon, { member_ids: [memberId], coupon_id: coupon.id }, as)).http).toBe(
      200,
    );
    const changed = await server.send(
      API.members.couponModify,
      { id: coupon.id, code: "CHANGED1", name: "Changed", kind: "discount", discount_rate: 30, valid_days: 3 },
      as,
    );
    expect(changed.body.result).toMatchObject({ code: "CHANGED1", kind: "discount", discount_rate: 30, amount: null });

    const off = await server.send(API.members.couponSetStatus, { id: coupon.id, enabled: false }, as);
    expect(off.body.result.enabled).toBe(false);
    expect((await listed({ status: "invalid" })).items.map((c) => c.id)).toContain(coupon.id);
    expect((await listed({ status: "valid" })).items.map((c) => c.id)).not.toContain(coupon.id);
    const offered = await server.send(API.members.coupons, {}, as);
    expect(offered.body.result.items.map((c) => c.id)).not.toContain(coupon.id);
    const refused = await server.send(API.members.giveCoupon, { member_ids: [memberId], coupon_id: coupon.id }, as);
    expect(refused.body).toMatchObject({ code: "COUPON_DISABLED", field: "coupon_id" });
    const held = await server.send(API.members.memberCoupons, { member_id: memberId }, as);
    expect(held.body.result.items[0]).toMatchObject({ state: "unused", status: "invalid" });

    await server.send(API.members.couponSetStatus, { id: coupon.id, enabled: true }, as);
    const again = await server.send(API.members.memberCoupons, { member_id: memberId }, as);
    expect(again.body.result.items[0]?.status).toBe("valid");
    // The existing contract still answers every field the members screen reads.
    expect(again.body.result.items[0]?.coupon).toMatchObject({ id: coupon.id, name: "Changed", enabled: true });
  });

  it("counts given, used, used on washers and on dryers, and held now", async () => {
    const coupon = await define();
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => newMember()));
    await server.send(API.members.giveCoupon, { member_ids: ids, coupon_id: coupon.id }, as);
    const { db } = server.database;
    const shopId = await testShop(server.database, vendorId, `Coupon shop ${phoneSeq}`);
    const machine = async (machineType: string) => {
      const [row] = await db
        .insert(devices)
        .values({ vendorId, shopId, name: machineType, serialNumber: `CPN-${machineType}-${phoneSeq++}`, machineType })
        .returning({ id: devices.id });
      return row?.id ?? 0;
    };
    const [washer, dryer, combo, kiosk] = await Promise.all(["washer", "dryer", "combo", "kiosk"].map(machine));
    const given = await db.select().from(memberCoupons).where(eq(memberCoupons.couponId, coupon.id));
    const spend = async (index: number, deviceId: number | undefined) => {
      const row = given[index];
      if (!row || deviceId === undefined) throw new Error("no coupon to spend");
      await db
        .update(memberCoupons)
        .set({ state: MEMBER_COUPON_STATE.used, usedAt: new Date(), deviceId, shopId })
        .where(eq(memberCoupons.id, row.id));
    };
    await spend(0, washer);
    await spend(1, dryer);
    await spend(2, combo);
    await spend(3, kiosk);
    const item = (await listed({ code: coupon.code })).items[0];
    expect(item).toMatchObject({ given: 5, used: 4, used_washes: 2, used_dries: 1, held: 1 });
  });

  it("removes a coupon nobody holds; refuses one members hold or a link gives, saying which (HAS_DEPENDENTS)", async () => {
    const unused = await define();
    expect((await server.send(API.members.couponRemove, { id: unused.id }, as)).body.result).toEqual({ id: unused.id });
    expect((await listed({ code: unused.code })).items).toEqual([]);

    const held = await define();
    await server.send(API.members.giveCoupon, { member_ids: [await newMember()], coupon_id: held.id }, as);
    const refused = await server.send(API.members.couponRemove, { id: held.id }, as);
    expect(refused.http).toBe(409);
    expect(refused.body).toMatchObject({
      code: "HAS_DEPENDENTS",
      message_key: "coupons.hasHolders",
      message_params: { given: 1 },
    });

    const linked = await define();
    await server.send(API.members.inviteLinkCreate, { coupon_id: linked.id, quantity: 5, valid_days: 5 }, as);
    const byLink = await server.send(API.members.couponRemove, { id: linked.id }, as);
    expect(byLink.body).toMatchObject({
      code: "HAS_DEPENDENTS",
      message_key: "coupons.hasInvitations",
      message_params: { links: 1 },
    });
  });

  it("keeps another vendor's coupons out of reach, and lets a sub-account read but not define without the key", async () => {
    const mine = await define();
    const theirs = { token: await server.login(other.vendorAdmin.username) };
    expect((await server.send(API.members.couponList, { page_size: 50 }, theirs)).body.result.items).not.toContainEqual(
      expect.objectContaining({ id: mine.id }),
    );
    for (const [contract, body] of [
      [API.members.couponModify, { id: mine.id, code: "HIJACK", name: "x", kind: "free", valid_days: 1 }],
      [API.members.couponSetStatus, { id: mine.id, enabled: false }],
      [API.members.couponRemove, { id: mine.id }],
      [API.members.giveCouponByFilter, { coupon_id: mine.id, filters: {} }],
      [API.members.inviteLinkCreate, { coupon_id: mine.id, quantity: 1, valid_days: 1 }],
    ] as const) {
      const answer = await server.sendRaw(contract, body, theirs);
      expect(answer.body.code, contract.path).toBe("NOT_FOUND");
    }
    await vendorSubAccount(server.database, { vendorId, username: "coupon_reader", permissions: ["mem_query"] });
    const reader = { as: "coupon_reader" };
    expect((await server.send(API.members.couponList, { page_size: 5 }, reader)).http).toBe(200);
    const denied = await server.sendRaw(
      API.members.couponCreate,
      { code: "NOPE", name: "x", kind: "free", valid_days: 1 },
      reader,
    );
    expect(denied.body.code).toBe("NO_PERMISSION");
  });
});

describe("giving by filter", () => {
  it("gives every active member the filter matches once, answers how many, and refuses more than the cap", async () => {
    const coupon = await define();
    const tag = `Filtergift${phoneSeq}`;
    const ids = await Promise.all([1, 2, 3].map((n) => newMember(`${tag} ${n}`)));
    const disabled = ids[2] ?? 0;
    const { db } = server.database;
    await server.send(
      API.members.modify,
      { member_id: disabled, phone: phone(), name: `${tag} 3`, status: "disabled" },
      as,
    );
    const gift = await server.send(
      API.members.giveCouponByFilter,
      { coupon_id: coupon.id, filters: { search: tag } },
      as,
    );
    expect(gift.body.result).toEqual({ given: 2 });
    const rows = await db.select().from(memberCoupons).where(eq(memberCoupons.couponId, coupon.id));
    expect(rows.map((r) => r.memberId).sort()).toEqual(ids.slice(0, 2).sort());
    expect(new Set(rows.map((r) => r.uniqueDid)).size).toBe(2);

    // Nothing matches: nobody, said as 0.
    const none = await server.send(
      API.members.giveCouponByFilter,
      { coupon_id: coupon.id, filters: { search: "no such member anywhere" } },
      as,
    );
    expect(none.body.result).toEqual({ given: 0 });

    // Over the cap: refused before anything is given.
    await db.execute(sql`insert into members (vendor_id, phone, name)
      select ${vendorId}, 'cap' || g, 'Capped member' from generate_series(1, ${COUPON_LIMITS.giftByFilterMax + 1}) g`);
    const before = (await db.select().from(memberCoupons).where(eq(memberCoupons.couponId, coupon.id))).length;
    const capped = await server.send(
      API.members.giveCouponByFilter,
      { coupon_id: coupon.id, filters: { search: "Capped member" } },
      as,
    );
    expect(capped.body).toMatchObject({
      code: "VALIDATION_FAILED",
      field: "filters",
      message_key: "validation.tooManyRecipients",
      message_params: { max: COUPON_LIMITS.giftByFilterMax },
    });
    const after = (await db.select().from(memberCoupons).where(eq(memberCoupons.couponId, coupon.id))).length;
    expect(after).toBe(before);
  });
});

describe("a member's coupon ends at the end of its last local day", () => {
  /** The end validUntil computes for a coupon given at `given` (ISO) for `days` days in `zone`. */
  const endOf = async (given: string, days: number, zone: string) =>
    new Date(await scalar(server.database.db, sql`${validUntil(sql`${given}::timestamptz`, days, zone)}::text`));

  it("far east of UTC (Kiritimati, UTC+14): a minute either side of local midnight is a day apart", async () => {
    const zone = "Pacific/Kiritimati";
    // 23:59:30 on 10 March there is 09:59:30 UTC: valid through 11 March, to midnight into the 12th.
    expect((await endOf("2026-03-10T09:59:30Z", 1, zone)).toISOString()).toBe("2026-03-11T10:00:00.000Z");
    // 00:00:30 on 11 March there: through the 12th.
    expect((await endOf("2026-03-10T10:00:30Z", 1, zone)).toISOString()).toBe("2026-03-12T10:00:00.000Z");
    expect((await endOf("2026-03-10T10:00:30Z", 1, zone)).getTime() / 1000).toBe(zonedDayStart("2026-03-13", zone));
  });

  it("far west (Pago Pago, UTC−11), and across a change of daylight saving (New York)", async () => {
    const west = "Pacific/Pago_Pago";
    // 23:59:30 on 10 March there is 10:59:30 UTC on the 11th.
    expect((await endOf("2026-03-11T10:59:30Z", 1, west)).toISOString()).toBe("2026-03-12T11:00:00.000Z");
    expect((await endOf("2026-03-11T11:00:30Z", 1, west)).toISOString()).toBe("2026-03-13T11:00:00.000Z");
    // Given at 23:30 on 7 March (EST); clocks go forward on the 8th: it ends at midnight EDT into the 9th.
    const ny = "America/New_York";
    expect((await endOf("2026-03-08T04:30:00Z", 1, ny)).toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect((await endOf("2026-03-08T04:30:00Z", 30, ny)).getTime() / 1000).toBe(zonedDayStart("2026-04-07", ny));
  });

  it("a gift is valid to the end of the vendor's local day valid_days later, then expired", async () => {
    const { db } = server.database;
    const zone = "Pacific/Kiritimati";
    await db.update(vendors).set({ timeZone: zone }).where(eq(vendors.id, vendorId));
    try {
      const coupon = await define({ valid_days: 7 });
      const memberId = await newMember();
      await server.send(API.members.giveCoupon, { member_ids: [memberId], coupon_id: coupon.id }, as);
      const [held] = (await server.send(API.members.memberCoupons, { member_id: memberId }, as)).body.result.items;
      if (!held) throw new Error("no coupon given");
      const givenDay = new Date(held.issued_at * 1000 + 14 * 3_600_000).toISOString().slice(0, 10);
      const lastDay = new Date(Date.parse(givenDay) + 8 * 86_400_000).toISOString().slice(0, 10);
      expect(held.expires_at).toBe(zonedDayStart(lastDay, zone));
      expect(held).toMatchObject({ state: "unused", status: "valid" });
      // Its end passed: expired, whatever its definition says.
      await db
        .update(memberCoupons)
        .set({ expiresAt: new Date(Date.now() - 1_000) })
        .where(eq(memberCoupons.id, held.id));
      await server.send(API.members.couponSetStatus, { id: coupon.id, enabled: false }, as);
      const [ended] = (await server.send(API.members.memberCoupons, { member_id: memberId }, as)).body.result.items;
      expect(ended).toMatchObject({ state: "expired", status: "expired" });
      // Used stays used.
      await db
        .update(memberCoupons)
        .set({ state: MEMBER_COUPON_STATE.used, usedAt: new Date() })
        .where(eq(memberCoupons.id, held.id));
      const byNumber = await server.send(API.members.couponByUniqueDid, { unique_did: held.unique_did }, as);
      expect(byNumber.body.result).toMatchObject({ state: "used", status: "used" });
    } finally {
      await db.update(vendors).set({ timeZone: "Asia/Kuala_Lumpur" }).where(eq(vendors.id, vendorId));
    }
  });
});
