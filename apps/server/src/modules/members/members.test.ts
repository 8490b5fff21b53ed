import { randomBytes } from "node:crypto";
import { API, addDays, localDate, type MemberItem, nowSeconds } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, type OtherTenant, otherTenant, testShop } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { testMachines } from "../../test/machines.js";
import { alliances } from "../alliances/tables.js";
import { devices } from "../devices/tables.js";
import { refundFailedStart } from "../orders/paid-starts.js";
import { orders } from "../orders/tables.js";
import { switchOn } from "../orders/test-orders.js";
import { payQrCodes } from "../payqr/tables.js";
import { priceTemplates } from "../price-templates/tables.js";
import { shops } from "../shops/tables.js";
import { ledgerSums } from "./ledger.js";
import { signInMember } from "./member-app.js";
import { cards, coupons, memberCoupons, memberSessions, members } from "./tables.js";

/**
 * Members and cards: every balance equals the sum of its ledger after every operation, concurrent
 * payments and top-ups leave the exact balance, a stale form is refused rather than overwriting,
 * unbinding is final, free and admin cards keep their balance, another vendor's records are not
 * there, and member tokens and console tokens open only their own calls.
 */
const as = { as: "vendor_admin" } as const;
let server: TestServer;
let vendorId: number;
let shopId: number;
let code: string;
const run = randomBytes(3).toString("hex").toUpperCase();
const machines = testMachines("M");
let phoneSeq = 0;
const phone = () => `60${run.replace(/\D/g, "7").padEnd(6, "7").slice(0, 6)}${String(++phoneSeq).padStart(3, "0")}`;

async function newMember(extra: Partial<{ name: string }> = {}): Promise<MemberItem> {
  const { http, body } = await server.send(API.members.create, { phone: phone(), name: extra.name ?? "Aminah" }, as);
  expect(http, JSON.stringify(body)).toBe(200);
  return body.result;
}

async function newCard(type: "ordinary" | "free" | "admin" | "third_party" = "ordinary") {
  const uuid = randomBytes(4).toString("hex").toUpperCase();
  const { http, body } = await server.send(API.members.cardCreate, { uuid, card_number: `K${uuid}`, type }, as);
  expect(http, JSON.stringify(body)).toBe(200);
  return body.result;
}

/** A customer's own address: each sign-up comes from another, as customers do. */
let addressSeq = 0;
const customerIp = () => `10.77.${Math.floor(++addressSeq / 250)}.${(addressSeq % 250) + 1}`;

/** A customer registers in the app and signs in, as the app does (registering gives no session). */
async function signUp(place: { code: string }, phone: string, pin: string, ip = customerIp()) {
  const registered = await server.send(API.members.appRegister, { place, phone, pin }, { ip });
  expect(registered.body.result, JSON.stringify(registered.body)).toEqual({ accepted: true });
  const signedIn = await server.send(API.members.appSignIn, { place, phone, pin }, { ip });
  expect(signedIn.http, JSON.stringify(signedIn.body)).toBe(200);
  const { member_token: token, member_id: id } = signedIn.body.result;
  return { id, token, headers: { headers: { authorization: `Bearer ${token}` } } };
}

let unrelated: OtherTenant | undefined;
/** The unrelated tenant, made once for the file. */
async function theOtherTenant(): Promise<OtherTenant> {
  unrelated ??= await otherTenant(server.database);
  return unrelated;
}

/** Every member's and card's stored balance against the sum of its movements. */
async function expectLedgerReconciles(): Promise<void> {
  const { db } = server.database;
  const all = await db.select({ id: members.id, balance: members.balance, reward: members.reward }).from(members);
  for (const m of all) {
    const sums = await ledgerSums(db, { kind: "member", id: m.id });
    expect({ balance: sums.balance ?? 0, reward: sums.reward ?? 0 }, `member ${m.id}`).toEqual({
      balance: m.balance,
      reward: m.reward,
    });
  }
  const allCards = await db.select({ id: cards.id, balance: cards.balance }).from(cards);
  for (const c of allCards) {
    const sums = await ledgerSums(db, { kind: "card", id: c.id });
    expect(sums.card ?? 0, `card ${c.id}`).toBe(c.balance);
  }
}

beforeAll(async () => {
  server = await startTestServer();
  await server.app.ready();
  const { kl } = await demoVendors(server.database);
  vendorId = kl.id;
  const { db } = server.database;
  const [shop] = await db
    .insert(shops)
    .values({ vendorId, name: `Members ${run}`, address: "8 Jalan Ahli", serviceType: 1 })
    .returning();
  shopId = shop?.id ?? 0;
  code = `mb${run.toLowerCase()}`;
  await db.insert(payQrCodes).values({ vendorId, code, name: `Members ${run}`, shopId });
  await switchOn(db, vendorId, "sandbox");
});
afterAll(async () => {
  await machines.stopAll();
  await server.close();
});

