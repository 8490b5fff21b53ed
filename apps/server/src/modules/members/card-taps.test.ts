import { randomBytes } from "node:crypto";
import { API, type BodyOf } from "@washboard/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { rawMachine, testMachines } from "../../test/machines.js";
import { type PayPlace, payMachine, payPlace } from "../pay/test-place.js";
import { memberPasses } from "./tables.js";

/**
 * A member's card tapped at a machine pays the pricing engine's price, as the member would in the
 * app: the shop's running offer, the member's first use free, wash-dry and discount cards, and it
 * earns bonus points. The machine is a bare MQTT client sending `card_used` as docs/device-protocol.md
 * describes it, with the amount the machine itself asked.
 */
let server: TestServer;
let vendorId: number;
const machines = testMachines("T");
const as = { as: "vendor_admin" } as const;
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const run = randomBytes(3).toString("hex").toUpperCase();
let seq = 0;

type Settings = BodyOf<typeof API.promotions.create>["settings"];
async function promotion(name: string, settings: Settings, shopIds: number[]) {
  const made = await server.send(
    API.promotions.create,
    { name, starts_at: now() - DAY, ends_at: now() + 6 * DAY, settings, shop_ids: shopIds },
    as,
  );
  expect(made.http, JSON.stringify(made.body)).toBe(200);
  return made.body.result.id;
}

/**
 * A member who registered in the app at the place's shop (signed in: `headers`), holding an ordinary
 * card with `balance` on it that the operator made and bound in the console.
 */
async function memberWithCard(place: PayPlace, balance: number) {
  seq += 1;
  const phone = `+6018${String(Number.parseInt(run, 16) % 1e6).padStart(6, "0")}${String(seq).padStart(2, "0")}`;
  const at = { place: { code: place.code }, phone, pin: "2468" };
  const ip = { ip: `10.91.${seq}.1` };
  await server.send(API.members.appRegister, { ...at, name: `Tapper ${seq}` }, ip);
  const signedIn = await server.send(API.members.appSignIn, at, ip);
  expect(signedIn.http, JSON.stringify(signedIn.body)).toBe(200);
  const found = await server.send(API.members.list, { search: phone }, as);
  const id = found.body.result.items[0]?.id ?? 0;
  const card = await newCard(balance);
  const bound = await server.send(API.members.cardBind, { card_id: card.id, member_id: id }, as);
  expect(bound.http, JSON.stringify(bound.body)).toBe(200);
  const headers = { headers: { authorization: `Bearer ${signedIn.body.result.member_token}` } };
  return { id, phone, card, headers };
}

async function newCard(balance: number) {
  const uuid = randomBytes(4).toString("hex").toUpperCase();
  const made = await server.send(API.members.cardCreate, { uuid, card_number: `TAP${uuid}`, type: "ordinary" }, as);
  expect(made.http, JSON.stringify(made.body)).toBe(200);
  if (balance > 0) await server.send(API.members.cardTopUp, { card_id: made.body.result.id, amount: balance }, as);
  return made.body.result;
}

/** A machine of the place that speaks the protocol by hand: each `tap` is one `card_used` event. */
async function tapMachine(place: PayPlace, name: string, machineType = "washer") {
  const { serial, secret } = await machines.provision(
    server,
    { vendorId: place.vendorId, shopId: place.shopId },
    `${name}${run}`,
    { machineType },
  );
  const client = await rawMachine(server, serial, secret);
  return {
    serial,
    client,
    /** Taps a card asking `amount`; resolves with the order it became once it is decided. */
    async tap(cardNumber: string, amount: number) {
      seq += 1;
      const id = `tap-${run}-${seq}`;
      await client.publish("event", { v: 1, id, ts: now(), type: "card_used", card_number: cardNumber, amount });
      let order: Awaited<ReturnType<typeof findOrder>>;
      await expect
        .poll(
          async () => {
            order = await findOrder(`${serial}:${id}`);
            return order?.pay_status === "paid" || Boolean(order?.failure_reason);
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      return order as unknown as NonNullable<Awaited<ReturnType<typeof findOrder>>>;
    },
  };
}

async function findOrder(payUniqueNo: string) {
  const found = await server.sendRaw(API.orders.byPayUniqueNo, { pay_unique_no: payUniqueNo }, as);
  return found.http === 200 ? found.body.result : undefined;
}

const cardBalance = async (cardNumber: string) =>
  (await server.send(API.members.cardList, { search: cardNumber }, as)).body.result.items[0]?.balance;
const rewardOf = async (memberId: number, phone: string) =>
  (await server.send(API.members.list, { search: phone }, as)).body.result.items.find((m) => m.id === memberId)?.reward;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.ready();
  vendorId = (await demoVendors(server.database)).kl.id;
});
afterAll(async () => {
  await machines.stopAll();
  await server.close();
});

