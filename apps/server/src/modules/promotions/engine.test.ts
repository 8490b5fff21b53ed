import { describe, expect, it } from "vitest";
import { type PriceWindow, type PricingInput, type Promotion, quote } from "./engine.js";

/** A washer of shop 1 in Kuala Lumpur (UTC+8, no daylight saving) at RM 10.00, on Wednesday 2026-12-02 15:00 local. */
const BASE: PricingInput = {
  listPrice: 1_000,
  at: new Date("2026-12-02T07:00:00Z"),
  timeZone: "Asia/Kuala_Lumpur",
  shopId: 1,
  machineType: "washer",
  windows: [],
  promotions: [],
};

const WEEKDAYS = [1, 2, 3, 4, 5] as const;
/** 20 % off washers on weekdays 14:00–17:00 local, the example. */
const AFTERNOON: PriceWindow = {
  id: 11,
  name: "Weekday afternoons",
  days: WEEKDAYS,
  fromMinute: 14 * 60,
  toMinute: 17 * 60,
  machineTypes: ["washer"],
  change: { percentOff: 20 },
};
/** Friday nights 22:00–02:00: a window crossing midnight. */
const FRIDAY_NIGHT: PriceWindow = {
  id: 12,
  name: "Friday night",
  days: [5],
  fromMinute: 22 * 60,
  toMinute: 2 * 60,
  change: { price: 600 },
};
const OFFER: Promotion = {
  id: 21,
  name: "December offer",
  kind: "timelimit",
  percentOff: 30,
  startsAt: new Date("2026-12-01T00:00:00Z"),
  endsAt: new Date("2027-01-01T00:00:00Z"),
};
const FIRST_FREE: Promotion = { ...OFFER, id: 22, name: "First wash free", kind: "firstfree", percentOff: undefined };

const at = (iso: string) => ({ at: new Date(iso) });
const steps = (input: Partial<PricingInput>) => {
  const q = quote({ ...BASE, ...input });
  return { final: q.finalPrice, steps: q.adjustments.map((a) => [a.kind, a.amount, a.priceAfter]) };
};

describe("the pricing engine: each kind alone", () => {
  it.each([
    ["nothing applies", {}, 1_000, []],
    ["a weekday-afternoon window", { windows: [AFTERNOON] }, 800, [["time_of_day", -200, 800]]],
    ["a time-limited offer", { promotions: [OFFER] }, 700, [["promotion", -300, 700]]],
    [
      "first use free, for a member's first paid use",
      { promotions: [FIRST_FREE], member: { firstPaidUse: true } },
      0,
      [["promotion", -1_000, 0]],
    ],
    [
      "first use free, not for a returning member",
      { promotions: [FIRST_FREE], member: { firstPaidUse: false } },
      1_000,
      [],
    ],
    [
      "a member's discount card",
      { member: { firstPaidUse: false, discountCard: { id: 31, name: "Gold", percentOff: 15 } } },
      850,
      [["discount_card", -150, 850]],
    ],
    [
      "a wash-dry card's wash",
      { member: { firstPaidUse: false, washDryCard: { id: 51, name: "10 washes" } } },
      0,
      [["wash_dry_card", -1_000, 0]],
    ],
    [
      "a wash-dry card after a time-of-day price: the use covers what the window left",
      { windows: [AFTERNOON], member: { firstPaidUse: false, washDryCard: { id: 51, name: "10 washes" } } },
      0,
      [
        ["time_of_day", -200, 800],
        ["wash_dry_card", -800, 0],
      ],
    ],
    [
      "first use free spends no wash of a wash-dry card",
      {
        promotions: [FIRST_FREE],
        member: { firstPaidUse: true, washDryCard: { id: 51, name: "10 washes" } },
      },
      0,
      [["promotion", -1_000, 0]],
    ],
    ["a free coupon", { coupon: { id: 41, code: "FREE1", kind: "free", value: 0 } }, 0, [["coupon", -1_000, 0]]],
    ["a rate coupon", { coupon: { id: 42, code: "R25", kind: "rate", value: 25 } }, 750, [["coupon", -250, 750]]],
    [
      "a deduction coupon",
      { coupon: { id: 43, code: "D2", kind: "deduction", value: 200 } },
      800,
      [["coupon", -200, 800]],
    ],
    [
      "the provider's pay discount",
      { payDiscount: { provider: "stripe", percentOff: 5 } },
      950,
      [["pay_discount", -50, 950]],
    ],
  ] as const)("%s", (_name, input, final, expected) => {
    expect(steps(input as Partial<PricingInput>)).toEqual({ final, steps: expected });
  });
});