describe("members", () => {
  it("are listed with their totals and found by phone, name or card number", async () => {
    const a = await newMember({ name: `Siti ${run}` });
    const card = await newCard();
    await server.send(API.members.cardBind, { card_id: card.id, member_id: a.id }, as);
    const byPhone = await server.send(API.members.list, { search: a.phone }, as);
    expect(byPhone.body.result.items.map((m) => m.id)).toEqual([a.id]);
    const byName = await server.send(API.members.list, { search: `siti ${run}` }, as);
    expect(byName.body.result.items.map((m) => m.id)).toEqual([a.id]);
    const byCard = await server.send(API.members.list, { search: card.card_number }, as);
    expect(byCard.body.result.items.map((m) => m.id)).toEqual([a.id]);
    expect(byCard.body.result.items[0]?.cards).toBe(1);
    const second = await newCard();
    await server.send(API.members.cardBind, { card_id: second.id, member_id: a.id }, as);
    const cardless = await newMember();
    const counted = await server.send(API.members.list, { page_size: 200 }, as);
    expect(counted.body.result.items.find((m) => m.id === a.id)?.cards).toBe(2);
    expect(counted.body.result.items.find((m) => m.id === cardless.id)?.cards).toBe(0);
    const cardsOfA = await server.send(API.members.cardList, { search: a.phone }, as);
    expect(cardsOfA.body.result.items.map((c) => c.id).sort()).toEqual([card.id, second.id].sort());
    const found = await server.send(API.members.byCardNumber, { card_number: card.card_number }, as);
    expect(found.body.result.id).toBe(a.id);
    const unknown = await server.send(API.members.byCardNumber, { card_number: "NOSUCH0000" }, as);
    expect(unknown.body.code).toBe("CARD_NUMBER_ERROR");
    const malformed = await server.sendRaw(API.members.byCardNumber, { card_number: "a b" }, as);
    expect(malformed.body).toMatchObject({ code: "VALIDATION_FAILED", field: "card_number" });
    const all = await server.send(API.members.list, {}, as);
    const totals = all.body.result.totals;
    expect(totals?.currency).toBe("MYR");
    expect(totals?.members).toBe(all.body.result.total);
  });

  it("change their balances only as ledger movements with a reason; a stale form is refused, not overwritten", async () => {
    const m = await newMember();
    const first = await server.send(
      API.members.modifyBalances,
      { member_id: m.id, balance: 5_000, reward: 200, seen_balance: 0, seen_reward: 0, reason: "Opening balance" },
      as,
    );
    expect(first.body.result).toMatchObject({ balance: 5_000, reward: 200 });
    // A second operator's form was read before the first change.
    const stale = await server.send(
      API.members.modifyBalances,
      { member_id: m.id, balance: 100, reward: 0, seen_balance: 0, seen_reward: 0, reason: "Typo fix" },
      as,
    );
    expect(stale.body).toMatchObject({ code: "BALANCE_CHANGED", status: 409 });
    const noReason = await server.sendRaw(
      API.members.modifyBalances,
      { member_id: m.id, balance: 1, reward: 0, seen_balance: 5_000, seen_reward: 200, reason: " " },
      as,
    );
    expect(noReason.body).toMatchObject({ code: "VALIDATION_FAILED", field: "reason" });
    const missing = await server.sendRaw(
      API.members.modifyBalances,
      { member_id: m.id, reward: 0, seen_balance: 5_000, seen_reward: 200, reason: "x" },
      as,
    );
    expect(missing.body).toMatchObject({ code: "VALIDATION_FAILED", field: "balance" });
    const movements = await server.send(API.members.movements, { member_id: m.id }, as);
    expect(movements.body.result.items.map((i) => [i.purse, i.kind, i.amount, i.balance_after, i.reason])).toEqual([
      ["reward", "adjustment", 200, 200, "Opening balance"],
      ["balance", "adjustment", 5_000, 5_000, "Opening balance"],
    ]);
    expect(movements.body.result.items[0]?.operator).toBe("vendor_admin");
    await expectLedgerReconciles();
  });

  it("are topped up by the amount paid at the counter, each of many parallel top-ups counted once", async () => {
    const m = await newMember();
    const zero = await server.sendRaw(API.members.topUp, { member_id: m.id, amount: 0 }, as);
    expect(zero.body).toMatchObject({ field: "amount", message_key: "validation.amountError" });
    const first = await server.send(API.members.topUp, { member_id: m.id, amount: 1_400, reason: "Cash" }, as);
    expect(first.body.result.balance).toBe(1_400);
    // 140 + 10: the operator names the amount, not the new total.
    const parallel = await Promise.all(
      Array.from({ length: 10 }, () => server.send(API.members.topUp, { member_id: m.id, amount: 100 }, as)),
    );
    expect(parallel.map((r) => r.http)).toEqual(Array(10).fill(200));
    const detail = await server.send(API.members.detail, { member_id: m.id }, as);
    expect(detail.body.result.member.balance).toBe(2_400);
    const movements = await server.send(API.members.movements, { member_id: m.id }, as);
    const topUps = movements.body.result.items.filter((item) => item.kind === "topup");
    expect(topUps).toHaveLength(11);
    expect(topUps.find((item) => item.amount === 1_400)).toMatchObject({ reason: "Cash", operator: "vendor_admin" });
    await server.send(API.members.modify, { member_id: m.id, phone: m.phone, name: m.name, status: "disabled" }, as);
    const disabled = await server.send(API.members.topUp, { member_id: m.id, amount: 100 }, as);
    expect(disabled.body.code).toBe("ACCOUNT_INACTIVE");
    await expectLedgerReconciles();
  });

  it("are not topped up across tenants", async () => {
    const m = await newMember();
    const foreign = await server.send(API.members.topUp, { member_id: m.id, amount: 100 }, { as: "vendor2_admin" });
    expect(foreign.body.code).toBe("NOT_FOUND");
  });

  it("are filtered by the shop and the alliance they registered in, and by balance", async () => {
    const { db } = server.database;
    const [alliance] = await db
      .insert(alliances)
      .values({ vendorId, name: `Ring ${run}`, type: 1 })
      .returning();
    const [allied] = await db
      .insert(shops)
      .values({
        vendorId,
        name: `Allied ${run}`,
        address: "9 Jalan Ikatan",
        serviceType: 1,
        allianceId: alliance?.id ?? null,
      })
      .returning();
    const inRing = await server.send(
      API.members.create,
      { phone: phone(), name: "Ring", shop_id: allied?.id ?? null },
      as,
    );
    const outside = await newMember();
    const byAlliance = await server.send(API.members.list, { alliance_id: alliance?.id ?? 0 }, as);
    expect(byAlliance.body.result.items.map((m) => m.id)).toEqual([inRing.body.result.id]);
    expect(byAlliance.body.result.items[0]).toMatchObject({ alliance_id: alliance?.id, shop_name: `Allied ${run}` });
    const byShop = await server.send(API.members.list, { shop_id: allied?.id ?? 0 }, as);
    expect(byShop.body.result.total).toBe(1);
    await server.send(
      API.members.modifyBalances,
      { member_id: outside.id, balance: 7_777, reward: 0, seen_balance: 0, seen_reward: 0, reason: "Filter" },
      as,
    );
    const rich = await server.send(API.members.list, { balance_min: 7_777, balance_max: 7_777 }, as);
    expect(rich.body.result.items.map((m) => m.id)).toEqual([outside.id]);
  });

  it("a phone is one member per vendor", async () => {
    const m = await newMember();
    const again = await server.send(API.members.create, { phone: m.phone, name: "Twin" }, as);
    expect(again.body).toMatchObject({ code: "RECORD_EXISTS", field: "phone" });
  });
});

