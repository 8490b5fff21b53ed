import { API, type BodyOf } from "@washboard/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../seed/demo.js";
import { demoVendors, otherTenant, vendorMainAdmin, vendorSubAccount } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { type PayPlace, payPlace } from "../pay/test-place.js";
import { announcements } from "./tables.js";

/**
 * Announcements (spec §6 op_goodnews, §9 popup skins and animations) over the console's calls, and
 * what the pay page of a shop shows of them: only those running, switched on and in its scope.
 */
let server: TestServer;
let placeA: PayPlace;
let placeB: PayPlace;
let bkkPlace: PayPlace;
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

type Fields = BodyOf<typeof API.promotions.createAnnouncement>;
const news = (overrides: Partial<Fields> = {}): Fields => ({
  title: "New dryers",
  body: "Twice as fast.\nSame price.",
  skin: "dark_green",
  animation: "drop",
  starts_at: now() - DAY,
  ends_at: now() + 6 * DAY,
  ...overrides,
});
const create = (fields: Fields, as = "vendor_admin") => server.send(API.promotions.createAnnouncement, fields, { as });
const made = async (fields: Fields, as = "vendor_admin") => {
  const answer = await create(fields, as);
  expect(answer.http, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
};
const listed = async (as = "vendor_admin", filters: BodyOf<typeof API.promotions.announcements> = {}) => {
  const answer = await server.send(API.promotions.announcements, filters, { as });
  expect(answer.http, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result.items;
};
const shownAt = async (place: PayPlace) =>
  (await server.send(API.pay.page, { code: place.code })).body.result.announcements;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.ready();
  const { kl, bkk } = await demoVendors(server.database);
  placeA = await payPlace(server, kl.id, "News A");
  placeB = await payPlace(server, kl.id, "News B");
  bkkPlace = await payPlace(server, bkk.id, "News BKK");
});
afterAll(() => server.close());

describe("an announcement's life in the console", () => {
  it("is created switched on, listed newest first with its state, changed, switched off and removed", async () => {
    const item = await made(news({ title: "Life", body: "Line one\r\nLine two  ", shop_ids: [placeA.shopId] }));
    expect(item).toMatchObject({
      title: "Life",
      // Line ends as \n, the ends trimmed.
      body: "Line one\nLine two",
      button_text: "",
      skin: "dark_green",
      animation: "drop",
      shop_ids: [placeA.shopId],
      enabled: true,
      state: "active",
    });
    const later = await made(news({ title: "Later", starts_at: now() + DAY, ends_at: now() + 2 * DAY }));
    expect(later.state).toBe("scheduled");
    const mine = (await listed()).map((a) => a.id);
    expect(mine.indexOf(later.id)).toBeLessThan(mine.indexOf(item.id));
    expect((await listed("vendor_admin", { state: "scheduled" })).map((a) => a.id)).toContain(later.id);
    expect((await listed("vendor_admin", { state: "scheduled" })).map((a) => a.id)).not.toContain(item.id);

    const changed = await server.send(
      API.promotions.modifyAnnouncement,
      { ...news({ title: "Life, changed", skin: "random", animation: "roll_left", button_text: "Nice" }), id: item.id },
      { as: "vendor_admin" },
    );
    expect(changed.body.result).toMatchObject({
      title: "Life, changed",
      skin: "random",
      animation: "roll_left",
      button_text: "Nice",
      shop_ids: [],
    });
    const off = await server.send(
      API.promotions.setAnnouncementStatus,
      { id: item.id, enabled: false },
      { as: "vendor_admin" },
    );
    expect(off.body.result).toMatchObject({ enabled: false, state: "disabled" });
    expect((await listed("vendor_admin", { state: "disabled" })).map((a) => a.id)).toEqual([item.id]);

    const removed = await server.send(API.promotions.removeAnnouncement, { id: item.id }, { as: "vendor_admin" });
    expect(removed.body.result).toEqual({ id: item.id });
    expect((await listed()).map((a) => a.id)).not.toContain(item.id);
    const again = await server.send(API.promotions.removeAnnouncement, { id: item.id }, { as: "vendor_admin" });
    expect(again.http).toBe(404);
    await server.send(API.promotions.removeAnnouncement, { id: later.id }, { as: "vendor_admin" });
  });

  it("refuses an empty title, a long or tall text, a long button, an unknown skin or animation, an end before the start", async () => {
    const refusal = async (fields: Fields) => (await create(fields)).body;
    expect(await refusal(news({ title: "  " }))).toMatchObject({ code: "VALIDATION_FAILED", field: "title" });
    expect(await refusal(news({ body: " \n " }))).toMatchObject({
      field: "body",
      message_key: "validation.required",
    });
    expect(await refusal(news({ body: "x".repeat(501) }))).toMatchObject({
      field: "body",
      message_key: "validation.tooLong",
    });
    expect(await refusal(news({ body: Array.from({ length: 13 }, (_, i) => `line ${i}`).join("\n") }))).toMatchObject({
      field: "body",
      message_key: "validation.tooManyLines",
    });
    expect(await refusal(news({ button_text: "x".repeat(25) }))).toMatchObject({ field: "button_text" });
    expect(await refusal(news({ skin: "purple" } as never))).toMatchObject({ field: "skin" });
    expect(await refusal(news({ animation: "spin" } as never))).toMatchObject({ field: "animation" });
    expect(await refusal(news({ starts_at: now(), ends_at: now() - 60 }))).toMatchObject({
      field: "ends_at",
      message_key: "validation.periodOrder",
    });
    // Twelve lines of 500 characters in all pass.
    const tall = Array.from({ length: 12 }, (_, i) => `line ${i}`).join("\n");
    expect((await create(news({ title: "Tall", body: tall }))).http).toBe(200);
  });
});