describe("the pricing engine: stacked, in the documented order", () => {
  it("takes the window, the offer, the card, the coupon and the provider's discount in turn", () => {
    const q = quote({
      ...BASE,
      windows: [AFTERNOON],
      promotions: [OFFER],
      member: { firstPaidUse: false, discountCard: { id: 31, name: "Gold", percentOff: 10 } },
      coupon: { id: 43, code: "D2", kind: "deduction", value: 100 },
      payDiscount: { provider: "paypal", percentOff: 5 },
    });
    // 1000 → 800 (window) → 560 (30 % off) → 504 (10 % card) → 404 (coupon) → 384 (5 %, 383.8 rounded).
    expect(q.adjustments.map((a) => [a.kind, a.name, a.priceAfter])).toEqual([
      ["time_of_day", "Weekday afternoons", 800],
      ["promotion", "December offer", 560],
      ["discount_card", "Gold", 504],
      ["coupon", "D2", 404],
      ["pay_discount", "paypal", 384],
    ]);
    expect(q.finalPrice).toBe(384);
    expect(q.listPrice + q.adjustments.reduce((sum, a) => sum + a.amount, 0)).toBe(q.finalPrice);
  });

  it("applies a coupon and a promotion together", () => {
    expect(steps({ promotions: [OFFER], coupon: { id: 43, code: "D2", kind: "deduction", value: 200 } })).toEqual({
      final: 500,
      steps: [
        ["promotion", -300, 700],
        ["coupon", -200, 500],
      ],
    });
  });

  it("applies one promotion, the largest, and first use free over any offer", () => {
    const bigger = { ...OFFER, id: 23, name: "Opening week", percentOff: 50 };
    expect(quote({ ...BASE, promotions: [OFFER, bigger] }).adjustments[0]?.name).toBe("Opening week");
    expect(steps({ promotions: [bigger, FIRST_FREE], member: { firstPaidUse: true } }).final).toBe(0);
  });

  it("gives no pay discount on a free use, and never asks a provider for less than one unit", () => {
    expect(
      steps({
        promotions: [FIRST_FREE],
        member: { firstPaidUse: true },
        payDiscount: { provider: "stripe", percentOff: 5 },
      }),
    ).toEqual({ final: 0, steps: [["promotion", -1_000, 0]] });
    expect(steps({ listPrice: 1, payDiscount: { provider: "stripe", percentOff: 50 } }).final).toBe(1);
  });
});

describe("the pricing engine: never below zero", () => {
  it("stops a deduction larger than the price at zero, and takes no negative list price", () => {
    expect(steps({ coupon: { id: 43, code: "BIG", kind: "deduction", value: 5_000 } })).toEqual({
      final: 0,
      steps: [["coupon", -1_000, 0]],
    });
    expect(steps({ coupon: { id: 44, code: "NEG", kind: "deduction", value: -300 } }).final).toBe(1_000);
    expect(quote({ ...BASE, listPrice: -5 }).finalPrice).toBe(0);
  });

  it("lets only a time-of-day price raise the price", () => {
    const evening: PriceWindow = { ...AFTERNOON, id: 13, name: "Evening", change: { price: 1_200 } };
    expect(steps({ windows: [evening] })).toEqual({ final: 1_200, steps: [["time_of_day", 200, 1_200]] });
  });
});

