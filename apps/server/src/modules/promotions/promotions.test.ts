import { API, type BodyOf } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, vendorSubAccount } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { testMachines } from "../../test/machines.js";
import { type PayPalFake, startPayPalFake } from "../orders/providers/fakes/paypal-fake.js";
import { orders } from "../orders/tables.js";
import { type PayPlace, payMachine, payPlace } from "../pay/test-place.js";

/**
 * Promotions and time-of-day prices over the console's calls, and what they do where customers
 * pay: the pay page shows the price with its reasons, the order charges it and keeps why, and the
 * promotion's counters count it.
 */
let server: TestServer;
let paypal: PayPalFake;
let placeA: PayPlace;
let placeB: PayPlace;
let bkkShopId = 0;
const machines = testMachines("P");
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

type Fields = BodyOf<typeof API.promotions.create>;
const offer = (overrides: Partial<Fields> = {}): Fields => ({
  name: "Rainy week",
  starts_at: now() - DAY,
  ends_at: now() + 6 * DAY,
  settings: { kind: "timelimit", percent_off: 30 },
  ...overrides,
});
const create = (fields: Fields, as = "vendor_admin") => server.send(API.promotions.create, fields, { as });

beforeAll(async () => {
  paypal = await startPayPalFake();
  server = await startTestServer({
    paymentBaseUrls: { paypal: paypal.baseUrl },
    publicUrl: "https://pay.laundry.test",
  });
  await server.app.ready();
  const { kl, bkk } = await demoVendors(server.database);
  [placeA, placeB] = [await payPlace(server, kl.id, "Promo A", 1_000), await payPlace(server, kl.id, "Promo B", 1_000)];
  bkkShopId = (await payPlace(server, bkk.id, "Elsewhere")).shopId;
});
afterAll(async () => {
  await machines.stopAll();
  await server.close();
  await paypal.close();
});

