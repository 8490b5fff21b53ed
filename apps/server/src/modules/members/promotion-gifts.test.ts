import { API, type BodyOf } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { testMachines } from "../../test/machines.js";
import { refundFailedStart } from "../orders/paid-starts.js";
import { orders } from "../orders/tables.js";
import { type PayPlace, payMachine, payPlace } from "../pay/test-place.js";
import { giveWelfareGifts } from "./promotion-gifts.js";

/**
 * What promotions give members (spec §3): a top-up bonus with its top-up, refer a friend's gifts to
 * both members at the friend's first payment, a welfare plan's gift to every member of its shops —
 * each once, into the reward purse, named on the member's statement and counted by its promotion.
 */
let server: TestServer;
let placeA: PayPlace;
let placeB: PayPlace;
const machines = testMachines("G");
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
let ipCount = 0;

type Settings = BodyOf<typeof API.promotions.create>["settings"];
async function promotion(name: string, settings: Settings, shopIds: number[] = []) {
  const made = await server.send(
    API.promotions.create,
    { name, starts_at: now() - DAY, ends_at: now() + 6 * DAY, shop_ids: shopIds, settings },
    { as: "vendor_admin" },
  );
  expect(made.http, JSON.stringify(made.body)).toBe(200);
  return made.body.result.id;
}
const remove = (id: number) => server.send(API.promotions.remove, { id }, { as: "vendor_admin" });
const counters = async (kind: Settings["kind"], id: number) =>
  (await server.send(API.promotions.list, { kind }, { as: "vendor_admin" })).body.result.items.find((p) => p.id === id);

/** A customer who registered in the app at the place (naming a referrer, maybe) and signed in. */
async function member(place: PayPlace, phone: string, referrer_phone = "") {
  ipCount += 1;
  const ip = `10.89.${Math.floor(ipCount / 200)}.${ipCount % 200}`;
  const at = { code: place.code };
  await server.send(API.members.appRegister, { place: at, phone, pin: "2468", referrer_phone }, { ip });
  const signedIn = await server.send(API.members.appSignIn, { place: at, phone, pin: "2468" }, { ip });
  expect(signedIn.http, JSON.stringify(signedIn.body)).toBe(200);
  const headers = { headers: { authorization: `Bearer ${signedIn.body.result.member_token}` } };
  const wallet = async () => (await server.send(API.members.appWallet, {}, headers)).body.result;
  const statement = async () => (await server.send(API.members.appMovements, {}, headers)).body.result.items;
  return { id: signedIn.body.result.member_id, headers, wallet, statement };
}
const phoneOf = (n: number) => `+6011${String(n).padStart(7, "0")}`;
let phones = Math.floor(Math.random() * 1e6) * 10;
const nextPhone = () => phoneOf(++phones);

beforeAll(async () => {
  server = await startTestServer();
  await server.app.ready();
  const { kl } = await demoVendors(server.database);
  [placeA, placeB] = [await payPlace(server, kl.id, "Gift A", 1_000), await payPlace(server, kl.id, "Gift B", 1_000)];
});
afterAll(async () => {
  await machines.stopAll();
  await server.close();
});