describe("the pricing engine: windows in the vendor's time zone", () => {
  it.each([
    ["Wednesday 14:00, the first minute", "2026-12-02T06:00:00Z", 800],
    ["Wednesday 16:59", "2026-12-02T08:59:00Z", 800],
    ["Wednesday 17:00, the end, not in it", "2026-12-02T09:00:00Z", 1_000],
    ["Saturday 15:00, not a weekday", "2026-12-05T07:00:00Z", 1_000],
    // 15:00 UTC is 23:00 in Kuala Lumpur: the window is local, not the server's.
    ["Wednesday 15:00 UTC, 23:00 local", "2026-12-02T15:00:00Z", 1_000],
  ])("%s", (_name, iso, final) => {
    expect(steps({ windows: [AFTERNOON], ...at(iso) }).final).toBe(final);
  });

  it.each([
    ["Friday 23:30", "2026-12-04T15:30:00Z", 600],
    ["Saturday 01:30, the Friday window's after-midnight part", "2026-12-04T17:30:00Z", 600],
    ["Saturday 02:00, its end", "2026-12-04T18:00:00Z", 1_000],
    ["Friday 01:30, Thursday's night, not in the window", "2026-12-03T17:30:00Z", 1_000],
    ["Saturday 23:00", "2026-12-05T15:00:00Z", 1_000],
  ])("a window crossing midnight: %s", (_name, iso, final) => {
    expect(steps({ windows: [FRIDAY_NIGHT], ...at(iso) }).final).toBe(final);
  });

  it("follows daylight saving: 08:00–09:00 in Berlin is 06:00 UTC in summer and 07:00 in winter", () => {
    const morning: PriceWindow = {
      id: 14,
      name: "Morning",
      days: [0, 1, 2, 3, 4, 5, 6],
      fromMinute: 8 * 60,
      toMinute: 9 * 60,
      change: { percentOff: 10 },
    };
    const berlin = { timeZone: "Europe/Berlin", windows: [morning] };
    expect(steps({ ...berlin, ...at("2026-07-01T06:30:00Z") }).final).toBe(900);
    expect(steps({ ...berlin, ...at("2026-07-01T07:30:00Z") }).final).toBe(1_000);
    expect(steps({ ...berlin, ...at("2026-12-01T07:30:00Z") }).final).toBe(900);
    expect(steps({ ...berlin, ...at("2026-12-01T06:30:00Z") }).final).toBe(1_000);
  });

  it("takes both 02:30s of the night clocks go back, and none on the night they go forward", () => {
    const night: PriceWindow = {
      id: 15,
      name: "Night",
      days: [0],
      fromMinute: 2 * 60,
      toMinute: 3 * 60,
      change: { percentOff: 50 },
    };
    const berlin = { timeZone: "Europe/Berlin", windows: [night] };
    // 2026-10-25: 02:30 CEST (00:30 UTC), then 02:30 CET (01:30 UTC).
    expect(steps({ ...berlin, ...at("2026-10-25T00:30:00Z") }).final).toBe(500);
    expect(steps({ ...berlin, ...at("2026-10-25T01:30:00Z") }).final).toBe(500);
    // 2026-03-29: 01:59 CET is followed by 03:00 CEST; 01:30 UTC is 03:30 local.
    expect(steps({ ...berlin, ...at("2026-03-29T01:30:00Z") }).final).toBe(1_000);
  });

  it("counts an offer from its start to before its end", () => {
    expect(steps({ promotions: [OFFER], ...at("2026-12-01T00:00:00Z") }).final).toBe(700);
    expect(steps({ promotions: [OFFER], ...at("2027-01-01T00:00:00Z") }).final).toBe(1_000);
  });
});

describe("the pricing engine: scope and currencies", () => {
  it("applies a rule to its shops and machine types only", () => {
    expect(steps({ windows: [AFTERNOON], machineType: "dryer" }).final).toBe(1_000);
    expect(steps({ promotions: [{ ...OFFER, shopIds: [2] }] }).final).toBe(1_000);
    expect(steps({ promotions: [{ ...OFFER, shopIds: [1, 2] }] }).final).toBe(700);
  });

  it("rounds each share down to a whole unit of a zero-decimal currency (¥300, 15 % off: ¥45 off)", () => {
    expect(steps({ listPrice: 300, windows: [{ ...AFTERNOON, change: { percentOff: 15 } }] }).final).toBe(255);
    // 33 % of ¥100 is ¥33 off, not ¥33.33.
    expect(steps({ listPrice: 100, promotions: [{ ...OFFER, percentOff: 33 }] }).final).toBe(67);
    // The same rule in ringgit's cents: RM 1.00, 33 % off, 33 sen.
    expect(steps({ listPrice: 100, coupon: { id: 42, code: "R33", kind: "rate", value: 33 } }).final).toBe(67);
  });
});