describe("a time-limited offer", () => {
  it("lowers one shop's prices on the pay page with its reason; the order charges it, keeps why, and the offer counts it", async () => {
    const a = await payMachine(server, machines, placeA, "A1");
    const b = await payMachine(server, machines, placeB, "B1");
    const made = await create(offer({ shop_ids: [placeA.shopId] }));
    expect(made.http, JSON.stringify(made.body)).toBe(200);
    const promotion = made.body.result;
    expect(promotion).toMatchObject({ state: "active", enabled: true, applied_count: 0, cost: 0 });

    const pageA = (await server.send(API.pay.page, { code: placeA.code })).body.result;
    const program = pageA.machines.find((m) => m.id === a.id)?.programs[0];
    expect(program).toMatchObject({
      list_price: 1_000,
      price: 700,
      adjustments: [{ kind: "promotion", rule_id: promotion.id, name: "Rainy week", amount: -300, price_after: 700 }],
    });
    const pageB = (await server.send(API.pay.page, { code: placeB.code })).body.result;
    expect(pageB.machines.find((m) => m.id === b.id)?.programs[0]).toMatchObject({ price: 1_000, adjustments: [] });

    const start = await server.send(API.pay.create, {
      place: { code: placeA.code },
      device_id: a.id,
      option: "",
      provider: "sandbox",
    });
    expect(start.http, JSON.stringify(start.body)).toBe(200);
    const orderNo = start.body.result.order_no;
    await server.send(API.pay.sandboxPay, { order_no: orderNo });
    const [row] = await server.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(row).toMatchObject({ amount: 700, promotionId: promotion.id, promotionOff: 300 });
    expect(row?.pricing).toEqual({
      list_price: 1_000,
      adjustments: [{ kind: "promotion", rule_id: promotion.id, name: "Rainy week", amount: -300, price_after: 700 }],
      final_price: 700,
    });
    const listed = await server.send(API.promotions.list, { kind: "timelimit" }, { as: "vendor_admin" });
    expect(listed.body.result.items.find((p) => p.id === promotion.id)).toMatchObject({ applied_count: 1, cost: 300 });

    // Switched off, it no longer applies; its counters stay.
    await server.send(API.promotions.setStatus, { id: promotion.id, enabled: false }, { as: "vendor_admin" });
    const off = (await server.send(API.pay.page, { code: placeA.code })).body.result;
    expect(off.machines.find((m) => m.id === a.id)?.programs[0]).toMatchObject({ price: 1_000, adjustments: [] });
    const after = await server.send(API.promotions.list, { state: "disabled" }, { as: "vendor_admin" });
    expect(after.body.result.items.find((p) => p.id === promotion.id)).toMatchObject({
      state: "disabled",
      applied_count: 1,
    });
  });

  it("the provider's discount applies after the offer, and the order's explanation says both", async () => {
    const a = await payMachine(server, machines, placeA, "A2");
    const made = await create(
      offer({ name: "Second offer", shop_ids: [placeA.shopId], settings: { kind: "timelimit", percent_off: 20 } }),
    );
    await server.send(
      API.vendorProfile.modifyPaymentInfo,
      { provider: "paypal", enabled: true, fields: { ...paypal.credentials } },
      { as: "vendor_admin" },
    );
    await server.send(
      API.vendorProfile.modifyPayDiscounts,
      { discounts: [{ provider: "paypal", discount: 10 }] },
      { as: "vendor_admin" },
    );
    try {
      const start = await server.send(API.pay.create, {
        place: { code: placeA.code },
        device_id: a.id,
        option: "",
        provider: "paypal",
      });
      expect(start.http, JSON.stringify(start.body)).toBe(200);
      const [row] = await server.database.db
        .select()
        .from(orders)
        .where(eq(orders.orderNo, start.body.result.order_no));
      // 1,000 − 20 % = 800; the provider's 10 % of it: 720.
      expect(row?.amount).toBe(720);
      expect(row?.pricing?.adjustments.map((s) => [s.kind, s.rule_id, s.price_after])).toEqual([
        ["promotion", made.body.result.id, 800],
        ["pay_discount", 0, 720],
      ]);
      await server.send(API.pay.cancel, { order_no: start.body.result.order_no });
    } finally {
      await server.send(
        API.vendorProfile.modifyPayDiscounts,
        { discounts: [{ provider: "paypal", discount: null }] },
        { as: "vendor_admin" },
      );
      await server.send(API.promotions.remove, { id: made.body.result.id }, { as: "vendor_admin" });
    }
  });
});

describe("a member paying from the balance", () => {
  /** A customer registers in the app at the place and signs in; the vendor tops their balance up. */
  async function member(place: PayPlace, phone: string) {
    const at = { code: place.code };
    const ip = `10.88.0.${phone.slice(-2)}`;
    await server.send(API.members.appRegister, { place: at, phone, pin: "2468" }, { ip });
    const signedIn = await server.send(API.members.appSignIn, { place: at, phone, pin: "2468" }, { ip });
    expect(signedIn.http, JSON.stringify(signedIn.body)).toBe(200);
    const { member_token: token, member_id: id } = signedIn.body.result;
    await server.send(API.members.topUp, { member_id: id, amount: 5_000 }, { as: "vendor_admin" });
    return { id, headers: { headers: { authorization: `Bearer ${token}` } } };
  }

  it("first use free: a member's first paid use costs nothing, once, even when two payments race", async () => {
    const made = await create(offer({ name: "Welcome", shop_ids: [placeB.shopId], settings: { kind: "firstfree" } }));
    const [one, two] = [
      await payMachine(server, machines, placeB, "B2"),
      await payMachine(server, machines, placeB, "B3"),
    ];
    const me = await member(placeB, "+60123450011");
    const paid = await Promise.all(
      [one, two].map((m) => server.sendRaw(API.members.appPay, { serial: m.serial }, me.headers)),
    );
    expect(
      paid.map((p) => p.http),
      JSON.stringify(paid.map((p) => p.body)),
    ).toEqual([200, 200]);
    const charged = paid.map((p) => p.body.result.charged).sort((a, b) => a - b);
    // Under the member's lock one is the first use (free), the other pays the list price.
    expect(charged).toEqual([0, 1_000]);
    const free = paid.find((p) => p.body.result.charged === 0)?.body.result;
    expect(free?.pricing.adjustments).toEqual([
      { kind: "promotion", rule_id: made.body.result.id, name: "Welcome", amount: -1_000, price_after: 0 },
    ]);
    const listed = await server.send(API.promotions.list, { kind: "firstfree" }, { as: "vendor_admin" });
    expect(listed.body.result.items.find((p) => p.id === made.body.result.id)).toMatchObject({
      applied_count: 1,
      cost: 1_000,
    });
    await server.send(API.promotions.remove, { id: made.body.result.id }, { as: "vendor_admin" });
  });
});