describe("a top-up bonus", () => {
  it("gives the largest tier the amount reaches with the top-up, once per top-up, only in its shops", async () => {
    const small = await promotion("Top up 100 get 10", { kind: "bonus", top_up_amount: 10_000, gift_amount: 1_000 });
    const large = await promotion("Top up 200 get 25", { kind: "bonus", top_up_amount: 20_000, gift_amount: 2_500 });
    const elsewhere = await promotion("Shop B's bonus", { kind: "bonus", top_up_amount: 100, gift_amount: 9_000 }, [
      placeB.shopId,
    ]);
    const me = await member(placeA, nextPhone());
    const topUp = (amount: number, request_id: string) =>
      server.send(API.members.appTopUp, { amount, provider: "sandbox", request_id }, me.headers);

    expect((await topUp(5_000, "gift-below-1")).body.result).toMatchObject({ balance: 5_000, reward: 0 });
    expect((await topUp(15_000, "gift-small-1")).body.result).toMatchObject({ balance: 20_000, reward: 1_000 });
    expect((await topUp(25_000, "gift-large-1")).body.result).toMatchObject({ balance: 45_000, reward: 3_500 });
    // The app retrying a top-up it already made: one top-up, one bonus.
    expect((await topUp(25_000, "gift-large-1")).body.result).toMatchObject({ balance: 45_000, reward: 3_500 });

    const lines = await me.statement();
    expect(lines.filter((l) => l.purse === "reward").map((l) => [l.kind, l.amount, l.reason])).toEqual([
      ["bonus", 2_500, "Top-up bonus: Top up 200 get 25"],
      ["bonus", 1_000, "Top-up bonus: Top up 100 get 10"],
    ]);
    expect(await counters("bonus", small)).toMatchObject({ applied_count: 1, cost: 1_000 });
    expect(await counters("bonus", large)).toMatchObject({ applied_count: 1, cost: 2_500 });
    expect(await counters("bonus", elsewhere)).toMatchObject({ applied_count: 0, cost: 0 });

    // Switched off, it gives nothing.
    await server.send(API.promotions.setStatus, { id: large, enabled: false }, { as: "vendor_admin" });
    expect((await topUp(25_000, "gift-off-1")).body.result).toMatchObject({ balance: 70_000, reward: 4_500 });
    for (const id of [small, large, elsewhere]) await remove(id);
  });
});

describe("refer a friend", () => {
  it("gives the friend and the referrer the gift at the friend's first payment, once, even when payments race", async () => {
    const id = await promotion("Bring a friend", { kind: "referfriend", gift_amount: 300 });
    const referrer = await member(placeA, nextPhone());
    const referrerPhone = phoneOf(phones);
    // The friend types the referrer's phone with spaces: digits decide.
    const spaced = `${referrerPhone.slice(0, 5)} ${referrerPhone.slice(5)}`;
    const friend = await member(placeA, nextPhone(), spaced);
    await server.send(
      API.members.appTopUp,
      { amount: 5_000, provider: "sandbox", request_id: "friend-top-up" },
      friend.headers,
    );
    const washers = [
      await payMachine(server, machines, placeA, "GA1"),
      await payMachine(server, machines, placeA, "GA2"),
    ];

    const paid = await Promise.all(
      washers.map((w) => server.sendRaw(API.members.appPay, { serial: w.serial }, friend.headers)),
    );
    expect(
      paid.map((p) => p.http),
      JSON.stringify(paid.map((p) => p.body)),
    ).toEqual([200, 200]);
    expect(await friend.wallet()).toMatchObject({ balance: 3_000, reward: 300 });
    await expect.poll(async () => (await referrer.wallet()).reward, { timeout: 10_000 }).toBe(300);
    expect((await referrer.statement()).map((l) => [l.purse, l.kind, l.amount, l.reason])).toEqual([
      ["reward", "bonus", 300, "Referral gift: Bring a friend"],
    ]);
    expect(await counters("referfriend", id)).toMatchObject({ applied_count: 2, cost: 600 });

    // A later payment gives nothing more; a member who named no one receives nothing.
    await server.send(API.members.appPay, { serial: washers[0]?.serial ?? "" }, friend.headers);
    const loner = await member(placeA, nextPhone());
    await server.send(
      API.members.appTopUp,
      { amount: 5_000, provider: "sandbox", request_id: "loner-top-up" },
      loner.headers,
    );
    await server.send(API.members.appPay, { serial: washers[1]?.serial ?? "" }, loner.headers);
    expect((await friend.wallet()).reward).toBe(300);
    expect((await loner.wallet()).reward).toBe(0);
    expect(await counters("referfriend", id)).toMatchObject({ applied_count: 2, cost: 600 });
    await remove(id);
  });
});

