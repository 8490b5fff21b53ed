import { ALL_ENDPOINTS, API, type EndpointContract, endpointId, ORDER_SCREENS } from "@washboard/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devices } from "../../modules/devices/tables.js";
import { couponMailJobs, couponMailRecipients, coupons, memberCoupons } from "../../modules/members/tables.js";
import { orders } from "../../modules/orders/tables.js";
import { setPricePerYear } from "../../modules/subscriptions/public.js";
import { demoVendors } from "../../test/fixtures.js";
import { type SendOptions, startTestServer, type TestServer } from "../../test/harness.js";
import { countRoundTrips } from "../db/round-trips.js";

/**
 * Every read call of the registry (a call that does not mutate), made as an account that may use it
 * on a tenant that has one record of each kind, with no kept answers: how many database round trips
 * it takes once the session is in use. A round trip is one statement sent to the database and waited
 * for (platform/db/round-trips.ts): a transaction's BEGIN and COMMIT count one each, so a
 * transaction of one query is three. The goal is two: the session with its scope, and the call's
 * query. A new read call is counted the moment it exists.
 */
const GOAL = 2;

/**
 * Calls that need more, and why: screens that show several figures with nothing in common, read
 * side by side (on PostgreSQL on separate connections at once, so they cost one round trip of
 * waiting, not one each). Each is a ceiling the test holds.
 */
const EXCEPTIONS: Record<string, { most: number; why: string }> = {
  "members.detail": {
    most: 4,
    why: "the member, then its cards and its recent orders (the orders module's table) side by side",
  },
  "revenue.deviceRevenue": {
    most: 3,
    why: "the vendor's machines (devices) and their month's figures (the revenue rollup) side by side, joined in code",
  },
  "revenue.dashboardDevices": {
    most: 3,
    why: "machine counts by state and the machines needing attention: two unrelated reads side by side",
  },
  "revenue.shopAnalysis": {
    most: 6,
    why: "the data center's five unrelated figures (top shops, five years, shops, machines, heat map) side by side",
  },
  "ota.rolloutHistory": {
    most: 4,
    why: "the rollout (NOT_FOUND for another vendor's), then its waves' counts and its events side by side",
  },
  "subscriptions.orderDetails": {
    most: 3,
    why: "the order with both parties (the vendor, the platform's receipt details), and its machines side by side",
  },
  "promotions.preview": {
    most: 4,
    why: "the machine and its vendor side by side, then the machine's programs and the vendor's pricing rules side by side",
  },
  "members.appPasses": {
    most: 3,
    why: "the member's cards (this module's table) and the vendor's running card promotions (the promotions module's) side by side",
  },
  "members.memberPasses": {
    most: 3,
    why: "the member's cards (this module's table) and the vendor's running card promotions (the promotions module's) side by side",
  },
  "pay.page": {
    most: 10,
    why: "the public pay page: the code, its vendor, shop and machines, their holds, the vendor's pricing rules (one statement), its providers and the site's config",
  },
};

/** Records of the Kuala Lumpur vendor made in beforeAll, named in the payloads below. */
const records = {
  vendor: 0,
  shop: 0,
  member: 0,
  memberToken: "",
  card: 0,
  device: 0,
  cardUuid: "",
  cardNumber: "",
  order: 0,
  orderNo: "",
  payUniqueNo: "",
  subAccount: 0,
  couponUniqueDid: "",
  coupon: 0,
  couponMailJob: 0,
  payQrCode: "",
  inviteCode: "",
  rollout: 0,
  subscriptionOrder: 0,
};

const THIS_MONTH = new Date().toISOString().slice(0, 7);
const TODAY = new Date().toISOString().slice(0, 10);