describe("rules of a promotion", () => {
  it("refuses a discount out of 1–99, an end before the start, another vendor's shop and a change of kind", async () => {
    const zero = await create(offer({ settings: { kind: "timelimit", percent_off: 0 } }));
    expect(zero.body).toMatchObject({ code: "VALIDATION_FAILED", field: "settings.percent_off" });
    const backwards = await create(offer({ starts_at: now(), ends_at: now() - 60 }));
    expect(backwards.body).toMatchObject({ code: "VALIDATION_FAILED", field: "ends_at" });
    const foreign = await create(offer({ shop_ids: [bkkShopId] }));
    expect(foreign.http).toBe(404);
    const gift = await create(offer({ settings: { kind: "referfriend", gift_amount: 0 } }));
    expect(gift.body).toMatchObject({ code: "VALIDATION_FAILED", field: "settings.gift_amount" });

    const made = (await create(offer({ name: "Kind stays" }))).body.result;
    const changed = await server.send(
      API.promotions.modify,
      { ...offer(), id: made.id, settings: { kind: "firstfree" } },
      { as: "vendor_admin" },
    );
    expect(changed.body).toMatchObject({ code: "VALIDATION_FAILED", field: "settings" });
    const missing = await server.send(API.promotions.remove, { id: 0 } as never, { as: "vendor_admin" });
    expect(missing.body).toMatchObject({ code: "VALIDATION_FAILED", field: "id" });
  });

  it("stores each kind's own settings", async () => {
    const kinds: Fields["settings"][] = [
      { kind: "firstfree" },
      { kind: "referfriend", gift_amount: 500 },
      { kind: "dis_card", percent_off: 15, validity_days: 30 },
      { kind: "present", gift_amount: 200 },
      { kind: "bonus", top_up_amount: 5_000, gift_amount: 1_000 },
      { kind: "washdry", free_washes: 5, free_dries: 5, price: 4_000 },
      { kind: "point", earn_per: 100, point_value: 1 },
    ];
    for (const settings of kinds) {
      const made = await create(offer({ name: `Kind ${settings.kind}`, settings }));
      expect(made.http, JSON.stringify(made.body)).toBe(200);
      const listed = await server.send(API.promotions.list, { kind: settings.kind }, { as: "vendor_admin" });
      expect(listed.body.result.items.map((p) => p.settings)).toContainEqual(settings);
    }
  });

  it("a sub-account sees and manages only the kinds whose keys it holds", async () => {
    const { kl } = await demoVendors(server.database);
    await vendorSubAccount(server.database, { vendorId: kl.id, username: "promo_sub", permissions: ["op_timelimit"] });
    const free = (await create(offer({ name: "Only admins", settings: { kind: "firstfree" } }))).body.result;
    const listed = await server.send(API.promotions.list, {}, { as: "promo_sub" });
    expect(listed.http).toBe(200);
    expect(new Set(listed.body.result.items.map((p) => p.settings.kind))).toEqual(new Set(["timelimit"]));
    expect((await create(offer({ settings: { kind: "firstfree" } }), "promo_sub")).body.code).toBe("NO_PERMISSION");
    const hidden = await server.send(API.promotions.setStatus, { id: free.id, enabled: false }, { as: "promo_sub" });
    expect(hidden.http).toBe(404);
    expect((await create(offer({ name: "Sub's offer" }), "promo_sub")).http).toBe(200);
  });

  it("another vendor neither sees nor changes them", async () => {
    const made = (await create(offer({ name: "KL only" }))).body.result;
    const theirs = await server.send(API.promotions.list, {}, { as: "vendor2_admin" });
    expect(theirs.body.result.items.map((p) => p.id)).not.toContain(made.id);
    const change = await server.send(
      API.promotions.setStatus,
      { id: made.id, enabled: false },
      { as: "vendor2_admin" },
    );
    expect(change.http).toBe(404);
  });
});

