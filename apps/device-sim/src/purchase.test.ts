import { describe, expect, it } from "vitest";
import { defaultParams, profileFor } from "./machine-profiles.js";
import { drawPurchase, piecesFor } from "./purchase.js";
import { seededRandom } from "./random.js";

describe("drawPurchase", () => {
  it("a kiosk's customer tops up one of the simulated cards; a coin exchanger's gets change; a washer's runs a cycle", () => {
    const random = seededRandom(5);
    const kiosk = profileFor("kiosk");
    const topUp = drawPurchase(kiosk, defaultParams(kiosk), random);
    expect(topUp.service).toEqual({ kind: "card_top_up", cardNumber: expect.stringMatching(/^88\d{8}$/) });
    expect(topUp.payment).toMatchObject({ method: "notes" });
    const changer = profileFor("coin_exchanger");
    expect(drawPurchase(changer, defaultParams(changer), random).service).toEqual({ kind: "change" });
    const washer = profileFor("washer");
    expect(drawPurchase(washer, defaultParams(washer), random).service).toBeUndefined();
  });

  it("is the same for the same seed", () => {
    const washer = profileFor("washer");
    const draw = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 20 }, () => drawPurchase(washer, defaultParams(washer), random));
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it.each([
    ["washer", 25, 45, 400, 800],
    ["dryer", 30, 60, 200, 500],
    ["combo", 60, 90, 800, 1400],
    ["car_wash", 5, 15, 300, 1000],
    ["vending_machine", 1, 1, 100, 300],
  ])("%s: cycles of %i to %i minutes at %i to %i", (type, shortest, longest, cheapest, dearest) => {
    const profile = profileFor(type);
    const random = seededRandom(3);
    for (let i = 0; i < 200; i++) {
      const purchase = drawPurchase(profile, defaultParams(profile), random);
      expect(purchase.minutes).toBeGreaterThanOrEqual(shortest);
      expect(purchase.minutes).toBeLessThanOrEqual(longest);
      expect(purchase.price).toBeGreaterThanOrEqual(cheapest);
      expect(purchase.price).toBeLessThanOrEqual(dearest);
      if (purchase.payment.method !== "card") {
        expect(purchase.payment.pieces.reduce((sum, piece) => sum + piece, 0)).toBeGreaterThanOrEqual(purchase.price);
      }
    }
  });

  it("charges the operator's price and cycle length for the standard program", () => {
    const washer = profileFor("washer");
    const random = seededRandom(11);
    const standard = Array.from({ length: 50 }, () =>
      drawPurchase(washer, { price: 550, cycle_minutes: 33 }, random),
    ).filter((purchase) => purchase.program === "normal");
    expect(standard.length).toBeGreaterThan(0);
    for (const purchase of standard) expect(purchase).toMatchObject({ price: 550, minutes: 33 });
  });

  it("behaves as a washer for an unknown machine type", () => {
    expect(profileFor("spaceship")).toBe(profileFor("washer"));
  });
});

describe("piecesFor", () => {
  it("pays with the largest pieces, one more small one when the price is odd", () => {
    expect(piecesFor(650, [200, 100, 50])).toEqual([200, 200, 200, 50]);
    expect(piecesFor(0, [200, 100])).toEqual([]);
    expect(piecesFor(130, [100, 50])).toEqual([100, 50]);
  });
});
