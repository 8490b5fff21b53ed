import { API, type BodyOf } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, type OtherTenant, otherTenant, vendorSubAccount } from "../../test/fixtures.js";
import { type AnswerOf, type SendOptions, startTestServer, type TestServer } from "../../test/harness.js";
import { accounts } from "../accounts/tables.js";
import { devices } from "../devices/tables.js";
import { operationLog } from "../operation-log/tables.js";
import { priceTemplates } from "../price-templates/tables.js";
import { roles } from "../roles/tables.js";
import { vendors } from "../tenancy/tables.js";

type VendorFields = BodyOf<typeof API.vendorAdmin.create>;

const admin = { as: "group_admin" };

let server: TestServer;
let klId = 0;
let other: OtherTenant;

beforeAll(async () => {
  server = await startTestServer();
  klId = (await demoVendors(server.database)).kl.id;
  other = await otherTenant(server.database);
});
afterAll(() => server.close());

const valid = (extra: Partial<VendorFields> = {}): VendorFields => ({
  name: "Demo Laundry Penang",
  real_name: "Tan Ah Kow",
  id_number: "850101-07-5555",
  phone: "+60 4-555 0101",
  home_page: "https://penang.demo.test",
  settlement_cycle_days: 7,
  fee_rate_coins: 0.05,
  fee_rate_no_coins: 0.99,
  currency: "MYR",
  language: "en",
  time_zone: "Asia/Kuala_Lumpur",
  coin_denomination: 100,
  payment_methods: ["coin", "stripe"],
  ...extra,
});

const create = (payload: VendorFields, options: SendOptions = admin) =>
  server.send(API.vendorAdmin.create, payload, options);

/** What a creation the server should refuse answers: status, code, field and message key. */
async function refusal(payload: Record<string, unknown>) {
  const { http, body } = await server.sendRaw(API.vendorAdmin.create, payload, admin);
  return [http, body.code, body.field, body.message_key];
}