/** Payloads of the read calls that need more than an empty one, by call id. */
const PAYLOADS: Record<string, () => Record<string, unknown>> = {
  "subAccounts.permissions": () => ({ id: records.subAccount }),
  "payqr.bindDevices": () => ({ shop_id: records.shop }),
  "shops.dbLogs": () => ({ shop_id: records.shop }),
  "devices.qrCodes": () => ({ device_ids: [records.device] }),
  ...Object.fromEntries(
    ORDER_SCREENS.map((screen) => [`orders.export_${screen.source}`, () => ({ format: "csv", language: "en" })]),
  ),
  "orders.byPayUniqueNo": () => ({ pay_unique_no: records.payUniqueNo }),
  "orders.refunds": () => ({ order_id: records.order }),
  "revenue.earningsMonth": () => ({ from: THIS_MONTH, to: THIS_MONTH }),
  "revenue.shopEarnings": () => ({ from: TODAY, to: TODAY }),
  "revenue.otherIncome": () => ({ from: TODAY, to: TODAY }),
  "revenue.deviceRevenue": () => ({ month: THIS_MONTH }),
  "revenue.consumption": () => ({ from: TODAY, to: TODAY }),
  ...Object.fromEntries(
    Object.keys(API.reports)
      .filter((call) => call !== "subscriptions")
      .map((call) => [`reports.${call}`, () => ({ from: TODAY, to: TODAY })]),
  ),
  "members.detail": () => ({ member_id: records.member }),
  "members.movements": () => ({ member_id: records.member }),
  "members.byCardNumber": () => ({ card_number: records.cardNumber }),
  "members.cardByUuid": () => ({ uuid: records.cardUuid }),
  "members.cardMovements": () => ({ card_id: records.card }),
  "members.memberCoupons": () => ({ member_id: records.member }),
  "members.memberPasses": () => ({ member_id: records.member }),
  "members.couponByUniqueDid": () => ({ unique_did: records.couponUniqueDid }),
  "members.couponMailJob": () => ({ job_id: records.couponMailJob }),
  "members.couponMailJobs": () => ({ coupon_id: records.coupon }),
  "pay.page": () => ({ code: records.payQrCode }),
  "members.appInvite": () => ({ code: records.inviteCode }),
  "promotions.preview": () => ({ device_id: records.device }),
  "pay.status": () => ({ order_no: records.orderNo }),
  "ota.rolloutHistory": () => ({ id: records.rollout }),
  "ota.rolloutDevices": () => ({ rollout_id: records.rollout }),
  "subscriptions.orderDetails": () => ({ id: records.subscriptionOrder }),
};

/** The demo accounts of each level, in the order a call's caller is chosen. */
const ACCOUNTS = [
  [3, "vendor_admin"],
  [4, "vendor_sub"],
  [6, "group_admin"],
  [7, "group_sub"],
] as const;

/** Who makes a call: the first demo account of a level it allows; the member for the member app. */
function callerOf(contract: EndpointContract): SendOptions {
  if (contract.access.kind === "public") return {};
  if (contract.access.kind === "member") return { headers: { authorization: `Bearer ${records.memberToken}` } };
  const { levels } = contract.access;
  const [, as] = ACCOUNTS.find(([level]) => levels?.includes(level) ?? true) ?? ACCOUNTS[0];
  return { as };
}

/** Calls a vendor's administrator and the group's may both make: the group's is made on the vendor too. */
const onVendorOfGroup = (contract: EndpointContract) =>
  contract.access.kind === "session" &&
  (contract.access.levels ?? [3, 6]).includes(3) &&
  (contract.access.levels ?? [6]).includes(6);

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ answerCache: false });
  const { db } = server.database;
  const { kl } = await demoVendors(server.database);
  records.vendor = kl.id;
  const as = { as: "vendor_admin" };
  const ok = <T>(answer: { http: number; body: { result: T } }, what: string): T => {
    if (answer.http !== 200) throw new Error(`${what}: ${JSON.stringify(answer.body)}`);
    return answer.body.result;
  };
  ok(
    await server.send(
      API.brands.create,
      {
        name: "Trips brand",
        longitude: 101.7,
        latitude: 3.1,
        service_time: "08:00-22:00",
        country: "Malaysia",
        province: "Selangor",
        city: "Kuala Lumpur",
        address: "1 Jalan Trips",
        contact_phone: "+60 3 0000 0000",
      },
      { as: "group_admin" },
    ),
    "brand",
  );
  const shop = ok(
    await server.send(API.shops.create, { name: "Trips shop", address: "1 Jalan Trips", service_type: 1 }, as),
    "shop",
  );
  records.shop = shop.id;
  const payQr = ok(
    await server.send(API.payqr.create, { name: "Trips code", bind_mode: 1, shop_id: shop.id, device_id: null }, as),
    "pay QR code",
  );
  records.payQrCode = payQr.code;
  const place = { code: payQr.code };
  const phone = "60129990001";
  ok(await server.send(API.members.appRegister, { place, phone, pin: "2468" }), "registration");
  const signedIn = ok(await server.send(API.members.appSignIn, { place, phone, pin: "2468" }), "member sign-in");
  records.member = signedIn.member_id;
  records.memberToken = signedIn.member_token;
  const card = ok(
    await server.send(API.members.cardCreate, { uuid: "0A0B0C0E", card_number: "TRIPS0001", type: "ordinary" }, as),
    "card",
  );
  Object.assign(records, { card: card.id, cardUuid: card.uuid, cardNumber: card.card_number });
  ok(await server.send(API.members.cardBind, { card_id: card.id, member_id: records.member }, as), "card bound");
  const [device] = await db
    .insert(devices)
    .values({ vendorId: kl.id, shopId: shop.id, name: "Trips washer", serialNumber: "TRIPS-1", machineType: "washer" })
    .returning();
  records.device = device?.id ?? 0;
  const [order] = await db
    .insert(orders)
    .values({
      vendorId: kl.id,
      source: "sandbox",
      payType: "1",
      // A customer's payment, which the pay page's status call shows.
      startType: "online_payment",
      orderNo: "WTRIPS00000000001",
      payUniqueNo: "WTRIPS00000000001",
      amount: 1_000,
      currency: "MYR",
      payStatus: 1,
      paidAt: new Date(),
    })
    .returning();
  Object.assign(records, { order: order?.id ?? 0, orderNo: order?.orderNo, payUniqueNo: order?.payUniqueNo });
  const [coupon] = await db
    .insert(coupons)
    .values({ vendorId: kl.id, kind: "voucher", name: "Trips voucher", amount: 100, validDays: 7 })
    .returning();
  const [given] = await db
    .insert(memberCoupons)
    .values({
      vendorId: kl.id,
      memberId: records.member,
      couponId: coupon?.id ?? 0,
      uniqueDid: "TRIPS0001",
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  records.couponUniqueDid = given?.uniqueDid ?? "";
  records.coupon = coupon?.id ?? 0;
  // An e-mail batch of that coupon: one address sent (its coupon), one not a member.
  const [mailJob] = await db
    .insert(couponMailJobs)
    .values({ vendorId: kl.id, couponId: records.coupon, language: "en" })
    .returning();
  records.couponMailJob = mailJob?.id ?? 0;
  await db.insert(couponMailRecipients).values([
    {
      jobId: records.couponMailJob,
      batch: 1,
      address: "trips@demo.test",
      memberId: records.member,
      memberCouponId: given?.id ?? null,
      outcome: "sent",
      sentAt: new Date(),
    },
    { jobId: records.couponMailJob, batch: 0, address: "stranger@demo.test", outcome: "not_member" },
  ]);
  const invite = ok(
    await server.send(API.members.inviteLinkCreate, { coupon_id: records.coupon, quantity: 5, valid_days: 7 }, as),
    "invitation link",
  );
  records.inviteCode = invite.code;
  const subAccounts = ok(await server.send(API.subAccounts.list, { page_size: 10 }, as), "sub-accounts");
  records.subAccount = subAccounts.items[0]?.id ?? 0;
  const firmware = ok(
    await server.send(
      API.ota.createPackage,
      { version: "9.9.9", download_url: "https://firmware.example.com/trips.bin", machine_types: ["washer"] },
      as,
    ),
    "firmware package",
  );
  const rollout = ok(
    await server.send(API.ota.upgradeDevice, { device_id: records.device, package_id: firmware.id }, as),
    "rollout",
  );
  records.rollout = rollout.id;
  await setPricePerYear(db, "MYR", 12_000);
  const renewal = ok(
    await server.send(API.subscriptions.createOrder, { device_ids: [records.device], years: 1 }, as),
    "renewal order",
  );
  records.subscriptionOrder = renewal.id;
});
afterAll(() => server.close());