describe("time-of-day prices", () => {
  // Kuala Lumpur is UTC+8 all year: Wednesday 11 June 2025 15:00 local is 07:00 UTC. (In the past:
  // no offer of the other tests, all running this week, applies then.)
  const wednesdayAfternoon = Date.UTC(2025, 5, 11, 7, 0) / 1000;
  const saturdayAfternoon = Date.UTC(2025, 5, 14, 7, 0) / 1000;

  it("prices a washer 20 % lower on weekday afternoons in the shop's local hours, as the preview shows", async () => {
    const a = await payMachine(server, machines, placeA, "A3", false);
    const made = await server.send(
      API.promotions.createWindow,
      {
        name: "Weekday afternoons",
        days: [1, 2, 3, 4, 5],
        from: "14:00",
        to: "17:00",
        shop_ids: [placeA.shopId],
        machine_types: ["washer"],
        change: { mode: "percent_off", percent_off: 20 },
      },
      { as: "vendor_admin" },
    );
    expect(made.http, JSON.stringify(made.body)).toBe(200);
    const preview = async (at: number) =>
      (await server.send(API.promotions.preview, { device_id: a.id, at }, { as: "vendor_admin" })).body.result
        .programs[0]?.price;
    expect(await preview(wednesdayAfternoon)).toEqual({
      list_price: 1_000,
      adjustments: [
        {
          kind: "time_of_day",
          rule_id: made.body.result.id,
          name: "Weekday afternoons",
          amount: -200,
          price_after: 800,
        },
      ],
      final_price: 800,
    });
    expect(await preview(saturdayAfternoon)).toMatchObject({ final_price: 1_000, adjustments: [] });
    expect(await preview(wednesdayAfternoon + 3 * 3600)).toMatchObject({ final_price: 1_000 });

    const listed = await server.send(API.promotions.windows, {}, { as: "vendor_admin" });
    expect(listed.body.result.items.find((w) => w.id === made.body.result.id)).toMatchObject({
      days: [1, 2, 3, 4, 5],
      from: "14:00",
      to: "17:00",
      change: { mode: "percent_off", percent_off: 20 },
    });
    await server.send(API.promotions.removeWindow, { id: made.body.result.id }, { as: "vendor_admin" });
    expect(await preview(wednesdayAfternoon)).toMatchObject({ final_price: 1_000 });
  });

  it("reaches the machines it covers as parameters; the list says how many applied it; a machine that was offline takes it when it comes back", async () => {
    const { kl } = await demoVendors(server.database);
    const place = await payPlace(server, kl.id, "Promo C", 1_000);
    const online = await payMachine(server, machines, place, "C1");
    const offline = await payMachine(server, machines, place, "C2", false);
    const dryer = await machines.provision(server, { vendorId: kl.id, shopId: place.shopId }, "C3", {
      machineType: "dryer",
    });
    await dryer.device.connect();
    const made = await server.send(
      API.promotions.createWindow,
      {
        name: "Washers, weekday afternoons",
        days: [1, 2, 3, 4, 5],
        from: "14:00",
        to: "17:00",
        shop_ids: [place.shopId],
        machine_types: ["washer"],
        change: { mode: "percent_off", percent_off: 20 },
      },
      { as: "vendor_admin" },
    );
    expect(made.http, JSON.stringify(made.body)).toBe(200);
    // Kuala Lumpur is UTC+8: the machine is told 480 + 720.
    const state = await online.device.waitFor((s) => s.params.tod_count === 1, 10_000);
    expect(state.params).toMatchObject({
      tod1_days: 0b0111110,
      tod1_from: 840,
      tod1_to: 1020,
      tod1_pct: 20,
      utc_offset: 1_200,
    });
    expect(dryer.device.state.params.tod_count).toBeUndefined();
    const counts = async () =>
      (await server.send(API.promotions.windows, {}, { as: "vendor_admin" })).body.result.items.find(
        (w) => w.id === made.body.result.id,
      );
    await expect.poll(counts, { timeout: 10_000 }).toMatchObject({ machines: 2, applied: 1 });

    // The machine offline then takes them from its desired shadow when it comes back.
    await offline.device.connect();
    await offline.device.waitFor((s) => s.params.tod_count === 1, 10_000);
    await expect.poll(counts, { timeout: 10_000 }).toMatchObject({ machines: 2, applied: 2 });
    // Sending again sends nothing to machines that hold their prices.
    const commandsOf = async (deviceId: number) =>
      (await server.send(API.devices.commands, { device_id: deviceId }, { as: "vendor_admin" })).body.result.total;
    const before = await Promise.all([online.id, offline.id].map(commandsOf));
    const again = await server.send(API.promotions.pushWindows, { retry: true }, { as: "vendor_admin" });
    expect(again.http).toBe(200);
    expect(await Promise.all([online.id, offline.id].map(commandsOf))).toEqual(before);

    // A machine holds four: a fifth covering the same washers is refused and nothing of it is kept.
    const more = (n: number) => ({
      name: `Extra ${n}`,
      days: [n % 7],
      from: "06:00",
      to: "07:00",
      shop_ids: [place.shopId],
      change: { mode: "price" as const, price: 500 },
    });
    for (const n of [1, 2, 3]) {
      expect((await server.send(API.promotions.createWindow, more(n), { as: "vendor_admin" })).http).toBe(200);
    }
    const fifth = await server.send(API.promotions.createWindow, more(4), { as: "vendor_admin" });
    expect(fifth.body).toMatchObject({
      code: "VALIDATION_FAILED",
      field: "shop_ids",
      message_key: "validation.tooManyWindows",
    });
    const names = (await server.send(API.promotions.windows, {}, { as: "vendor_admin" })).body.result.items.map(
      (w) => w.name,
    );
    expect(names).not.toContain("Extra 4");
    await online.device.waitFor((s) => s.params.tod_count === 4, 10_000);
  });

  it("refuses a window without days, of no length, and another vendor's machine in the preview", async () => {
    const base = {
      name: "Bad",
      days: [1],
      from: "10:00",
      to: "12:00",
      change: { mode: "price" as const, price: 500 },
    };
    const noDays = await server.send(API.promotions.createWindow, { ...base, days: [] }, { as: "vendor_admin" });
    expect(noDays.body).toMatchObject({ code: "VALIDATION_FAILED", field: "days" });
    const empty = await server.send(API.promotions.createWindow, { ...base, to: "10:00" }, { as: "vendor_admin" });
    expect(empty.body).toMatchObject({ code: "VALIDATION_FAILED", field: "to" });
    const clock = await server.send(API.promotions.createWindow, { ...base, to: "24:00" }, { as: "vendor_admin" });
    expect(clock.body).toMatchObject({ code: "VALIDATION_FAILED", field: "to" });
    const a = await payMachine(server, machines, placeB, "B9", false);
    const foreign = await server.send(API.promotions.preview, { device_id: a.id }, { as: "vendor2_admin" });
    expect(foreign.http).toBe(404);
  });
});
