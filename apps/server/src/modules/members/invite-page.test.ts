import { API } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, type OtherTenant, otherTenant } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { inviteLinks, members } from "./tables.js";

/**
 * The public side of an invitation link (`/m/invite/<code>`): what its page shows to anyone holding
 * the code, and a customer registering, signing in and claiming its coupon through it — the link
 * naming the vendor (`place: { invite }`) where a pay QR code names a shop.
 */
const as = { as: "vendor_admin" } as const;
let server: TestServer;
let other: OtherTenant;
let couponId = 0;
let phoneSeq = 0;
/** A phone number new to the run, and an address of its own (registrations are limited per address). */
const newPhone = () => `6017${String(++phoneSeq).padStart(7, "0")}`;
const ip = () => `10.91.0.${phoneSeq}`;

async function newLink(quantity = 10, by: { as?: string; token?: string } = as, coupon = couponId) {
  const { http, body } = await server.send(
    API.members.inviteLinkCreate,
    { coupon_id: coupon, quantity, valid_days: 30 },
    by,
  );
  expect(http, JSON.stringify(body)).toBe(200);
  return body.result;
}

const pageOf = (code: string) => server.send(API.members.appInvite, { code });

/** Registers (the same answer whether the phone was new) then signs in through the invitation, as the page does. */
async function joinThrough(code: string, phone: string, pin = "2580") {
  const place = { invite: code };
  const registered = await server.send(API.members.appRegister, { place, phone, pin, name: "Invited" }, { ip: ip() });
  expect(registered.body.result, JSON.stringify(registered.body)).toEqual({ accepted: true });
  const signedIn = await server.send(API.members.appSignIn, { place, phone, pin }, { ip: ip() });
  expect(signedIn.http, JSON.stringify(signedIn.body)).toBe(200);
  return {
    id: signedIn.body.result.member_id,
    headers: { authorization: `Bearer ${signedIn.body.result.member_token}` },
  };
}

beforeAll(async () => {
  server = await startTestServer();
  await demoVendors(server.database);
  other = await otherTenant(server.database);
  const created = await server.send(
    API.members.couponCreate,
    { code: "WELCOME5", name: "Welcome voucher", kind: "voucher", amount: 500, valid_days: 14 },
    as,
  );
  couponId = created.body.result.id;
});
afterAll(() => server.close());

describe("an invitation link's public page", () => {
  it("shows the vendor, the coupon and its worth in the vendor's currency, the link's end, valid; without a session", async () => {
    const link = await newLink();
    const { http, body } = await pageOf(link.code.toLowerCase());
    expect(http).toBe(200);
    expect(body.result).toEqual({
      code: link.code,
      vendor_name: "Demo Laundry Kuala Lumpur",
      time_zone: "Asia/Kuala_Lumpur",
      coupon: {
        name: "Welcome voucher",
        kind: "voucher",
        discount_rate: null,
        amount: 500,
        currency: "MYR",
        valid_days: 14,
      },
      expires_at: link.expires_at,
      status: "valid",
    });
  });

  it("says claimed out once every coupon is received, invalid past its end or while its coupon is off", async () => {
    const single = await newLink(1);
    const first = await joinThrough(single.code, newPhone());
    expect(
      (await server.send(API.members.appClaimInvite, { code: single.code }, { headers: first.headers })).http,
    ).toBe(200);
    expect((await pageOf(single.code)).body.result.status).toBe("claimed_out");

    const ended = await newLink();
    await server.database.db
      .update(inviteLinks)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(inviteLinks.id, ended.id));
    expect((await pageOf(ended.code)).body.result.status).toBe("invalid");

    const open = await newLink();
    await server.send(API.members.couponSetStatus, { id: couponId, enabled: false }, as);
    try {
      expect((await pageOf(open.code)).body.result.status).toBe("invalid");
    } finally {
      await server.send(API.members.couponSetStatus, { id: couponId, enabled: true }, as);
    }
    expect((await pageOf(open.code)).body.result.status).toBe("valid");
  });

  it("answers NOT_FOUND for a code no link has, and another vendor's link as that vendor's", async () => {
    expect((await pageOf("NOSUCH99")).body).toMatchObject({ code: "NOT_FOUND", field: "code" });
    const theirs = { token: await server.login(other.vendorAdmin.username) };
    const coupon = await server.send(
      API.members.couponCreate,
      { code: "HALO", name: "Kupon halo", kind: "discount", discount_rate: 20, valid_days: 7 },
      theirs,
    );
    const link = await newLink(5, theirs, coupon.body.result.id);
    expect((await pageOf(link.code)).body.result).toMatchObject({
      vendor_name: "Other Laundry",
      time_zone: "Asia/Jakarta",
      coupon: { name: "Kupon halo", kind: "discount", discount_rate: 20, amount: null, currency: "IDR" },
      status: "valid",
    });
  });
});