describe("cards", () => {
  it("bind once, unbind for good, and top up within 1..limit", async () => {
    const m = await newMember();
    const other = await newMember();
    const card = await newCard();
    const bound = await server.send(API.members.cardBind, { card_id: card.id, member_id: m.id }, as);
    expect(bound.body.result).toMatchObject({ member_id: m.id, member_phone: m.phone, status: "active" });
    const twice = await server.send(API.members.cardBind, { card_id: card.id, member_id: other.id }, as);
    expect(twice.body.code).toBe("CARD_ALREADY_BOUND");
    const zero = await server.sendRaw(API.members.cardTopUp, { card_id: card.id, amount: 0 }, as);
    expect(zero.body).toMatchObject({
      code: "VALIDATION_FAILED",
      field: "amount",
      message_key: "validation.amountError",
    });
    const huge = await server.sendRaw(API.members.cardTopUp, { card_id: card.id, amount: 100_000_001 }, as);
    expect(huge.body).toMatchObject({ field: "amount", message_key: "validation.amountError" });
    const topped = await server.send(API.members.cardTopUp, { card_id: card.id, amount: 2_500 }, as);
    expect(topped.body.result.balance).toBe(2_500);
    const unbound = await server.send(API.members.cardUnbind, { card_id: card.id, member_id: m.id }, as);
    expect(unbound.body.result).toMatchObject({ member_id: null, status: "unbound" });
    const rebind = await server.send(API.members.cardBind, { card_id: card.id, member_id: m.id }, as);
    expect(rebind.body.code).toBe("CARD_UNBOUND_FINAL");
    const reactivate = await server.send(API.members.cardModify, { card_id: card.id, status: "active" }, as);
    expect(reactivate.body.code).toBe("CARD_UNBOUND_FINAL");
    const removeHeld = await server.send(API.members.cardRemove, { card_id: card.id }, as);
    expect(removeHeld.body.code).toBe("CARD_IN_USE");
    await expectLedgerReconciles();
  });

  it("free and admin cards refuse a rewritten balance; the free-card switch turns an ordinary card free and back", async () => {
    for (const type of ["free", "admin"] as const) {
      const card = await newCard(type);
      const rewrite = await server.send(
        API.members.cardModify,
        { card_id: card.id, balance: 1_000, seen_balance: 0, reason: "Gift" },
        as,
      );
      expect(rewrite.body.code, type).toBe("CARD_NOT_MODIFIABLE");
      const topUp = await server.send(API.members.cardTopUp, { card_id: card.id, amount: 100 }, as);
      expect(topUp.body.code, type).toBe("CARD_NOT_MODIFIABLE");
    }
    const card = await newCard();
    const free = await server.send(API.members.cardModify, { card_id: card.id, type: "free" }, as);
    expect(free.body.result.type).toBe("free");
    const back = await server.send(API.members.cardModify, { card_id: card.id, type: "ordinary" }, as);
    expect(back.body.result.type).toBe("ordinary");
    const admin = await server.send(API.members.cardModify, { card_id: card.id, type: "admin" }, as);
    expect(admin.body.code).toBe("CARD_NOT_MODIFIABLE");
    const rewritten = await server.send(
      API.members.cardModify,
      { card_id: card.id, balance: 750, seen_balance: 0, reason: "Paper voucher" },
      as,
    );
    expect(rewritten.body.result.balance).toBe(750);
    const stale = await server.send(
      API.members.cardModify,
      { card_id: card.id, balance: 10, seen_balance: 0, reason: "Again" },
      as,
    );
    expect(stale.body.code).toBe("BALANCE_CHANGED");
    const noReason = await server.sendRaw(
      API.members.cardModify,
      { card_id: card.id, balance: 10, seen_balance: 750 },
      as,
    );
    expect(noReason.body).toMatchObject({ code: "VALIDATION_FAILED", field: "reason" });
    await expectLedgerReconciles();
  });

  it("50 concurrent top-ups and payments on one card leave the exact balance", async () => {
    const card = await newCard();
    // Enough for every payment even if all of them come before any top-up.
    await server.send(API.members.cardTopUp, { card_id: card.id, amount: 20_000 }, as);
    const { db } = server.database;
    // Payments go through the same card payer machines use; top-ups through the console.
    const { payByCard } = await import("./card-taps.js");
    const work = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? server.send(API.members.cardTopUp, { card_id: card.id, amount: 300 }, as).then((a) => a.http === 200)
        : db
            .transaction((tx) =>
              payByCard(tx, {
                vendorId,
                timeZone: "Asia/Kuala_Lumpur",
                machineType: "washer",
                cardNumber: card.card_number,
                amount: 500,
                orderNo: `T${run}${i}`,
                shopId: null,
                at: new Date(),
              }),
            )
            .then((p) => p.paid),
    );
    const done = await Promise.all(work);
    expect(done.every(Boolean)).toBe(true);
    const [row] = await db.select({ balance: cards.balance }).from(cards).where(eq(cards.id, card.id));
    expect(row?.balance).toBe(20_000 + 25 * 300 - 25 * 500);
    await expectLedgerReconciles();
  });

  it("a payment the balance does not cover is refused and changes nothing", async () => {
    const card = await newCard();
    await server.send(API.members.cardTopUp, { card_id: card.id, amount: 300 }, as);
    const { payByCard } = await import("./card-taps.js");
    const outcome = await server.database.db.transaction((tx) =>
      payByCard(tx, {
        vendorId,
        timeZone: "Asia/Kuala_Lumpur",
        machineType: "washer",
        cardNumber: card.card_number,
        amount: 500,
        orderNo: `S${run}`,
        shopId: null,
        at: new Date(),
      }),
    );
    expect(outcome).toMatchObject({ paid: false });
    expect(outcome.paid ? "" : outcome.reason).toMatch(/short/i);
    const after = await server.send(API.members.cardList, { search: card.card_number }, as);
    expect(after.body.result.items[0]?.balance).toBe(300);
  });
});