describe("create_new_vendor_by_group", () => {
  it("creates a vendor with every §3 field; balances start at zero", async () => {
    const { http, body } = await create(valid());
    expect(http, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({
      ...valid(),
      vendor_id: expect.any(Number),
      max_balance: 0,
      withdrawable_balance: 0,
      account_count: 0,
      device_count: 0,
    });
    const [row] = await server.database.db.select().from(vendors).where(eq(vendors.id, body.result.vendor_id));
    expect(row?.groupId).toBe((await demoVendors(server.database)).groupId);
  });

  it("refuses a second merchant of the same name in the group, whatever its case", async () => {
    const first = await create(valid({ name: "Bubbles Ipoh" }));
    expect(first.http).toBe(200);
    const again = await create(valid({ name: "BUBBLES IPOH" }));
    expect(again.http).toBe(409);
    expect(again.body).toMatchObject({ code: "RECORD_EXISTS", field: "name" });
    // Renaming another merchant onto it is refused the same way.
    const other = await create(valid({ name: "Bubbles Taiping" }));
    const rename = await server.send(
      API.vendorAdmin.modify,
      { ...valid({ name: "bubbles ipoh" }), vendor_id: other.body.result.vendor_id },
      admin,
    );
    expect(rename.body.code).toBe("RECORD_EXISTS");
  });

  it("takes fee rates 0 and 0.99 and refuses 1, below zero and thousandths", async () => {
    expect((await create(valid({ name: "Fee zero", fee_rate_coins: 0, fee_rate_no_coins: 0 }))).http).toBe(200);
    expect((await create(valid({ name: "Fee max", fee_rate_coins: 0.99 }))).body.result.fee_rate_coins).toBe(0.99);
    const feeRefusal = (field: string) => [400, "VALIDATION_FAILED", field, "validation.feeRate"];
    expect(await refusal(valid({ fee_rate_coins: 1 }))).toEqual(feeRefusal("fee_rate_coins"));
    expect(await refusal(valid({ fee_rate_no_coins: 1 }))).toEqual(feeRefusal("fee_rate_no_coins"));
    expect(await refusal(valid({ fee_rate_coins: -0.01 }))).toEqual(feeRefusal("fee_rate_coins"));
    expect(await refusal(valid({ fee_rate_coins: 0.555 }))).toEqual(feeRefusal("fee_rate_coins"));
  });

  it("takes coin denomination 0 and refuses below zero or fractions", async () => {
    expect((await create(valid({ name: "Coin zero", coin_denomination: 0 }))).http).toBe(200);
    const coin = [400, "VALIDATION_FAILED", "coin_denomination", "validation.coinDenomination"];
    expect(await refusal(valid({ coin_denomination: -1 }))).toEqual(coin);
    expect(await refusal(valid({ coin_denomination: 1.5 }))).toEqual(coin);
  });

  it("requires every §5 field", async () => {
    for (const field of ["name", "real_name", "id_number", "phone", "home_page"]) {
      expect(await refusal(valid({ [field]: "  " })), field).toEqual([
        400,
        "VALIDATION_FAILED",
        field,
        "validation.required",
      ]);
    }
    for (const field of ["settlement_cycle_days", "currency", "language", "coin_denomination", "time_zone"]) {
      const payload: Record<string, unknown> = valid();
      delete payload[field];
      const [http, code, got] = await refusal(payload);
      expect([http, code, got], field).toEqual([400, "VALIDATION_FAILED", field]);
    }
  });

  it("checks currency against §9, language against the 12, the time zone against IANA", async () => {
    expect(await refusal(valid({ currency: "XYZ" }))).toEqual([
      400,
      "VALIDATION_FAILED",
      "currency",
      "validation.currency",
    ]);
    expect(await refusal({ ...valid(), language: "ko" })).toEqual([
      400,
      "VALIDATION_FAILED",
      "language",
      "validation.language",
    ]);
    expect(await refusal(valid({ time_zone: "Mars/Olympus" }))).toEqual([
      400,
      "VALIDATION_FAILED",
      "time_zone",
      "validation.timeZone",
    ]);
    expect(await refusal(valid({ settlement_cycle_days: 0 }))).toEqual([
      400,
      "VALIDATION_FAILED",
      "settlement_cycle_days",
      "validation.settlementCycle",
    ]);
    expect(await refusal(valid({ phone: "call me" }))).toEqual([400, "VALIDATION_FAILED", "phone", "validation.phone"]);
    expect(await refusal({ ...valid(), payment_methods: ["cheque"] })).toEqual([
      400,
      "VALIDATION_FAILED",
      "payment_methods.0",
      "validation.invalid",
    ]);
    for (const [currency, language, zone] of [
      ["THB", "th-th", "Asia/Bangkok"],
      ["EQB", "zh-tw", "Asia/Taipei"],
    ] as const) {
      expect((await create(valid({ name: `Zone ${currency}`, currency, language, time_zone: zone }))).http).toBe(200);
    }
  });

  it("is refused to vendor levels; allowed to the group sub-administrator", async () => {
    expect((await create(valid(), { as: "vendor_admin" })).body.code).toBe("NO_PERMISSION");
    expect((await create(valid({ name: "By sub" }), { as: "group_sub" })).http).toBe(200);
  });
});

describe("get_vendor_list_by_group (v2) and the boot call", () => {
  it("lists every vendor of the group with dependents, never another group's", async () => {
    const { body } = await server.send(API.vendorAdmin.list, { page_size: 200 }, admin);
    const names = body.result.items.map((v) => v.name);
    expect(names).toEqual(expect.arrayContaining(["Demo Laundry Kuala Lumpur", "Demo Laundry Bangkok"]));
    expect(names).not.toContain("Other Laundry");
    expect(body.result.total).toBe(names.length);
    const kl = body.result.items.find((v) => v.vendor_id === klId);
    expect(kl).toMatchObject({ currency: "MYR", account_count: 2, device_count: 0 });
  });

  it("filters by keyword and pages by cursor without overlap", async () => {
    const kw = await server.send(API.vendorAdmin.list, { keyword: "penang" }, admin);
    expect(kw.body.result.items.map((v) => v.name)).toEqual(["Demo Laundry Penang"]);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: AnswerOf<typeof API.vendorAdmin.list> = await server.send(
        API.vendorAdmin.list,
        { page_size: 3, ...(cursor ? { cursor } : {}) },
        admin,
      );
      seen.push(...page.body.result.items.map((v) => v.vendor_id));
      cursor = page.body.result.next_cursor;
    } while (cursor);
    const all = await server.send(API.vendorAdmin.list, {}, admin);
    expect(seen).toHaveLength(all.body.result.total);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("keeps the boot call's shape, with the new vendors in it", async () => {
    const { body } = await server.send(API.tenancy.listByGroup, {}, admin);
    expect(body.result.vendor_list.map((v) => v.name)).toContain("Demo Laundry Penang");
    expect(body.result.vendor_list[0]).toHaveProperty("has_stripe");
  });
});

describe("modify_vendor_info_by_group", () => {
  it("changes the fields and leaves balances alone", async () => {
    await server.database.db
      .update(vendors)
      .set({ maxBalance: 5000, withdrawableBalance: 1200 })
      .where(eq(vendors.id, klId));
    // Balances are not fields of the call: the server ignores them.
    const { http, body } = await server.sendRaw(
      API.vendorAdmin.modify,
      {
        vendor_id: klId,
        ...valid({ name: "Demo Laundry KL", fee_rate_coins: 0.99 }),
        max_balance: 1,
        withdrawable_balance: 1,
      },
      admin,
    );
    expect(http, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({
      vendor_id: klId,
      name: "Demo Laundry KL",
      fee_rate_coins: 0.99,
      max_balance: 5000,
      withdrawable_balance: 1200,
    });
    expect(
      (await server.send(API.vendorAdmin.modify, { vendor_id: klId, ...valid({ fee_rate_coins: 1 }) }, admin)).body
        .field,
    ).toBe("fee_rate_coins");
  });

  it("refuses a new currency while the merchant holds a balance or price templates, and allows it after", async () => {
    const { db } = server.database;
    const fresh = (await create(valid({ name: "Demo Laundry Ipoh" }))).body.result;
    const modify = (currency: string) =>
      server.send(
        API.vendorAdmin.modify,
        { vendor_id: fresh.vendor_id, ...valid({ name: "Demo Laundry Ipoh", currency }) },
        admin,
      );
    const [template] = await db
      .insert(priceTemplates)
      .values({ vendorId: fresh.vendor_id, modelName: "Wash", displayPrice: 700, price: 700, estimatedMinutes: 30 })
      .returning();
    const refused = await modify("JPY");
    expect([refused.http, refused.body.code, refused.body.field, refused.body.message_key]).toEqual([
      400,
      "VALIDATION_FAILED",
      "currency",
      "validation.currencyInUse",
    ]);
    expect(refused.body.message_params).toEqual({ templates: 1 });
    // The same currency is no change: the rest of the profile still saves.
    expect((await modify("MYR")).http).toBe(200);
    await db.delete(priceTemplates).where(eq(priceTemplates.id, template?.id ?? 0));
    await db.update(vendors).set({ withdrawableBalance: 1 }).where(eq(vendors.id, fresh.vendor_id));
    expect((await modify("JPY")).body.message_key).toBe("validation.currencyInUse");
    await db.update(vendors).set({ withdrawableBalance: 0 }).where(eq(vendors.id, fresh.vendor_id));
    const changed = await modify("JPY");
    expect([changed.http, changed.body.result.currency]).toEqual([200, "JPY"]);
  });

  it("answers not found for another group's vendor and leaves it unchanged", async () => {
    const { body } = await server.send(API.vendorAdmin.modify, { vendor_id: other.vendor.id, ...valid() }, admin);
    expect(body.code).toBe("NOT_FOUND");
    const [row] = await server.database.db.select().from(vendors).where(eq(vendors.id, other.vendor.id));
    expect(row?.name).toBe("Other Laundry");
  });
});

describe("remove_vendor_by_group", () => {
  it("refuses a vendor that still has accounts, naming them", async () => {
    const { http, body } = await server.send(API.vendorAdmin.remove, { vendor_id: klId }, admin);
    expect([http, body.code]).toEqual([409, "HAS_DEPENDENTS"]);
    expect(body.message).toContain("2 accounts");
  });

  it("refuses a vendor that still has devices, naming them", async () => {
    const created = await create(valid({ name: "With device" }));
    const id = created.body.result.vendor_id;
    await server.database.db.insert(devices).values({ vendorId: id, serialNumber: "SN-RM-1", machineType: "washer" });
    const { body } = await server.send(API.vendorAdmin.remove, { vendor_id: id }, admin);
    expect(body.code).toBe("HAS_DEPENDENTS");
    expect(body.message).toContain("1 device");
  });

  it("removes a vendor without dependents, once", async () => {
    const created = await create(valid({ name: "To remove" }));
    const id = created.body.result.vendor_id;
    expect((await server.send(API.vendorAdmin.remove, { vendor_id: id }, admin)).body.result).toEqual({
      vendor_id: id,
    });
    expect((await server.send(API.vendorAdmin.remove, { vendor_id: id }, admin)).body.code).toBe("NOT_FOUND");
    const log = await server.database.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.action, "vendorAdmin.remove"));
    expect(log.filter((r) => r.target === `vendor:${id}`).map((r) => r.outcome)).toEqual(["success"]);
    expect(log.at(-1)).toMatchObject({ outcome: "failure", errorCode: "NOT_FOUND" });
  });

  it("removes a vendor's roles with it; an account holding the vendor blocks the removal", async () => {
    const id = (await create(valid({ name: "With role" }))).body.result.vendor_id;
    const { db } = server.database;
    const account = await vendorSubAccount(server.database, { vendorId: id, username: "role_holder", permissions: [] });
    const refused = await server.send(API.vendorAdmin.remove, { vendor_id: id }, admin);
    expect([refused.body.code, refused.body.message]).toEqual([
      "HAS_DEPENDENTS",
      "This merchant still has 1 account; remove what depends on it first",
    ]);
    await db.delete(accounts).where(eq(accounts.id, account.id));
    expect((await server.send(API.vendorAdmin.remove, { vendor_id: id }, admin)).http).toBe(200);
    expect(await db.select().from(roles).where(eq(roles.vendorId, id))).toEqual([]);
  });

  it("answers not found for another group's vendor", async () => {
    expect((await server.send(API.vendorAdmin.remove, { vendor_id: other.vendor.id }, admin)).body.code).toBe(
      "NOT_FOUND",
    );
  });
});