describe("the pay page", () => {
  it("shows a shop's running, switched-on announcements for it or every shop, newest first, at most three", async () => {
    const forA = await made(news({ title: "For A", shop_ids: [placeA.shopId] }));
    const forB = await made(news({ title: "For B", skin: "sky_blue", shop_ids: [placeB.shopId] }));
    const forAll = await made(news({ title: "For all", skin: "random", animation: "shake" }));
    await made(news({ title: "Not yet", starts_at: now() + DAY, ends_at: now() + 2 * DAY }));
    await made(news({ title: "Over", starts_at: now() - 2 * DAY, ends_at: now() - DAY }));
    const off = await made(news({ title: "Off", shop_ids: [placeA.shopId] }));
    await server.send(API.promotions.setAnnouncementStatus, { id: off.id, enabled: false }, { as: "vendor_admin" });
    await made(news({ title: "Bangkok's" }), "vendor2_admin");

    const onA = await shownAt(placeA);
    expect(onA.slice(0, 2)).toEqual([
      {
        id: forAll.id,
        title: "For all",
        body: "Twice as fast.\nSame price.",
        button_text: "",
        skin: "random",
        animation: "shake",
      },
      expect.objectContaining({ id: forA.id, title: "For A", skin: "dark_green", animation: "drop" }),
    ]);
    expect(onA.map((a) => a.title)).not.toContain("For B");
    expect((await shownAt(placeB)).slice(0, 2).map((a) => a.id)).toEqual([forAll.id, forB.id]);
    const titles = [...(await shownAt(placeA)), ...(await shownAt(placeB)), ...(await shownAt(bkkPlace))].map(
      (a) => a.title,
    );
    for (const hidden of ["Not yet", "Over", "Off"]) expect(titles).not.toContain(hidden);
    expect((await shownAt(bkkPlace)).map((a) => a.title)).toEqual(["Bangkok's"]);

    for (const n of [1, 2, 3]) await made(news({ title: `More ${n}`, shop_ids: [placeA.shopId] }));
    expect((await shownAt(placeA)).map((a) => a.title)).toEqual(["More 3", "More 2", "More 1"]);
  });
});