describe("a welfare plan", () => {
  it("gives every active member of its shops the gift once, and a member who registers while it runs at the next sweep", async () => {
    const id = await promotion("Mid-autumn gift", { kind: "present", gift_amount: 800 }, [placeB.shopId]);
    const [inB, alsoInB, inA] = [
      await member(placeB, nextPhone()),
      await member(placeB, nextPhone()),
      await member(placeA, nextPhone()),
    ];
    // Two instances sweeping at once give each member one gift.
    await Promise.all([giveWelfareGifts(server.database.db), giveWelfareGifts(server.database.db)]);
    expect(await inB.wallet()).toMatchObject({ reward: 800 });
    expect(await alsoInB.wallet()).toMatchObject({ reward: 800 });
    expect(await inA.wallet()).toMatchObject({ reward: 0 });
    expect((await inB.statement())[0]).toMatchObject({
      purse: "reward",
      amount: 800,
      reason: "Welfare gift: Mid-autumn gift",
    });

    const late = await member(placeB, nextPhone());
    expect(await giveWelfareGifts(server.database.db)).toBe(1);
    expect(await late.wallet()).toMatchObject({ reward: 800 });
    expect(await giveWelfareGifts(server.database.db)).toBe(0);
    expect(await counters("present", id)).toMatchObject({ applied_count: 3, cost: 2_400 });
    await remove(id);
  });
});

describe("bonus points", () => {
  it("a payment from the balance earns reward at the best rate; paying from the reward earns none; a refund takes them back", async () => {
    const id = await promotion("Points on washes", { kind: "point", earn_per: 500, point_value: 10 }, [placeA.shopId]);
    const weaker = await promotion("Old points", { kind: "point", earn_per: 1_000, point_value: 10 });
    const me = await member(placeA, nextPhone());
    await server.send(
      API.members.appTopUp,
      { amount: 5_000, provider: "sandbox", request_id: "points-top-up" },
      me.headers,
    );
    const washer = await payMachine(server, machines, placeA, "GP1");

    const paid = await server.send(API.members.appPay, { serial: washer.serial }, me.headers);
    expect(paid.http, JSON.stringify(paid.body)).toBe(200);
    // RM 10.00 paid, a point per RM 5.00 worth 10 sen: 20 sen of reward.
    expect(await me.wallet()).toMatchObject({ balance: 4_000, reward: 20 });
    expect((await me.statement())[0]).toMatchObject({
      purse: "reward",
      amount: 20,
      reason: "Bonus points: Points on washes",
    });
    expect(await counters("point", id)).toMatchObject({ applied_count: 1, cost: 20 });
    expect(await counters("point", weaker)).toMatchObject({ applied_count: 0 });

    // The machine did not start: the payment and its points go back, once.
    const [order] = await server.database.db.select().from(orders).where(eq(orders.orderNo, paid.body.result.order_no));
    await refundFailedStart(server.database.db, order?.id ?? 0, "test: no start");
    await expect.poll(async () => (await me.wallet()).balance, { timeout: 15_000 }).toBe(5_000);
    await expect.poll(async () => (await me.wallet()).reward, { timeout: 15_000 }).toBe(0);

    // Reward spent on a wash earns nothing. On another washer: the first may still be running the cycle
    // it was sent, however late its start arrives under load.
    const next = await payMachine(server, machines, placeA, "GP2");
    const balances = { balance: 5_000, seen_balance: 5_000, reward: 1_000, seen_reward: 0, reason: "Goodwill" };
    await server.send(API.members.modifyBalances, { member_id: me.id, ...balances }, { as: "vendor_admin" });
    const fromReward = await server.send(API.members.appPay, { serial: next.serial, purse: "reward" }, me.headers);
    expect(fromReward.http, JSON.stringify(fromReward.body)).toBe(200);
    expect(await me.wallet()).toMatchObject({ balance: 5_000, reward: 0 });
    for (const promotionId of [id, weaker]) await remove(promotionId);
  });
});
