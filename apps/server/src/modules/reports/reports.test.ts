import { randomBytes } from "node:crypto";
import { API, localDate, nowSeconds, type OrderSource, paymentTypeOf } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, otherTenant, vendorSubAccount } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { testMachines } from "../../test/machines.js";
import { provisionDevice } from "../devices/provision.js";
import { payByCard } from "../members/card-taps.js";
import { spendCoupon } from "../members/coupon-spending.js";
import { coupons, memberCoupons } from "../members/tables.js";
import { newOrderNo } from "../orders/order-numbers.js";
import { orders, PAY_STATUS } from "../orders/tables.js";
import { shops } from "../shops/tables.js";

/**
 * The /form/* reports on a small set made for the test, in a shop of its own: each row is what was
 * written, the period is the vendor's day, the key is required, another vendor sees nothing.
 */
const as = { as: "vendor_admin" } as const;
let server: TestServer;
let vendorId: number;
let shopId: number;
let today: string;
let zone: string;
const run = randomBytes(3).toString("hex").toUpperCase();
const machines = testMachines("R");

async function order(source: OrderSource, amount: number, deviceId: number | null) {
  const orderNo = newOrderNo();
  await server.database.db.insert(orders).values({
    vendorId,
    source,
    payType: paymentTypeOf(source),
    orderNo,
    payUniqueNo: orderNo,
    amount,
    currency: "MYR",
    payStatus: PAY_STATUS.paid,
    paidAt: new Date(),
    shopId,
    deviceId,
  });
}

const range = () => ({ from: today, to: today, shop_id: shopId });

beforeAll(async () => {
  server = await startTestServer();
  await server.app.ready();
  const { kl } = await demoVendors(server.database);
  vendorId = kl.id;
  zone = kl.timeZone;
  today = localDate(nowSeconds(), zone);
  const [shop] = await server.database.db
    .insert(shops)
    .values({ vendorId, name: `Reports ${run}`, address: "3 Jalan Laporan", serviceType: 1 })
    .returning();
  shopId = shop?.id ?? 0;
});
afterAll(async () => {
  await machines.stopAll();
  await server.close();
});