/** Round trips of a call once the session is in use: the first call signs in and uses it; the second is counted. */
async function roundTripsOf(contract: EndpointContract, payload: Record<string, unknown>, caller: SendOptions) {
  const id = endpointId(contract);
  const first = await server.sendRaw(contract, payload, caller);
  expect(first.http, `${id}: ${JSON.stringify(first.body)}`).toBe(200);
  const { value: answer, roundTrips } = await countRoundTrips(() => server.sendRaw(contract, payload, caller));
  expect(answer.http).toBe(200);
  return roundTrips;
}

const READ_CALLS = ALL_ENDPOINTS.filter((contract) => !contract.mutates);
const counted = new Map<string, number>();

describe("database round trips of every read call", () => {
  for (const contract of READ_CALLS) {
    const id = endpointId(contract);
    const allowed = EXCEPTIONS[id]?.most ?? GOAL;
    it(`${id} takes at most ${allowed}`, async () => {
      const payload = PAYLOADS[id]?.() ?? {};
      const roundTrips = await roundTripsOf(contract, payload, callerOf(contract));
      counted.set(id, roundTrips);
      expect(roundTrips, id).toBeLessThanOrEqual(allowed);
      if (onVendorOfGroup(contract)) {
        // The vendor chosen in the top bar is checked in the session's statement: no round trip more.
        const onVendor = await roundTripsOf(contract, payload, { as: "group_admin", vendorId: records.vendor });
        expect(onVendor, `${id} as the group on its vendor`).toBe(roundTrips);
      }
    });
  }

  it("lists only exceptions that are read calls and still need more than the goal", () => {
    for (const [id, { most }] of Object.entries(EXCEPTIONS)) {
      expect(READ_CALLS.map(endpointId), id).toContain(id);
      expect(counted.get(id), id).toBeGreaterThan(GOAL);
      expect(most, id).toBeGreaterThan(GOAL);
    }
  });

  afterAll(() => {
    const distribution = new Map<number, string[]>();
    for (const [id, n] of counted) distribution.set(n, [...(distribution.get(n) ?? []), id]);
    const lines = [...distribution.entries()]
      .sort(([a], [b]) => a - b)
      .map(([n, ids]) => `${n} round trips: ${ids.length} calls (${ids.join(", ")})`);
    console.log(`Database round trips of ${counted.size} read calls:\n${lines.join("\n")}`);
  });
});