describe("remote card issue and top-up", () => {
  it("a machine's remote top-up credits the card in its reader once; a remote issue registers the new card with the price", async () => {
    const { id: deviceId, device } = await machines.provision(server, { vendorId, shopId }, "CARDKIOSK");
    await device.connect();
    await expect
      .poll(
        async () =>
          (await server.send(API.devices.list, { page_size: 200 }, as)).body.result.items.find((d) => d.id === deviceId)
            ?.online,
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    const card = await newCard();
    await server.send(API.members.cardTopUp, { card_id: card.id, amount: 100 }, as);
    device.insertCard({ uuid: card.uuid, card_number: card.card_number });
    const topUp = await server.send(
      API.devices.remoteStart,
      { device_ids: [deviceId], start_type: "remote_card_topup", program: "Top-up", price: 800 },
      as,
    );
    expect(topUp.http, JSON.stringify(topUp.body)).toBe(200);
    await expect
      .poll(
        async () =>
          (await server.send(API.members.cardList, { search: card.card_number }, as)).body.result.items[0]?.balance,
        {
          timeout: 10_000,
        },
      )
      .toBe(900);
    const ledger = await server.send(API.members.cardMovements, { card_id: card.id }, as);
    expect(ledger.body.result.items[0]).toMatchObject({ kind: "topup", amount: 800, balance_after: 900 });
    expect(ledger.body.result.items[0]?.reason).toMatch(/Remote top-up/);

    await device.waitFor((s) => !s.busy, 15_000);
    const fresh = { uuid: randomBytes(4).toString("hex").toUpperCase(), card_number: `NEW${run}` };
    device.insertCard(fresh);
    const issue = await server.send(
      API.devices.remoteStart,
      { device_ids: [deviceId], start_type: "remote_card_issue", program: "Card", price: 500 },
      as,
    );
    expect(issue.http).toBe(200);
    await expect
      .poll(
        async () => (await server.send(API.members.cardList, { search: fresh.card_number }, as)).body.result.items[0],
        {
          timeout: 10_000,
        },
      )
      .toMatchObject({ uuid: fresh.uuid, balance: 500, type: "ordinary", member_id: null });
    await expectLedgerReconciles();

    // Both are other income of the machine's shop, taken at the machine.
    const today = localDate(nowSeconds(), "Asia/Kuala_Lumpur");
    const income = await server.send(API.revenue.otherIncome, { from: today, to: today, shop_id: shopId }, as);
    expect(income.body.result.items).toHaveLength(1);
    expect(income.body.result.items[0]).toMatchObject({ machine: 1_300, currency: "MYR", shop_id: shopId });
  });
});

describe("other income", () => {
  it("is the money taken for balances by day and shop, in the app and at the counter, in whole baht", async () => {
    const { db } = server.database;
    const { bkk } = await demoVendors(server.database);
    const bkkAs = { as: "vendor2_admin" };
    const [shop] = await db
      .insert(shops)
      .values({ vendorId: bkk.id, name: `Other income ${run}`, address: "1 Thanon Rama", serviceType: 1 })
      .returning();
    const bkkCode = `oi${run.toLowerCase()}`;
    await db
      .insert(payQrCodes)
      .values({ vendorId: bkk.id, code: bkkCode, name: "Other income", shopId: shop?.id ?? 0 });
    await switchOn(db, bkk.id, "sandbox");
    const registered = await signUp({ code: bkkCode }, phone(), "5555");
    const member = registered.headers;
    await server.send(API.members.appTopUp, { amount: 300, provider: "sandbox", request_id: `oi-app-${run}` }, member);
    await server.send(API.members.appTopUp, { amount: 200, provider: "sandbox", request_id: `oi-app2-${run}` }, member);
    const uuid = randomBytes(4).toString("hex").toUpperCase();
    const card = (await server.send(API.members.cardCreate, { uuid, card_number: `B${uuid}`, type: "ordinary" }, bkkAs))
      .body.result;
    await server.send(API.members.cardBind, { card_id: card.id, member_id: registered.id }, bkkAs);
    await server.send(API.members.cardTopUp, { card_id: card.id, amount: 150 }, bkkAs);
    // An operator's correction is not income.
    await server.send(
      API.members.cardModify,
      { card_id: card.id, balance: 100, seen_balance: 150, reason: "Fix" },
      bkkAs,
    );

    const today = localDate(nowSeconds(), "Asia/Bangkok");
    const income = await server.send(
      API.revenue.otherIncome,
      { from: today, to: today, shop_id: shop?.id ?? 0 },
      bkkAs,
    );
    expect(income.body.result.items).toEqual([
      {
        vendor_id: bkk.id,
        vendor_name: bkk.name,
        day: today,
        shop_id: shop?.id ?? 0,
        shop_name: `Other income ${run}`,
        currency: "THB",
        count: 3,
        app: 500,
        counter: 150,
        machine: 0,
        total: 650,
      },
    ]);
    const yesterday = addDays(today, -1);
    const none = await server.send(
      API.revenue.otherIncome,
      { from: yesterday, to: yesterday, shop_id: shop?.id ?? 0 },
      bkkAs,
    );
    expect(none.body.result.items).toEqual([]);
    // Kuala Lumpur sees none of it.
    const kl = await server.send(API.revenue.otherIncome, { from: today, to: today, shop_id: shop?.id ?? 0 }, as);
    expect(kl.body.result.items).toEqual([]);
  });
});

describe("coupons", () => {
  it("are given to the selected members (none selected: 'no gift user selected') and listed with their numbers", async () => {
    const [coupon] = await server.database.db
      .insert(coupons)
      .values({ vendorId, kind: "discount", name: `Ten off ${run}`, discountRate: 10, validDays: 30 })
      .returning();
    const couponId = coupon?.id ?? 0;
    const none = await server.sendRaw(API.members.giveCoupon, { member_ids: [], coupon_id: couponId }, as);
    expect(none.body).toMatchObject({
      code: "VALIDATION_FAILED",
      field: "member_ids",
      message_key: "validation.noGiftUser",
    });
    const a = await newMember();
    const b = await newMember();
    const given = await server.send(
      API.members.giveCoupon,
      { member_ids: [a.id, b.id, a.id], coupon_id: couponId },
      as,
    );
    expect(given.body.result).toEqual({ given: 2 });
    const held = await server.send(API.members.memberCoupons, { member_id: a.id }, as);
    expect(held.body.result.items).toHaveLength(1);
    const first = held.body.result.items[0];
    expect(first).toMatchObject({
      state: "unused",
      coupon: { name: `Ten off ${run}`, discount_rate: 10, kind: "discount" },
    });
    expect((first?.expires_at ?? 0) - (first?.issued_at ?? 0)).toBeGreaterThanOrEqual(30 * 86_400 - 5);
    const byDid = await server.send(API.members.couponByUniqueDid, { unique_did: first?.unique_did ?? "" }, as);
    expect(byDid.body.result.member_id).toBe(a.id);
    const offered = await server.send(API.members.coupons, {}, as);
    expect(offered.body.result.items.map((c) => c.id)).toContain(couponId);

    const other = await theOtherTenant();
    const theirs = await server.send(
      API.members.giveCoupon,
      { member_ids: [a.id], coupon_id: couponId },
      { as: other.vendorAdmin.username },
    );
    expect(theirs.body.code).toBe("NOT_FOUND");
    const mixed = await server.send(
      API.members.giveCoupon,
      { member_ids: [a.id, 2_147_000_000], coupon_id: couponId },
      as,
    );
    expect(mixed.body).toMatchObject({ code: "NOT_FOUND", field: "member_ids" });
    expect((await server.send(API.members.memberCoupons, { member_id: a.id }, as)).body.result.items).toHaveLength(1);
  });
});

describe("the member app", () => {
  it("registers by phone, tops up through the sandbox once per request id, and pays a machine from the balance", async () => {
    const { db } = server.database;
    const [template] = await db
      .insert(priceTemplates)
      .values({ vendorId, modelName: `Member wash ${run}`, displayPrice: 600, price: 600, estimatedMinutes: 30 })
      .returning();
    const { id: deviceId, serial, device } = await machines.provision(server, { vendorId, shopId }, "APP1");
    await db
      .update(devices)
      .set({ priceTemplateId: template?.id ?? null })
      .where(eq(devices.id, deviceId));
    await device.connect();

    const mine = phone();
    const registered = await signUp({ code }, mine, "4321");
    const member = registered.headers;
    const topUp = { amount: 2_000, provider: "sandbox" as const, request_id: `req-${run}-1` };
    const first = await server.send(API.members.appTopUp, topUp, member);
    expect(first.body.result).toMatchObject({ balance: 2_000, currency: "MYR" });
    const repeated = await server.send(API.members.appTopUp, topUp, member);
    expect(repeated.body.result.balance).toBe(2_000);

    await expect
      .poll(
        async () =>
          (await server.send(API.pay.page, { code })).body.result.machines.find((m) => m.id === deviceId)?.state,
        { timeout: 10_000 },
      )
      .toBe("idle");
    const paid = await server.send(API.members.appPay, { serial }, member);
    expect(paid.http, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.result.wallet.balance).toBe(1_400);
    await device.waitFor((s) => s.busy, 10_000);
    const [order] = await db.select().from(orders).where(eq(orders.orderNo, paid.body.result.order_no));
    expect(order).toMatchObject({
      source: "mem_account",
      payStatus: 1,
      amount: 600,
      memberId: registered.id,
    });

    const wallet = await server.send(API.members.appMovements, {}, member);
    expect(wallet.body.result.items.map((i) => [i.kind, i.amount, i.balance_after])).toEqual([
      ["payment", -600, 1_400],
      ["topup", 2_000, 2_000],
    ]);
    const wrongPin = await server.send(API.members.appSignIn, { place: { code }, phone: mine, pin: "0000" });
    expect(wrongPin.body.code).toBe("LOGIN_FAILED");

    // The machine did not start after all: the money goes back to the balance that paid, once.
    await refundFailedStart(db, order?.id ?? 0, "test: no start");
    await expect
      .poll(async () => (await server.send(API.members.appWallet, {}, member)).body.result.balance, { timeout: 15_000 })
      .toBe(2_000);
    const after = await server.send(API.members.appMovements, {}, member);
    expect(after.body.result.items[0]).toMatchObject({ kind: "refund", amount: 600, balance_after: 2_000 });
    expect(await refundFailedStart(db, order?.id ?? 0, "again")).toBe(false);
    await expectLedgerReconciles();
  });

  it("a coupon comes off the price once: parallel payments with it spend it once; an expired or another member's is refused; a refund gives it back", async () => {
    const { db } = server.database;
    const [template] = await db
      .insert(priceTemplates)
      .values({ vendorId, modelName: `Coupon wash ${run}`, displayPrice: 600, price: 600, estimatedMinutes: 30 })
      .returning();
    const started = [];
    for (const name of ["CPN1", "CPN2"]) {
      const machine = await machines.provision(server, { vendorId, shopId }, name);
      await db
        .update(devices)
        .set({ priceTemplateId: template?.id ?? null })
        .where(eq(devices.id, machine.id));
      await machine.device.connect();
      started.push(machine);
    }
    const [first, second] = started;
    if (!first || !second) throw new Error("machines not provisioned");
    for (const { id } of started) {
      await expect
        .poll(
          async () => (await server.send(API.pay.page, { code })).body.result.machines.find((m) => m.id === id)?.state,
          {
            timeout: 10_000,
          },
        )
        .toBe("idle");
    }
    const me = await signUp({ code }, phone(), "5678");
    const someoneElse = await signUp({ code }, phone(), "5678");
    await server.send(
      API.members.appTopUp,
      { amount: 2_000, provider: "sandbox", request_id: `cpn-${run}` },
      me.headers,
    );
    const [voucher, discount] = await db
      .insert(coupons)
      .values([
        { vendorId, kind: "voucher", name: `Voucher ${run}`, amount: 250, validDays: 30 },
        { vendorId, kind: "discount", name: `15% ${run}`, discountRate: 15, validDays: 30 },
      ])
      .returning();
    const give = (memberId: number, couponId: number) =>
      server.send(API.members.giveCoupon, { member_ids: [memberId], coupon_id: couponId }, as);
    await give(me.id, voucher?.id ?? 0);
    await give(me.id, discount?.id ?? 0);
    await give(someoneElse.id, voucher?.id ?? 0);
    const held = async (memberId: number) =>
      (await server.send(API.members.memberCoupons, { member_id: memberId }, as)).body.result.items;
    const mine = await held(me.id);
    const didOf = (couponId: number | undefined) => mine.find((c) => c.coupon.id === couponId)?.unique_did ?? "";
    const theirs = (await held(someoneElse.id))[0]?.unique_did ?? "";

    // Six payments at once with one voucher: one pays 600 - 250, the others are refused and cost nothing.
    const attempts = await Promise.all(
      Array.from({ length: 6 }, () =>
        server.sendRaw(API.members.appPay, { serial: first.serial, coupon: didOf(voucher?.id) }, me.headers),
      ),
    );
    const paid = attempts.filter((a) => a.http === 200);
    expect(paid).toHaveLength(1);
    expect(paid[0]?.body.result).toMatchObject({ charged: 350, discount: 250, wallet: { balance: 1_650 } });
    expect(attempts.filter((a) => a.body.code === "COUPON_UNUSABLE")).toHaveLength(5);
    const [voucherOrder] = await db
      .select()
      .from(orders)
      .where(eq(orders.orderNo, paid[0]?.body.result.order_no ?? ""));
    expect(voucherOrder?.amount).toBe(350);

    // Someone else's coupon, and an expired one, are refused before anything is paid.
    const other = await server.sendRaw(API.members.appPay, { serial: second.serial, coupon: theirs }, me.headers);
    expect(other.body).toMatchObject({ code: "COUPON_UNUSABLE", field: "coupon" });
    await db
      .update(memberCoupons)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(memberCoupons.uniqueDid, didOf(discount?.id)));
    const expired = await server.sendRaw(
      API.members.appPay,
      { serial: second.serial, coupon: didOf(discount?.id) },
      me.headers,
    );
    expect(expired.body.code).toBe("COUPON_UNUSABLE");
    expect((await server.send(API.members.appWallet, {}, me.headers)).body.result.balance).toBe(1_650);

    // 15 % of 600 is 90 off; the machine does not start, so the 510 and the coupon both come back.
    await db
      .update(memberCoupons)
      .set({ expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(memberCoupons.uniqueDid, didOf(discount?.id)));
    const rated = await server.send(
      API.members.appPay,
      { serial: second.serial, coupon: didOf(discount?.id) },
      me.headers,
    );
    expect(rated.body.result).toMatchObject({ charged: 510, discount: 90, wallet: { balance: 1_140 } });
    expect((await held(me.id)).find((c) => c.coupon.id === discount?.id)?.state).toBe("used");
    const [ratedOrder] = await db.select().from(orders).where(eq(orders.orderNo, rated.body.result.order_no));
    await refundFailedStart(db, ratedOrder?.id ?? 0, "test: no start");
    await expect
      .poll(async () => (await server.send(API.members.appWallet, {}, me.headers)).body.result.balance, {
        timeout: 15_000,
      })
      .toBe(1_650);
    await expect
      .poll(async () => (await held(me.id)).find((c) => c.coupon.id === discount?.id)?.state, { timeout: 15_000 })
      .toBe("unused");
    expect((await held(me.id)).find((c) => c.coupon.id === voucher?.id)?.state).toBe("used");
    await expectLedgerReconciles();
  });

  it("a member token opens no console call, and a console token opens no member call", async () => {
    const memberToken = (await signUp({ code }, phone(), "1234")).token;
    const consoleCall = await server.sendRaw(API.members.list, {}, { token: memberToken });
    expect(consoleCall.body.code).toBe("UNAUTHORIZED");
    const asHeader = await server.sendRaw(
      API.devices.list,
      {},
      { headers: { authorization: `Bearer ${memberToken}` } },
    );
    expect(asHeader.body.code).toBe("UNAUTHORIZED");
    const consoleToken = await server.login("vendor_admin");
    const memberCall = await server.sendRaw(
      API.members.appWallet,
      {},
      { headers: { authorization: `Bearer ${consoleToken}` } },
    );
    expect(memberCall.body.code).toBe("UNAUTHORIZED");
    const typed = await server.sendRaw(API.members.appWallet, { token: consoleToken, token_type: 1 }, {});
    expect(typed.body.code).toBe("UNAUTHORIZED");
  });
});

/**
 * Issue 23, defect 6: a member can sign out and change their PIN, disabling ends their sessions for
 * good, registering is limited and tells no one which phones are members, and a guessed PIN locks
 * out the guessing address, not the member.
 */
describe("member accounts", () => {
  /** A shop of its own with a pay QR code, so a test's registrations count against no other test's shop. */
  async function ownPlace(name: string): Promise<{ code: string; shopName: string }> {
    const shopName = `${name} ${run}`;
    const ownShop = await testShop(server.database, vendorId, shopName);
    const placeCode = `${name.toLowerCase().replace(/\W/g, "")}${run.toLowerCase()}`.slice(0, 32);
    await server.database.db.insert(payQrCodes).values({ vendorId, code: placeCode, name, shopId: ownShop });
    return { code: placeCode, shopName };
  }
  const wallet = (token: string) =>
    server.sendRaw(API.members.appWallet, {}, { headers: { authorization: `Bearer ${token}` } });
  const signIn = (place: { code: string }, phoneNumber: string, pin: string, ip = customerIp()) =>
    server.sendRaw(API.members.appSignIn, { place, phone: phoneNumber, pin }, { ip });
  const sessionsOf = (memberId: number) =>
    server.database.db.select().from(memberSessions).where(eq(memberSessions.memberId, memberId));

  it("signs out: that token opens nothing any more, the member's other sessions stay", async () => {
    const mine = phone();
    const first = await signUp({ code }, mine, "2580");
    const second = (await signIn({ code }, mine, "2580")).body.result.member_token;
    const out = await server.sendRaw(API.members.appSignOut, {}, first.headers);
    expect(out.http, JSON.stringify(out.body)).toBe(200);
    expect((await wallet(first.token)).body.code).toBe("UNAUTHORIZED");
    expect((await server.sendRaw(API.members.appSignOut, {}, first.headers)).body.code).toBe("UNAUTHORIZED");
    expect((await wallet(second)).http).toBe(200);
  });

  it("changes the PIN given the current one, and ends the member's other sessions but not this one", async () => {
    const mine = phone();
    const changing = await signUp({ code }, mine, "1111");
    const others = [
      (await signIn({ code }, mine, "1111")).body.result.member_token,
      (await signIn({ code }, mine, "1111")).body.result.member_token,
    ];
    const wrong = await server.sendRaw(
      API.members.appChangePin,
      { old_pin: "9999", new_pin: "2222" },
      changing.headers,
    );
    expect(wrong.body).toMatchObject({ code: "OLD_PASSWORD_WRONG", field: "old_pin" });
    for (const token of others) expect((await wallet(token)).http).toBe(200);

    const changed = await server.send(API.members.appChangePin, { old_pin: "1111", new_pin: "2222" }, changing.headers);
    expect(changed.body.result).toEqual({ ended_sessions: 2 });
    expect((await wallet(changing.token)).http).toBe(200);
    for (const token of others) expect((await wallet(token)).body.code).toBe("UNAUTHORIZED");
    expect((await signIn({ code }, mine, "1111")).body.code).toBe("LOGIN_FAILED");
    expect((await signIn({ code }, mine, "2222")).http).toBe(200);
  });

  it("disabling a member ends their sessions for good: enabling them again brings none back", async () => {
    const mine = phone();
    const member = await signUp({ code }, mine, "3690");
    expect((await wallet(member.token)).http).toBe(200);
    const profile = { member_id: member.id, phone: mine, name: "Disabled once" };
    const disabled = await server.send(API.members.modify, { ...profile, status: "disabled" }, as);
    expect(disabled.http, JSON.stringify(disabled.body)).toBe(200);
    expect(await sessionsOf(member.id)).toEqual([]);
    expect((await signIn({ code }, mine, "3690")).body.code).toBe("ACCOUNT_DISABLED");

    await server.send(API.members.modify, { ...profile, status: "active" }, as);
    expect((await wallet(member.token)).body.code).toBe("UNAUTHORIZED");
    const again = await signIn({ code }, mine, "3690");
    expect(again.http).toBe(200);
    expect((await wallet(again.body.result.member_token)).http).toBe(200);
  });

  it("limits registrations per address and per shop, parallel ones included", async () => {
    const { config } = server;
    const byAddress = await ownPlace("Reg address");
    const oneAddress = await Promise.all(
      Array.from({ length: config.memberRegistrationsPerAddressPerHour + 5 }, () =>
        server.sendRaw(API.members.appRegister, { place: byAddress, phone: phone(), pin: "1470" }, { ip: "10.78.0.1" }),
      ),
    );
    expect(oneAddress.filter((a) => a.http === 200)).toHaveLength(config.memberRegistrationsPerAddressPerHour);
    expect(oneAddress.filter((a) => a.body.code === "RATE_LIMITED")).toHaveLength(5);
    // Another address registers in that shop still.
    expect(
      (await server.sendRaw(API.members.appRegister, { place: byAddress, phone: phone(), pin: "1470" })).http,
    ).toBe(200);

    const byShop = await ownPlace("Reg shop");
    const manyAddresses = await Promise.all(
      Array.from({ length: config.memberRegistrationsPerShopPerHour + 5 }, (_, i) =>
        server.sendRaw(
          API.members.appRegister,
          { place: byShop, phone: phone(), pin: "1470" },
          { ip: `10.79.${Math.floor(i / 250)}.${(i % 250) + 1}` },
        ),
      ),
    );
    expect(manyAddresses.filter((a) => a.http === 200)).toHaveLength(config.memberRegistrationsPerShopPerHour);
    expect(manyAddresses.filter((a) => a.body.code === "RATE_LIMITED")).toHaveLength(5);
  });

  it("answers a taken phone exactly as a new one, with no session for it, and tells its member at their next sign-in", async () => {
    const place = await ownPlace("Reg taken");
    const taken = phone();
    const member = await signUp(place, taken, "1357");
    const sessionsBefore = (await sessionsOf(member.id)).length;

    const attacker = { ip: "10.80.0.1" };
    const forTaken = await server.sendRaw(API.members.appRegister, { place, phone: taken, pin: "9999" }, attacker);
    const fresh = phone();
    const forNew = await server.sendRaw(API.members.appRegister, { place, phone: fresh, pin: "9999" }, attacker);
    const { server_time: _a, ...takenAnswer } = forTaken.body;
    const { server_time: _b, ...newAnswer } = forNew.body;
    expect(forTaken.http).toBe(forNew.http);
    expect(takenAnswer).toEqual(newAnswer);
    expect(newAnswer).toEqual({ status: 200, result: { accepted: true } });
    // Nothing of the taken phone's member changed: no session, the same PIN, one member.
    expect(await sessionsOf(member.id)).toHaveLength(sessionsBefore);
    expect((await signIn(place, taken, "9999", attacker.ip)).body.code).toBe("LOGIN_FAILED");
    const owners = await server.database.db.select().from(members).where(eq(members.phone, taken));
    expect(owners).toHaveLength(1);
    // The new phone was registered with the PIN it was given.
    expect((await signIn(place, fresh, "9999")).body.result.notices).toEqual([]);

    const next = await signIn(place, taken, "1357");
    expect(next.body.result.notices).toEqual([
      { kind: "registration_attempt", at: expect.any(Number), shop_name: place.shopName },
    ]);
    expect(Math.abs((next.body.result.notices[0]?.at ?? 0) - nowSeconds())).toBeLessThan(60);
    // Told once.
    expect((await signIn(place, taken, "1357")).body.result.notices).toEqual([]);
  });

  it("a guessed PIN locks out the guessing address, not the member: parallel guesses check five, the member signs in from elsewhere", async () => {
    const { config } = server;
    const mine = phone();
    await signUp({ code }, mine, "8642", "10.81.0.1");
    const attacker = "10.81.0.2";
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn({ code }, mine, String(1000 + i), attacker)),
    );
    const codes = guesses.map((a) => a.body.code);
    expect(codes.filter((c) => c === "LOGIN_FAILED")).toHaveLength(config.loginMaxFailuresPerUser);
    expect(codes.filter((c) => c === "LOGIN_THROTTLED")).toHaveLength(12 - config.loginMaxFailuresPerUser);
    // Even the right PIN waits at the guessing address...
    expect((await signIn({ code }, mine, "8642", attacker)).body.code).toBe("LOGIN_THROTTLED");
    // ...while the member signs in from their own, and from any other.
    expect((await signIn({ code }, mine, "8642", "10.81.0.1")).http).toBe(200);
    expect((await signIn({ code }, mine, "8642", "10.81.0.3")).http).toBe(200);

    // One address guessing across phones stops at its own cap.
    const roaming = "10.81.0.4";
    for (let i = 0; i < config.loginMaxFailuresPerAddress; i++) {
      expect((await signIn({ code }, phone(), "0000", roaming)).body.code).toBe("LOGIN_FAILED");
    }
    expect((await signIn({ code }, mine, "8642", roaming)).body.code).toBe("LOGIN_THROTTLED");
  });

  it("a guess spread over many addresses stops at the phone's ceiling, which no one address can reach", async () => {
    const mine = phone();
    await signUp({ code }, mine, "7531");
    const ceiling = { ...server.config, memberPinMaxFailuresPerPhone: 8 };
    const place = { code };
    const outcomes: string[] = [];
    for (let address = 0; address < 4; address++) {
      for (let guess = 0; guess < 3; guess++) {
        const ip = `10.82.0.${address + 1}`;
        const answer = await signInMember(server.database.db, ceiling, ip, {
          place,
          phone: mine,
          pin: `40${address}${guess}`,
        })
          .then(() => "signed in")
          .catch((error: { code?: string }) => error.code ?? "error");
        outcomes.push(answer);
      }
    }
    expect(outcomes.filter((o) => o === "LOGIN_FAILED")).toHaveLength(8);
    expect(outcomes.filter((o) => o === "LOGIN_THROTTLED")).toHaveLength(4);
    const right = signInMember(server.database.db, ceiling, "10.82.0.9", { place, phone: mine, pin: "7531" });
    await expect(right).rejects.toMatchObject({ code: "LOGIN_THROTTLED" });
    // At the default ceiling the member is not locked out.
    expect((await signIn({ code }, mine, "7531", "10.82.0.9")).http).toBe(200);
  });
});

describe("another vendor", () => {
  it("finds none of the members or cards and changes none", async () => {
    const other = await theOtherTenant();
    const otherAs = { as: other.vendorAdmin.username };
    const m = await newMember();
    const card = await newCard();
    const list = await server.send(API.members.list, {}, otherAs);
    expect(list.body.result.total).toBe(0);
    expect((await server.send(API.members.detail, { member_id: m.id }, otherAs)).body.code).toBe("NOT_FOUND");
    expect((await server.send(API.members.cardTopUp, { card_id: card.id, amount: 100 }, otherAs)).body.code).toBe(
      "NOT_FOUND",
    );
    expect((await server.send(API.members.cardBind, { card_id: card.id, member_id: m.id }, otherAs)).body.code).toBe(
      "NOT_FOUND",
    );
  });
});