describe("who may manage them", () => {
  it("a sub-account needs op_goodnews", async () => {
    const { kl } = await demoVendors(server.database);
    await vendorSubAccount(server.database, { vendorId: kl.id, username: "news_none", permissions: ["op_timelimit"] });
    await vendorSubAccount(server.database, { vendorId: kl.id, username: "news_clerk", permissions: ["op_goodnews"] });
    const refused = await server.send(API.promotions.announcements, {}, { as: "news_none" });
    expect(refused.body.code).toBe("NO_PERMISSION");
    expect((await create(news(), "news_none")).body.code).toBe("NO_PERMISSION");
    const mine = await made(news({ title: "Clerk's" }), "news_clerk");
    expect((await listed("news_clerk")).map((a) => a.id)).toContain(mine.id);
  });

  it("another vendor neither sees, changes nor removes them, nor names its shops", async () => {
    const ours = await made(news({ title: "KL only" }));
    expect((await listed("vendor2_admin")).map((a) => a.id)).not.toContain(ours.id);
    const as = { as: "vendor2_admin" };
    const calls = [
      await server.send(API.promotions.modifyAnnouncement, { ...news(), id: ours.id }, as),
      await server.send(API.promotions.setAnnouncementStatus, { id: ours.id, enabled: false }, as),
      await server.send(API.promotions.removeAnnouncement, { id: ours.id }, as),
    ];
    expect(calls.map((c) => c.http)).toEqual([404, 404, 404]);
    expect((await listed()).find((a) => a.id === ours.id)).toMatchObject({ title: "KL only", enabled: true });
    const foreignShop = await create(news({ shop_ids: [bkkPlace.shopId] }));
    expect(foreignShop.body).toMatchObject({ code: "NOT_FOUND", field: "shop_ids" });
  });

  it("an account limited to one shop sees and manages only announcements naming its shop alone", async () => {
    const role = await server.send(
      API.roles.create,
      { name: "News of shop A", permissions: ["op_goodnews"] },
      { as: "vendor_admin" },
    );
    expect(role.http, JSON.stringify(role.body)).toBe(200);
    const sub = await server.send(
      API.subAccounts.create,
      {
        username: "news_shop_a",
        email: "news_shop_a@example.com",
        nickname: "Shop A news",
        password: DEMO_PASSWORD,
        confirm_password: DEMO_PASSWORD,
        role_id: role.body.result.id,
        shop_ids: [placeA.shopId],
      },
      { as: "vendor_admin" },
    );
    expect(sub.http, JSON.stringify(sub.body)).toBe(200);
    const onlyA = await made(news({ title: "Only A", shop_ids: [placeA.shopId] }));
    const everywhere = await made(news({ title: "Everywhere" }));
    const aAndB = await made(news({ title: "A and B", shop_ids: [placeA.shopId, placeB.shopId] }));

    const seen = (await listed("news_shop_a")).map((a) => a.id);
    expect(seen).toContain(onlyA.id);
    expect(seen).not.toContain(everywhere.id);
    expect(seen).not.toContain(aAndB.id);
    const as = { as: "news_shop_a" };
    expect((await server.send(API.promotions.removeAnnouncement, { id: everywhere.id }, as)).http).toBe(404);
    expect((await server.send(API.promotions.modifyAnnouncement, { ...news(), id: aAndB.id }, as)).http).toBe(404);
    expect((await create(news(), "news_shop_a")).body).toMatchObject({
      code: "VALIDATION_FAILED",
      field: "shop_ids",
      message_key: "validation.noShops",
    });
    expect((await create(news({ shop_ids: [placeB.shopId] }), "news_shop_a")).http).toBe(404);
    const own = await made(news({ title: "A's own", shop_ids: [placeA.shopId] }), "news_shop_a");
    const changed = await server.send(
      API.promotions.setAnnouncementStatus,
      { id: own.id, enabled: false },
      { as: "news_shop_a" },
    );
    expect(changed.body.result.enabled).toBe(false);
  });

  it("a car wash has none: its administrator is refused, and its pay pages show none", async () => {
    await otherTenant(server.database);
    const created = await server.send(
      API.vendorAdmin.create,
      {
        name: "Suds Car Wash",
        real_name: "Somchai Wongsa",
        id_number: "ID-CW-9",
        phone: "+66 2 111 2299",
        home_page: "https://suds.example",
        settlement_cycle_days: 7,
        fee_rate_coins: 0.05,
        fee_rate_no_coins: 0.1,
        currency: "THB",
        language: "th-th",
        time_zone: "Asia/Bangkok",
        coin_denomination: 1000,
        variant: "car_wash",
      },
      { as: "other_gadmin" },
    );
    expect(created.http, JSON.stringify(created.body)).toBe(200);
    const carWashId = created.body.result.vendor_id;
    await vendorMainAdmin(server.database, carWashId, "suds_admin");
    expect((await server.send(API.promotions.announcements, {}, { as: "suds_admin" })).body.code).toBe("NO_PERMISSION");
    expect((await create(news(), "suds_admin")).body.code).toBe("NO_PERMISSION");

    // One kept from before (written while it was a laundry) is not shown either.
    const place = await payPlace(server, carWashId, "Bay");
    await server.database.db.insert(announcements).values({
      vendorId: carWashId,
      title: "Kept",
      body: "From before",
      skin: "grey_white",
      animation: "fade",
      startsAt: new Date((now() - DAY) * 1000),
      endsAt: new Date((now() + DAY) * 1000),
    });
    expect(await shownAt(place)).toEqual([]);
  });
});