describe("registering and signing in through an invitation", () => {
  it("registers a member of the link's vendor with no home shop, signs in and claims the coupon once", async () => {
    const link = await newLink();
    const phone = newPhone();
    const member = await joinThrough(link.code.toLowerCase(), phone);
    const [row] = await server.database.db.select().from(members).where(eq(members.id, member.id));
    expect(row).toMatchObject({ phone, name: "Invited", shopId: null });
    const { kl } = await demoVendors(server.database);
    expect(row?.vendorId).toBe(kl.id);

    const claimed = await server.send(API.members.appClaimInvite, { code: link.code }, { headers: member.headers });
    expect(claimed.body.result).toMatchObject({
      member_id: member.id,
      status: "valid",
      coupon: { name: "Welcome voucher", amount: 500, currency: "MYR" },
    });
    const again = await joinThrough(link.code, phone);
    expect(again.id).toBe(member.id);
    const twice = await server.send(API.members.appClaimInvite, { code: link.code }, { headers: again.headers });
    expect(twice.body.code).toBe("INVITE_ALREADY_CLAIMED");
  });

  it("signs in a member of the vendor registered elsewhere; refuses an unknown code, and a member of another vendor", async () => {
    const theirs = { token: await server.login(other.vendorAdmin.username) };
    const coupon = await server.send(
      API.members.couponCreate,
      { code: "JOIN", name: "Kupon gabung", kind: "free", valid_days: 7 },
      theirs,
    );
    const theirLink = await newLink(5, theirs, coupon.body.result.id);
    const ours = await newLink();
    const phone = newPhone();
    await joinThrough(ours.code, phone);

    // The phone is a member of the Kuala Lumpur vendor, not of the other one: its invitation does not know the PIN.
    const elsewhere = await server.send(
      API.members.appSignIn,
      { place: { invite: theirLink.code }, phone, pin: "2580" },
      { ip: ip() },
    );
    expect(elsewhere.body.code).toBe("LOGIN_FAILED");
    const unknown = await server.sendRaw(API.members.appSignIn, { place: { invite: "NOSUCH99" }, phone, pin: "2580" });
    expect(unknown.body).toMatchObject({ code: "NOT_FOUND", field: "invite" });
  });

  it("is no place to pay at: the pay page and a payment through an invitation are not found, and a place names one thing", async () => {
    const link = await newLink();
    expect((await server.send(API.pay.page, { invite: link.code })).body.code).toBe("NOT_FOUND");
    const payment = await server.send(API.pay.create, {
      place: { invite: link.code },
      device_id: 1,
      provider: "sandbox",
    });
    expect(payment.body).toMatchObject({ code: "NOT_FOUND", field: "code" });
    const both = await server.sendRaw(API.members.appSignIn, {
      place: { invite: link.code, code: "qr123" },
      phone: newPhone(),
      pin: "2580",
    });
    expect(both.body).toMatchObject({ code: "VALIDATION_FAILED", field: "place.code" });
  });
});