describe("the /form/* reports", () => {
  it("account orders and pay QR operations read the day's rollups by source", async () => {
    await order("mem_account", 600, null);
    await order("mem_account", 400, null);
    await order("wechatpay", 900, null);
    await order("coin", 500, null);
    const account = await server.send(API.reports.accountOrders, range(), as);
    expect(account.body.result.items).toEqual([
      {
        day: today,
        shop_id: shopId,
        shop_name: `Reports ${run}`,
        currency: "MYR",
        orders: 2,
        gross: 1_000,
        refunds: 0,
        refunded: 0,
        net: 1_000,
      },
    ]);
    const payqr = await server.send(API.reports.payQrOperations, range(), as);
    expect(payqr.body.result.items).toEqual([
      { day: today, source: "wechatpay", currency: "MYR", orders: 1, gross: 900, refunds: 0, refunded: 0, net: 900 },
    ]);
  });

  it("a vending machine's sales over the period, and every machine's commands", async () => {
    const { id } = await provisionDevice(server.database.db, {
      vendorId,
      shopId,
      serialNumber: `VM${run}`,
      name: "Snacks",
      machineType: "vending_machine",
    });
    await order("coin", 250, id);
    await order("coin", 150, id);
    const vending = await server.send(API.reports.vendingMachine, range(), as);
    expect(vending.body.result.items).toEqual([
      expect.objectContaining({ device_id: id, device_name: "Snacks", orders: 2, gross: 400, net: 400 }),
    ]);
    // A machine chosen: its row alone, in the machine reports and in the ones by day.
    const chosen = { ...range(), device_id: id };
    expect((await server.send(API.reports.vendingMachine, chosen, as)).body.result.items).toHaveLength(1);
    const other = await provisionDevice(server.database.db, {
      vendorId,
      shopId,
      serialNumber: `VX${run}`,
      name: "Other",
      machineType: "vending_machine",
    });
    const elsewhere = { ...range(), device_id: other.id };
    expect((await server.send(API.reports.vendingMachine, elsewhere, as)).body.result.items).toEqual([
      expect.objectContaining({ device_id: other.id, orders: 0 }),
    ]);
    await order("mem_account", 700, id);
    const byDay = await server.send(API.reports.accountOrders, chosen, as);
    expect(byDay.body.result.items).toEqual([expect.objectContaining({ orders: 1, gross: 700 })]);
    expect((await server.send(API.reports.accountOrders, elsewhere, as)).body.result.items).toEqual([]);
    // The machine never connected: a restart waits for it, and counts as sent, not yet succeeded.
    await server.send(API.devices.reboot, { device_ids: [id] }, as);
    const operations = await server.send(API.reports.deviceOperations, { ...range(), device_id: id }, as);
    expect(operations.body.result.items).toEqual([
      expect.objectContaining({ device_id: id, commands: 1, restarts: 1, failed: 0, succeeded: 0, remote_starts: 0 }),
    ]);
  });

  it("card business: cards registered, topped up and paid with, in the shop of the card's member", async () => {
    const phone = `6015${String(Date.now()).slice(-7)}`;
    const member = await server.send(API.members.create, { phone, name: "Reporter", shop_id: shopId }, as);
    const uuid = randomBytes(4).toString("hex").toUpperCase();
    const card = await server.send(API.members.cardCreate, { uuid, card_number: `R${uuid}`, type: "ordinary" }, as);
    await server.send(API.members.cardBind, { card_id: card.body.result.id, member_id: member.body.result.id }, as);
    await server.send(API.members.cardTopUp, { card_id: card.body.result.id, amount: 1_000 }, as);
    await server.database.db.transaction((tx) =>
      payByCard(tx, {
        vendorId,
        timeZone: "Asia/Kuala_Lumpur",
        machineType: "washer",
        cardNumber: `R${uuid}`,
        amount: 300,
        orderNo: `RP${run}`,
        shopId,
        at: new Date(),
      }),
    );
    const business = await server.send(API.reports.cardBusiness, range(), as);
    expect(business.body.result.items).toEqual([
      {
        day: today,
        shop_id: shopId,
        shop_name: `Reports ${run}`,
        currency: "MYR",
        new_cards: 1,
        topups: 1,
        topup_amount: 1_000,
        payments: 1,
        payment_amount: 300,
      },
    ]);
  });

  it("points: rewards given and spent by day, in the shop of the member", async () => {
    const phone = `6016${String(Date.now()).slice(-7)}`;
    const member = await server.send(API.members.create, { phone, name: "Pointer", shop_id: shopId }, as);
    const id = member.body.result.id;
    const set = (reward: number, seen: number) =>
      server.send(
        API.members.modifyBalances,
        { member_id: id, balance: 0, reward, seen_balance: 0, seen_reward: seen, reason: "Points" },
        as,
      );
    await set(500, 0);
    await set(300, 500);
    const points = await server.send(API.reports.points, range(), as);
    expect(points.body.result.items).toEqual([
      {
        day: today,
        shop_id: shopId,
        shop_name: `Reports ${run}`,
        members: 1,
        given: 500,
        spent: 200,
        currency: "MYR",
      },
    ]);
  });

  it("discount cards: coupons given and expired in the member's shop, spent ones with their discount in the machine's", async () => {
    const { db } = server.database;
    const [elsewhere] = await db
      .insert(shops)
      .values({ vendorId, name: `Coupon home ${run}`, address: "5 Jalan Kupon", serviceType: 1 })
      .returning();
    const homeShop = elsewhere?.id ?? 0;
    const phone = `6017${String(Date.now()).slice(-7)}`;
    const member = await server.send(API.members.create, { phone, name: "Saver", shop_id: homeShop }, as);
    const memberId = member.body.result.id;
    const [voucher, rate] = await db
      .insert(coupons)
      .values([
        { vendorId, kind: "voucher", name: `Report voucher ${run}`, amount: 300, validDays: 30 },
        { vendorId, kind: "discount", name: `Report 20% ${run}`, discountRate: 20, validDays: 30 },
      ])
      .returning();
    for (const coupon of [voucher, voucher, rate]) {
      await server.send(API.members.giveCoupon, { member_ids: [memberId], coupon_id: coupon?.id ?? 0 }, as);
    }
    const held = (await server.send(API.members.memberCoupons, { member_id: memberId }, as)).body.result.items;
    const [spent, ended] = held.filter((c) => c.coupon.id === voucher?.id);
    // Spent at a machine of the report's shop on a 700 program: the voucher's 300 comes off.
    const washer = await provisionDevice(db, {
      vendorId,
      shopId,
      serialNumber: `CPW${run}`,
      name: "Coupon washer",
      machineType: "washer",
    });
    await db.transaction((tx) =>
      spendCoupon(tx, {
        vendorId,
        memberId,
        uniqueDid: spent?.unique_did ?? "",
        price: 700,
        shopId,
        deviceId: washer.id,
      }),
    );
    // The other voucher ended unused a moment ago (today, unless the test runs at midnight).
    await db
      .update(memberCoupons)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(memberCoupons.uniqueDid, ended?.unique_did ?? ""));
    const endedDay = localDate(nowSeconds() - 1, zone);
    const inShop = await server.send(API.reports.discountCards, range(), as);
    expect(inShop.body.result.items).toEqual([
      {
        day: today,
        shop_id: shopId,
        shop_name: `Reports ${run}`,
        currency: "MYR",
        given: 0,
        used: 1,
        discount: 300,
        expired: 0,
      },
    ]);
    const atHome = await server.send(API.reports.discountCards, { from: endedDay, to: today, shop_id: homeShop }, as);
    const sum = (key: "given" | "used" | "discount" | "expired") =>
      atHome.body.result.items.reduce((n, row) => n + row[key], 0);
    expect([sum("given"), sum("used"), sum("discount"), sum("expired")]).toEqual([3, 0, 0, 1]);
    expect(atHome.body.result.items.every((row) => row.shop_name === `Coupon home ${run}`)).toBe(true);
    // A machine chosen: only what was spent at it (coupons given or ended belong to no machine).
    const atWasher = await server.send(API.reports.discountCards, { ...range(), device_id: washer.id }, as);
    expect(atWasher.body.result.items).toEqual([expect.objectContaining({ given: 0, used: 1, discount: 300 })]);
    const home = { from: endedDay, to: today, shop_id: homeShop, device_id: washer.id };
    expect((await server.send(API.reports.discountCards, home, as)).body.result.items).toEqual([]);
  });

  it("kiosks and coin exchangers: what they took, topped up and gave as change, from what they reported", async () => {
    const [place] = await server.database.db
      .insert(shops)
      .values({ vendorId, name: `Kiosks ${run}`, address: "4 Jalan Tukar", serviceType: 1 })
      .returning();
    const kioskShop = place?.id ?? 0;
    const uuid = randomBytes(4).toString("hex").toUpperCase();
    const card = await server.send(API.members.cardCreate, { uuid, card_number: `K${uuid}`, type: "ordinary" }, as);
    expect(card.http).toBe(200);
    const kiosk = await machines.provision(server, { vendorId, shopId: kioskShop }, "KIOSK", { machineType: "kiosk" });
    const changer = await machines.provision(server, { vendorId, shopId: kioskShop }, "CHANGER", {
      machineType: "coin_exchanger",
    });
    await kiosk.device.connect();
    await changer.device.connect();
    const topUp = (amount: number, cardNumber: string, pieces: number[]) =>
      kiosk.device.sell({
        program: "card_top_up",
        price: amount,
        minutes: 1,
        payment: { method: "notes", pieces },
        service: { kind: "card_top_up", cardNumber },
      });
    topUp(1_000, `K${uuid}`, [1_000]);
    topUp(500, `K${uuid}`, [500]);
    // A card the vendor does not know: the kiosk reports it, no balance receives it.
    topUp(800, `UNKNOWN${run}`, [500, 200, 100]);
    for (const pieces of [[1_000], [500, 500]]) {
      changer.device.sell({
        program: "exchange",
        price: 1_000,
        minutes: 1,
        payment: { method: "notes", pieces },
        service: { kind: "change" },
      });
    }
    const inKioskShop = { from: today, to: today, shop_id: kioskShop };
    await expect
      .poll(async () => (await server.send(API.reports.kioskBusiness, inKioskShop, as)).body.result.items[0]?.topups)
      .toBe(3);
    expect((await server.send(API.reports.kioskBusiness, inKioskShop, as)).body.result.items).toEqual([
      {
        device_id: kiosk.id,
        device_name: "KIOSK",
        serial_number: kiosk.serial,
        shop_name: `Kiosks ${run}`,
        currency: "MYR",
        topups: 3,
        topup_amount: 2_300,
        cash_in: 2_300,
      },
    ]);
    await expect
      .poll(async () => (await server.send(API.reports.coinExchanger, inKioskShop, as)).body.result.items[0]?.exchanges)
      .toBe(2);
    expect((await server.send(API.reports.coinExchanger, inKioskShop, as)).body.result.items).toEqual([
      {
        device_id: changer.id,
        device_name: "CHANGER",
        serial_number: changer.serial,
        shop_name: `Kiosks ${run}`,
        currency: "MYR",
        exchanges: 2,
        change_given: 2_000,
        cash_in: 2_000,
      },
    ]);
    // The known card received its two top-ups once each, as money taken (other income).
    await expect
      .poll(
        async () => (await server.send(API.members.cardList, { search: `K${uuid}` }, as)).body.result.items[0]?.balance,
      )
      .toBe(1_500);
    const other = await server.send(API.revenue.otherIncome, inKioskShop, as);
    expect(other.body.result.items.reduce((n, row) => n + row.total, 0)).toBe(1_500);
  });

  it("account manager: what each account did, failures apart", async () => {
    await server.send(API.members.cardTopUp, { card_id: 2_147_000_000, amount: 100 }, as);
    const manager = await server.send(API.reports.accountManager, { from: today, to: today }, as);
    const admin = manager.body.result.items.find((row) => row.actor === "vendor_admin");
    expect(admin?.operations).toBeGreaterThanOrEqual(5);
    expect(admin?.failures).toBeGreaterThanOrEqual(1);
  });

  it("needs the report's key at level 4, and another vendor sees nothing of these", async () => {
    await vendorSubAccount(server.database, { vendorId, username: `reports_${run.toLowerCase()}`, permissions: [] });
    const refused = await server.send(API.reports.accountOrders, range(), { as: `reports_${run.toLowerCase()}` });
    expect(refused.body.code).toBe("NO_PERMISSION");
    const other = await otherTenant(server.database);
    const theirs = await server.send(API.reports.accountOrders, range(), { as: other.vendorAdmin.username });
    expect(theirs.body.result.items).toEqual([]);
    const machines = await server.send(API.reports.vendingMachine, range(), { as: other.vendorAdmin.username });
    expect(machines.body.result.items).toEqual([]);
  });
});