describe("a member's card tapped at a machine", () => {
  it("pays the shop's offer and the member's discount card on what the machine asked, and earns bonus points", async () => {
    const place = await payPlace(server, vendorId, "Taps offer", 1_000);
    const offer = await promotion("Quiet week", { kind: "timelimit", percent_off: 20 }, [place.shopId]);
    const gold = await promotion("Gold tap card", { kind: "dis_card", percent_off: 15, validity_days: 30 }, [
      place.shopId,
    ]);
    const points = await promotion("Tap points", { kind: "point", earn_per: 100, point_value: 5 }, [place.shopId]);
    const me = await memberWithCard(place, 5_000);
    const given = await server.send(API.members.givePass, { member_ids: [me.id], promotion_id: gold }, as);
    expect(given.http, JSON.stringify(given.body)).toBe(200);
    const washer = await tapMachine(place, "W");

    const order = await washer.tap(me.card.card_number, 1_000);
    // RM 10.00 asked; 20 % off is RM 8.00; the card's 15 % of that is RM 1.20: RM 6.80 paid.
    expect(order).toMatchObject({ pay_status: "paid", amount: 680, member_id: me.id });
    expect(order.pricing).toEqual({
      list_price: 1_000,
      adjustments: [
        { kind: "promotion", rule_id: offer, name: "Quiet week", amount: -200, price_after: 800 },
        { kind: "discount_card", rule_id: gold, name: "Gold tap card", amount: -120, price_after: 680 },
      ],
      final_price: 680,
    });
    expect(await cardBalance(me.card.card_number)).toBe(5_000 - 680);
    // A point per RM 1.00 paid, worth 5 sen: 6 points.
    expect(await rewardOf(me.id, me.phone)).toBe(30);
    const counted = (await server.send(API.promotions.list, {}, as)).body.result.items;
    expect(counted.find((p) => p.id === offer)).toMatchObject({ applied_count: 1, cost: 200 });
    expect(counted.find((p) => p.id === points)).toMatchObject({ applied_count: 1, cost: 30 });
    await washer.client.end();
  });

  it("is free at the member's first use; a card no member holds gets the offer but no member's price", async () => {
    const place = await payPlace(server, vendorId, "Taps first", 700);
    await promotion("First wash free", { kind: "firstfree" }, [place.shopId]);
    await promotion("Small offer", { kind: "timelimit", percent_off: 10 }, [place.shopId]);
    const me = await memberWithCard(place, 1_000);
    const loose = await newCard(1_000);
    const washer = await tapMachine(place, "F");

    const first = await washer.tap(me.card.card_number, 700);
    expect(first).toMatchObject({ pay_status: "paid", amount: 0 });
    expect(first.pricing?.adjustments.map((a) => a.kind)).toEqual(["promotion"]);
    expect(first.pricing?.adjustments[0]).toMatchObject({ name: "First wash free", price_after: 0 });
    expect(await cardBalance(me.card.card_number)).toBe(1_000);
    // The second use is paid: the offer's 10 %.
    expect(await washer.tap(me.card.card_number, 700)).toMatchObject({ pay_status: "paid", amount: 630 });
    expect(await cardBalance(me.card.card_number)).toBe(370);

    // No member: never a first use free, the offer still applies.
    expect(await washer.tap(loose.card_number, 700)).toMatchObject({ pay_status: "paid", amount: 630 });
    // Short of the discounted price, the tap is refused and nothing moves.
    const short = await washer.tap(me.card.card_number, 700);
    expect(short.pay_status).not.toBe("paid");
    expect(short.failure_reason).toMatch(/short.*630/i);
    expect(await cardBalance(me.card.card_number)).toBe(370);
    await washer.client.end();
  });

  it("spends a wash-dry card's wash once when the member pays in the app and taps at a machine at the same moment", async () => {
    const place = await payPlace(server, vendorId, "Taps washdry", 900);
    const washDry = await promotion("One wash", { kind: "washdry", free_washes: 1, free_dries: 0, price: 100 }, [
      place.shopId,
    ]);
    const me = await memberWithCard(place, 2_000);
    await server.send(API.members.givePass, { member_ids: [me.id], promotion_id: washDry }, as);
    // The same member in the app, with a balance of their own.
    const { headers } = me;
    await server.send(API.members.appTopUp, { amount: 2_000, provider: "sandbox", request_id: `wd-${run}` }, headers);
    const appWasher = await payMachine(server, machines, place, `A${run}`);
    const tapWasher = await tapMachine(place, "D");

    const [inApp, atMachine] = await Promise.all([
      server.sendRaw(API.members.appPay, { serial: appWasher.serial }, headers),
      tapWasher.tap(me.card.card_number, 900),
    ]);
    expect(inApp.http, JSON.stringify(inApp.body)).toBe(200);
    const charged = [inApp.body.result.charged, atMachine.amount].sort((a, b) => a - b);
    expect(charged).toEqual([0, 900]);
    const [pass] = await server.database.db
      .select({ washesLeft: memberPasses.washesLeft })
      .from(memberPasses)
      .where(and(eq(memberPasses.memberId, me.id), eq(memberPasses.promotionId, washDry)));
    expect(pass?.washesLeft).toBe(0);
    await tapWasher.client.end();
  });
});
