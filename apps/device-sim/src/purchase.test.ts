import { templateParams, timePriceParams } from "@washboard/shared";
import { describe, expect, it } from "vitest";
import { defaultParams, profileFor } from "./machine-profiles.js";
import { machineMoney, UNTOLD_MONEY } from "./money.js";
import { drawPurchase, piecesFor } from "./purchase.js";
import { seededRandom } from "./random.js";

const ringgit = machineMoney("MYR", 100);
const baht = machineMoney("THB", 10);

/** A template as the server pushes it to a machine (`templateParams`), amounts in minor units. */
const template = (price: number, minutes: number, options: { added_price: number; added_minutes: number }[] = []) =>
  templateParams({ price, display_price: price, estimated_minutes: minutes, extra_params: "", options });

describe("drawPurchase", () => {
  it("a kiosk's customer tops up one of the simulated cards; a coin exchanger's gets change; a washer's runs a cycle", () => {
    const random = seededRandom(5);
    const kiosk = profileFor("kiosk");
    const topUp = drawPurchase(kiosk, defaultParams(kiosk), ringgit, random);
    expect(topUp.service).toEqual({ kind: "card_top_up", cardNumber: expect.stringMatching(/^88\d{8}$/) });
    expect(topUp.payment).toMatchObject({ method: "notes" });
    const changer = profileFor("coin_exchanger");
    expect(drawPurchase(changer, defaultParams(changer), ringgit, random).service).toEqual({ kind: "change" });
    const washer = profileFor("washer");
    expect(drawPurchase(washer, defaultParams(washer), ringgit, random).service).toBeUndefined();
  });

  it("is the same for the same seed", () => {
    const washer = profileFor("washer");
    const draw = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 20 }, () => drawPurchase(washer, defaultParams(washer), ringgit, random));
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  // Without a template a machine prices its programs in the vendor's coins: RM 1, or ฿10.
  it.each([
    ["washer", 25, 45, 4, 8],
    ["dryer", 30, 60, 2, 5],
    ["combo", 60, 90, 8, 14],
    ["car_wash", 5, 15, 3, 10],
    ["vending_machine", 1, 1, 1, 3],
  ])("%s: cycles of %i to %i minutes at %i to %i coins", (type, shortest, longest, cheapest, dearest) => {
    const profile = profileFor(type);
    const random = seededRandom(3);
    for (const money of [ringgit, baht]) {
      for (let i = 0; i < 200; i++) {
        const purchase = drawPurchase(profile, defaultParams(profile), money, random);
        expect(purchase.minutes).toBeGreaterThanOrEqual(shortest);
        expect(purchase.minutes).toBeLessThanOrEqual(longest);
        expect(purchase.price).toBeGreaterThanOrEqual(cheapest * money.coin);
        expect(purchase.price).toBeLessThanOrEqual(dearest * money.coin);
        expect(purchase.price % money.coin).toBe(0);
        if (purchase.payment.method !== "card") {
          expect(purchase.payment.pieces.every((piece) => piece % money.coin === 0)).toBe(true);
          expect(purchase.payment.pieces.reduce((sum, piece) => sum + piece, 0)).toBeGreaterThanOrEqual(purchase.price);
        }
      }
    }
  });

  it("charges its price template's price, or the price with one option, in the vendor's minor unit", () => {
    const washer = profileFor("washer");
    const random = seededRandom(11);
    // Kuala Lumpur's "Wash 10 kg": RM 7.00 for 35 minutes, extra rinse +RM 1.00 and 5 minutes, hot water +RM 2.00.
    const kl = template(700, 35, [
      { added_price: 100, added_minutes: 5 },
      { added_price: 200, added_minutes: 0 },
    ]);
    const expected = {
      normal: { price: 700, minutes: 35 },
      "normal+opt1": { price: 800, minutes: 40 },
      "normal+opt2": { price: 900, minutes: 35 },
    };
    const drawn = Array.from({ length: 200 }, () => drawPurchase(washer, kl, ringgit, random));
    for (const purchase of drawn) {
      expect(purchase).toMatchObject(expected[purchase.program as keyof typeof expected]);
      if (purchase.payment.method === "coins") {
        expect(purchase.payment.pieces).toEqual(Array(purchase.price / 100).fill(100));
      }
    }
    expect(new Set(drawn.map((p) => p.program))).toEqual(new Set(Object.keys(expected)));
    // Bangkok's ฿50 wash: fifty baht (THB has no minor unit), five ฿10 coins — never 5,000.
    const bangkok = Array.from({ length: 50 }, () => drawPurchase(washer, template(50, 40), baht, random));
    for (const purchase of bangkok) {
      expect(purchase).toMatchObject({ program: "normal", price: 50, minutes: 40 });
      if (purchase.payment.method === "coins") expect(purchase.payment.pieces).toEqual([10, 10, 10, 10, 10]);
    }
    // An amount above one machine word travels as two: 70,000 dong.
    expect(drawPurchase(washer, template(70_000, 30), machineMoney("VND", 10_000), random).price).toBe(70_000);
  });

  it("pays a template's odd price with one coin more: the machine keeps the change", () => {
    const random = seededRandom(2);
    const cash = Array.from({ length: 20 }, () =>
      drawPurchase(profileFor("dryer"), template(550, 30), ringgit, random),
    ).find((p) => p.payment.method === "coins");
    expect(cash).toMatchObject({ price: 550, payment: { pieces: [100, 100, 100, 100, 100, 100] } });
  });

  it("behaves as a washer for an unknown machine type, and as a two-decimal currency with RM 1 coins when told no money", () => {
    expect(profileFor("spaceship")).toBe(profileFor("washer"));
    expect(machineMoney(undefined, undefined)).toEqual(UNTOLD_MONEY);
    expect(UNTOLD_MONEY.coin).toBe(100);
    // A vendor without a coin set pays in whole units of its currency.
    expect(machineMoney("THB", undefined)).toEqual({ currency: "THB", coin: 1 });
    expect(machineMoney("MYR", undefined)).toEqual({ currency: "MYR", coin: 100 });
  });
});

describe("piecesFor", () => {
  it("pays with the largest pieces, one more small one when the price is odd", () => {
    expect(piecesFor(650, [200, 100, 50])).toEqual([200, 200, 200, 50]);
    expect(piecesFor(0, [200, 100])).toEqual([]);
    expect(piecesFor(130, [100, 50])).toEqual([100, 50]);
  });
});

describe("a machine's time-of-day prices", () => {
  it("charges what its pushed time-of-day price says at the machine's local time, the list price outside it", () => {
    const washer = profileFor("washer");
    const random = seededRandom(5);
    // Weekdays 14:00–17:00 in Kuala Lumpur (UTC+8): 20 % off, as the server pushes it.
    const params = {
      ...template(1_000, 30),
      ...timePriceParams([{ days: [1, 2, 3, 4, 5], fromMinute: 840, toMinute: 1020, change: { percentOff: 20 } }], 480),
    };
    const wednesdayAfternoon = new Date(Date.UTC(2025, 5, 11, 7, 0));
    const saturdayAfternoon = new Date(Date.UTC(2025, 5, 14, 7, 0));
    expect(drawPurchase(washer, params, ringgit, random, wednesdayAfternoon).price).toBe(800);
    expect(drawPurchase(washer, params, ringgit, random, saturdayAfternoon).price).toBe(1_000);
  });
});
