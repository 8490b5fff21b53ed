import { API, type BodyOf } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { testMachines } from "../../test/machines.js";
import { devices } from "../devices/tables.js";
import { type PayPlace, payMachine, payPlace } from "../pay/test-place.js";
import { giveBackPassUses } from "./member-passes.js";
import { memberPasses } from "./tables.js";

/**
 * Discount cards and wash-dry cards (spec §3): a member takes one in the app from a running
 * promotion — a discount card free and once, a wash-dry card paid from the balance, once per request
 * — and their payments spend it through the pricing engine, each use once, even when payments race.
 */
let server: TestServer;
let place: PayPlace;
const machines = testMachines("C");
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
let members = 0;
const run = Math.floor(Math.random() * 1e6);

type Settings = BodyOf<typeof API.promotions.create>["settings"];
async function promotion(name: string, settings: Settings, extra: Partial<BodyOf<typeof API.promotions.create>> = {}) {
  const made = await server.send(
    API.promotions.create,
    { name, starts_at: now() - DAY, ends_at: now() + 6 * DAY, settings, ...extra },
    { as: "vendor_admin" },
  );
  expect(made.http, JSON.stringify(made.body)).toBe(200);
  return made.body.result.id;
}
const counters = async (kind: Settings["kind"], id: number) =>
  (await server.send(API.promotions.list, { kind }, { as: "vendor_admin" })).body.result.items.find((p) => p.id === id);

/** A member of the place, signed in, with `balance` topped up through the sandbox. */
async function member(balance: number) {
  members += 1;
  const phone = `+6019${String(run * 100 + members).padStart(8, "0")}`;
  const at = { code: place.code };
  const ip = `10.90.0.${members}`;
  await server.send(API.members.appRegister, { place: at, phone, pin: "1357" }, { ip });
  const signedIn = await server.send(API.members.appSignIn, { place: at, phone, pin: "1357" }, { ip });
  expect(signedIn.http, JSON.stringify(signedIn.body)).toBe(200);
  const headers = { headers: { authorization: `Bearer ${signedIn.body.result.member_token}` } };
  const request = `top-up-${run}-${members}`;
  await server.send(API.members.appTopUp, { amount: balance, provider: "sandbox", request_id: request }, headers);
  return {
    headers,
    take: (promotion_id: number, request_id: string) =>
      server.sendRaw(API.members.appTakePass, { promotion_id, request_id }, headers),
    pay: (serial: string) => server.sendRaw(API.members.appPay, { serial }, headers),
    cards: async () => (await server.send(API.members.appPasses, {}, headers)).body.result,
    wallet: async () => (await server.send(API.members.appWallet, {}, headers)).body.result,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  await server.app.ready();
  const { kl } = await demoVendors(server.database);
  place = await payPlace(server, kl.id, "Cards", 1_000);
});
afterAll(async () => {
  await machines.stopAll();
  await server.close();
});

describe("a discount card", () => {
  it("is taken free and once; its rate comes off the member's payments until it expires, counted by its promotion", async () => {
    const id = await promotion("Gold card", { kind: "dis_card", percent_off: 15, validity_days: 30 });
    const me = await member(5_000);
    const offered = (await me.cards()).offers.find((o) => o.promotion_id === id);
    expect(offered).toMatchObject({ kind: "dis_card", percent_off: 15, validity_days: 30, price: 0 });

    const taken = await me.take(id, `gold-${run}-1`);
    expect(taken.http, JSON.stringify(taken.body)).toBe(200);
    const card = taken.body.result.pass;
    expect(card).toMatchObject({ kind: "dis_card", percent_off: 15, name: "Gold card" });
    expect((card.expires_at ?? 0) - now()).toBeGreaterThan(30 * DAY - 60);
    // The same request again answers the same card; another request is refused: once per promotion.
    expect((await me.take(id, `gold-${run}-1`)).body.result.pass.id).toBe(card.id);
    const again = await me.take(id, `gold-${run}-2`);
    expect([again.http, again.body.code]).toEqual([409, "RECORD_EXISTS"]);

    const washer = await payMachine(server, machines, place, "CD1");
    const paid = await me.pay(washer.serial);
    expect(paid.http, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.result).toMatchObject({ charged: 850, discount: 150 });
    expect(paid.body.result.pricing.adjustments).toEqual([
      { kind: "discount_card", rule_id: id, name: "Gold card", amount: -150, price_after: 850 },
    ]);
    expect(await counters("dis_card", id)).toMatchObject({ applied_count: 1, cost: 150 });

    // Expired, it takes nothing off and is no longer listed as held.
    await server.database.db
      .update(memberPasses)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(memberPasses.id, card.id));
    expect((await me.pay(washer.serial)).body.result).toMatchObject({ charged: 1_000, discount: 0 });
    expect((await me.cards()).held).toEqual([]);
  });
});

describe("a wash-dry card", () => {
  it("is paid from the balance once per request; washers take its washes, dryers its dries, each once when payments race", async () => {
    const id = await promotion("2 washes 1 dry", { kind: "washdry", free_washes: 2, free_dries: 1, price: 1_500 });
    const me = await member(3_000);
    // Two taps on "buy" with one request id: one card, one debit.
    const bought = await Promise.all([me.take(id, `wd-${run}-1`), me.take(id, `wd-${run}-1`)]);
    expect(bought.map((b) => b.http)).toEqual([200, 200]);
    expect(bought[0]?.body.result.pass.id).toBe(bought[1]?.body.result.pass.id);
    expect(await me.wallet()).toMatchObject({ balance: 1_500 });
    expect((await me.cards()).held).toMatchObject([{ kind: "washdry", washes_left: 2, dries_left: 1, price: 1_500 }]);

    const washers = [
      await payMachine(server, machines, place, "CW1"),
      await payMachine(server, machines, place, "CW2"),
      await payMachine(server, machines, place, "CW3"),
    ];
    const dryer = await payMachine(server, machines, place, "CY1");
    await server.database.db.update(devices).set({ machineType: "dryer" }).where(eq(devices.id, dryer.id));

    // Three washes at once with two on the card: two free, one paid from the balance.
    const washes = await Promise.all(washers.map((w) => me.pay(w.serial)));
    expect(
      washes.map((w) => w.http),
      JSON.stringify(washes.map((w) => w.body)),
    ).toEqual([200, 200, 200]);
    expect(washes.map((w) => w.body.result.charged).sort((a, b) => a - b)).toEqual([0, 0, 1_000]);
    const free = washes.find((w) => w.body.result.charged === 0)?.body.result;
    expect(free?.pricing.adjustments).toEqual([
      { kind: "wash_dry_card", rule_id: id, name: "2 washes 1 dry", amount: -1_000, price_after: 0 },
    ]);
    const dried = await me.pay(dryer.serial);
    expect(dried.body.result).toMatchObject({ charged: 0 });
    expect(await me.wallet()).toMatchObject({ balance: 500 });
    // Used up, it is no longer held; the promotion counts the card and what its uses saved.
    expect((await me.cards()).held).toEqual([]);
    expect(await counters("washdry", id)).toMatchObject({ applied_count: 1, cost: 3_000 });

    // A refund of a free wash gives the wash back, once.
    const refundedOrder = free?.order_no ?? "";
    await giveBackPassUses(server.database.db, place.vendorId, refundedOrder);
    await giveBackPassUses(server.database.db, place.vendorId, refundedOrder);
    expect((await me.cards()).held).toMatchObject([{ washes_left: 1, dries_left: 0 }]);
  });

  it("refuses a card the balance cannot pay and a promotion that is not running, and takes nothing", async () => {
    const id = await promotion("Big bundle", { kind: "washdry", free_washes: 10, free_dries: 10, price: 9_000 });
    const ended = await promotion(
      "Summer card",
      { kind: "dis_card", percent_off: 20, validity_days: 10 },
      { starts_at: now() - 10 * DAY, ends_at: now() - DAY },
    );
    const me = await member(1_000);
    const poor = await me.take(id, `big-${run}-1`);
    expect([poor.http, poor.body.code]).toEqual([409, "BALANCE_INSUFFICIENT"]);
    const late = await me.take(ended, `late-${run}-1`);
    expect([late.http, late.body.code]).toEqual([404, "NOT_FOUND"]);
    expect(await me.wallet()).toMatchObject({ balance: 1_000 });
    expect((await me.cards()).held).toEqual([]);
  });
});

describe("cards given from the console", () => {
  it("gives a member a card free; a discount card once; the console lists the member's cards with their states; another vendor's member is not found", async () => {
    const washdry = await promotion("Welcome bundle", { kind: "washdry", free_washes: 3, free_dries: 0, price: 2_000 });
    const discount = await promotion("Staff card", { kind: "dis_card", percent_off: 50, validity_days: 7 });
    const me = await member(0);
    const wallet = await me.wallet();
    const give = (promotion_id: number, as = "vendor_admin") =>
      server.send(API.members.givePass, { member_ids: [wallet.member_id], promotion_id }, { as });

    expect((await give(washdry)).body.result).toEqual({ given: 1, already: 0 });
    expect((await give(discount)).body.result).toEqual({ given: 1, already: 0 });
    const twice = await give(discount);
    expect([twice.http, twice.body.code]).toEqual([409, "RECORD_EXISTS"]);
    // Given free: the balance paid nothing.
    expect(await me.wallet()).toMatchObject({ balance: 0 });

    const listed = await server.send(API.members.memberPasses, { member_id: wallet.member_id }, { as: "vendor_admin" });
    expect(listed.body.result.items.map((p) => [p.kind, p.name, p.state, p.price])).toEqual([
      ["dis_card", "Staff card", "valid", 0],
      ["washdry", "Welcome bundle", "valid", 0],
    ]);
    expect(listed.body.result.offers.map((o) => o.promotion_id)).toEqual(expect.arrayContaining([washdry, discount]));
    // The member app shows the same cards, and the washer is free with the given card.
    expect((await me.cards()).held.map((p) => p.name)).toEqual(["Welcome bundle", "Staff card"]);
    const washer = await payMachine(server, machines, place, "CG1");
    expect((await me.pay(washer.serial)).body.result).toMatchObject({ charged: 0 });

    const bangkok = await server.send(
      API.members.memberPasses,
      { member_id: wallet.member_id },
      { as: "vendor2_admin" },
    );
    expect([bangkok.http, bangkok.body.code]).toEqual([404, "NOT_FOUND"]);
    const stranger = await give(washdry, "vendor2_admin");
    expect([stranger.http, stranger.body.code]).toEqual([404, "NOT_FOUND"]);
  });
});
