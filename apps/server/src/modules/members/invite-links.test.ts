import { API, type InviteLinkItem } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, type OtherTenant, otherTenant } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { hashToken, newToken } from "../accounts/public.js";
import { setPublicAddress } from "../system-config/public.js";
import { tempDataDir, uploadKey } from "../uploads/test-helpers.js";
import { inviteClaims, inviteLinks, memberCoupons, memberSessions, members } from "./tables.js";

/**
 * Invitation links (spec §3, §4 valid/invalid, §7 get/create/remove invite links): a link gives its
 * coupon to the members who claim it in the app, one each, up to its quantity and until the end of its
 * last day — decided by the database, so 50 members claiming a link of 10 at once get exactly 10
 * coupons (on PGlite here, and on PostgreSQL when the suite runs with DATABASE_URL).
 */
const as = { as: "vendor_admin" } as const;
let server: TestServer;
let vendorId = 0;
let couponId = 0;
let other: OtherTenant;
const data = tempDataDir("invites");
let phoneSeq = 0;

/** `count` members of `vendor` signed in to the app (sessions written as the app's sign-in writes them). */
async function signedInMembers(count: number, vendor = vendorId) {
  const { db } = server.database;
  const rows = await db
    .insert(members)
    .values(
      Array.from({ length: count }, (_v, i) => ({
        vendorId: vendor,
        phone: `6015${String(++phoneSeq).padStart(4, "0")}${String(i).padStart(3, "0")}`,
        name: `Invited ${phoneSeq}`,
      })),
    )
    .returning({ id: members.id });
  const tokens = rows.map(() => newToken());
  await db.insert(memberSessions).values(
    rows.map((row, i) => ({
      memberId: row.id,
      tokenHash: hashToken(tokens[i] ?? ""),
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  );
  return rows.map((row, i) => ({ memberId: row.id, headers: { authorization: `Bearer ${tokens[i]}` } }));
}

async function newLink(fields: Partial<{ quantity: number; valid_days: number; background_image: string[] }> = {}) {
  const { http, body } = await server.send(
    API.members.inviteLinkCreate,
    { coupon_id: couponId, quantity: 10, valid_days: 30, ...fields },
    as,
  );
  expect(http, JSON.stringify(body)).toBe(200);
  return body.result;
}

const claim = (code: string, member: { headers: Record<string, string> }) =>
  server.send(API.members.appClaimInvite, { code }, { headers: member.headers });

async function linkNow(id: number): Promise<InviteLinkItem | undefined> {
  const { body } = await server.send(API.members.inviteLinks, { page_size: 200 }, as);
  return body.result.items.find((l) => l.id === id);
}

beforeAll(async () => {
  server = await startTestServer({ dataDir: data.dir });
  vendorId = (await demoVendors(server.database)).kl.id;
  other = await otherTenant(server.database);
  const created = await server.send(
    API.members.couponCreate,
    { code: "INVITE", name: "Invitation voucher", kind: "voucher", amount: 300, valid_days: 30 },
    as,
  );
  couponId = created.body.result.id;
});
afterAll(async () => {
  await server.close();
  data.remove();
});

describe("invitation links", () => {
  it("creates a link on the install's public address, with its poster's background, valid to the end of its last day", async () => {
    await setPublicAddress(server.database.db, "https://laundry.example.com/");
    const background = await uploadKey(server, await server.login("vendor_admin"));
    const link = await newLink({ quantity: 25, valid_days: 3, background_image: [background] });
    expect(link.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(link).toMatchObject({
      link: `https://laundry.example.com/m/invite/${link.code}`,
      coupon_id: couponId,
      coupon_code: "INVITE",
      coupon_name: "Invitation voucher",
      quantity: 25,
      received: 0,
      valid_days: 3,
      background_image: background,
      status: "valid",
    });
    // The end of the third day after today in Kuala Lumpur: 3 to 4 days away.
    const left = link.expires_at - link.created_at;
    expect(left).toBeGreaterThan(3 * 86_400);
    expect(left).toBeLessThanOrEqual(4 * 86_400);
    expect((await linkNow(link.id))?.code).toBe(link.code);

    const unknownImage = await server.sendRaw(
      API.members.inviteLinkCreate,
      { coupon_id: couponId, quantity: 1, valid_days: 1, background_image: [`${"a".repeat(64)}.png`] },
      as,
    );
    expect(unknownImage.body).toMatchObject({ code: "VALIDATION_FAILED", field: "background_image" });
    for (const quantity of [0, 100_001]) {
      const refused = await server.sendRaw(
        API.members.inviteLinkCreate,
        { coupon_id: couponId, quantity, valid_days: 1 },
        as,
      );
      expect(refused.body).toMatchObject({ field: "quantity", message_key: "validation.inviteQuantity" });
    }
  });

  it("gives a member one coupon per link: a second claim, even at once, is refused", async () => {
    const link = await newLink();
    const [member] = await signedInMembers(1);
    if (!member) throw new Error("no member");
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => claim(link.code.toLowerCase(), member)));
    const given = answers.filter((a) => a.http === 200);
    expect(given).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === "INVITE_ALREADY_CLAIMED")).toHaveLength(4);
    expect(given[0]?.body.result).toMatchObject({
      member_id: member.memberId,
      status: "valid",
      coupon: { id: couponId, code: "INVITE" },
    });
    expect((await linkNow(link.id))?.received).toBe(1);
  });

  it("50 members claiming a link of 10 at once: exactly 10 coupons, the others told it is claimed out", async () => {
    const link = await newLink({ quantity: 10 });
    const crowd = await signedInMembers(50);
    const answers = await Promise.all(crowd.map((member) => claim(link.code, member)));
    const ok = answers.filter((a) => a.http === 200);
    expect(ok).toHaveLength(10);
    expect(answers.filter((a) => a.body.code === "INVITE_CLAIMED_OUT")).toHaveLength(40);
    const { db } = server.database;
    const [row] = await db.select().from(inviteLinks).where(eq(inviteLinks.id, link.id));
    expect(row?.received).toBe(10);
    const claims = await db.select().from(inviteClaims).where(eq(inviteClaims.linkId, link.id));
    expect(claims).toHaveLength(10);
    expect(claims.every((c) => c.memberCouponId !== null)).toBe(true);
    const coupons = await Promise.all(
      claims.map(
        async (c) =>
          (
            await db
              .select()
              .from(memberCoupons)
              .where(eq(memberCoupons.id, c.memberCouponId ?? 0))
          )[0],
      ),
    );
    expect(new Set(coupons.map((c) => c?.memberId)).size).toBe(10);
    expect((await linkNow(link.id))?.status).toBe("invalid");
  });

  it("refuses claims after the link's end or while its coupon is off (invalid), and another vendor's link is not found", async () => {
    const { db } = server.database;
    const [member] = await signedInMembers(1);
    if (!member) throw new Error("no member");
    const ended = await newLink();
    await db
      .update(inviteLinks)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(inviteLinks.id, ended.id));
    expect((await claim(ended.code, member)).body.code).toBe("INVITE_INVALID");
    expect((await linkNow(ended.id))?.status).toBe("invalid");

    const off = await newLink();
    await server.send(API.members.couponSetStatus, { id: couponId, enabled: false }, as);
    try {
      expect((await claim(off.code, member)).body.code).toBe("INVITE_INVALID");
      expect((await linkNow(off.id))?.status).toBe("invalid");
      const refused = await server.send(
        API.members.inviteLinkCreate,
        { coupon_id: couponId, quantity: 1, valid_days: 1 },
        as,
      );
      expect(refused.body.code).toBe("COUPON_DISABLED");
    } finally {
      await server.send(API.members.couponSetStatus, { id: couponId, enabled: true }, as);
    }
    // A refused claim is no claim: once valid again, the member may claim it.
    expect((await claim(off.code, member)).http).toBe(200);
    expect((await linkNow(ended.id))?.received).toBe(0);

    const [stranger] = await signedInMembers(1, other.vendor.id);
    if (!stranger) throw new Error("no member");
    expect((await claim(off.code, stranger)).body.code).toBe("NOT_FOUND");
    expect((await claim("NOSUCHCODE", member)).body.code).toBe("NOT_FOUND");
    // A console token opens no member call.
    const consoleToken = await server.sendRaw(API.members.appClaimInvite, { code: off.code }, as);
    expect(consoleToken.http).toBe(401);
  });

  it("lists by state and code, removes a link (the claimed coupons stay), and keeps links out of another vendor's reach", async () => {
    const link = await newLink();
    const [member] = await signedInMembers(1);
    if (!member) throw new Error("no member");
    const claimed = await claim(link.code, member);
    const valid = await server.send(API.members.inviteLinks, { status: "valid", page_size: 200 }, as);
    expect(valid.body.result.items.every((l) => l.status === "valid")).toBe(true);
    expect(valid.body.result.items.map((l) => l.id)).toContain(link.id);
    const byCode = await server.send(API.members.inviteLinks, { code: link.code.slice(0, 5).toLowerCase() }, as);
    expect(byCode.body.result.items.map((l) => l.id)).toEqual([link.id]);

    const theirs = { token: await server.login(other.vendorAdmin.username) };
    expect((await server.send(API.members.inviteLinks, {}, theirs)).body.result.items).toEqual([]);
    expect((await server.send(API.members.inviteLinkRemove, { id: link.id }, theirs)).body.code).toBe("NOT_FOUND");

    expect((await server.send(API.members.inviteLinkRemove, { id: link.id }, as)).body.result).toEqual({ id: link.id });
    expect(await linkNow(link.id)).toBeUndefined();
    expect((await claim(link.code, member)).body.code).toBe("NOT_FOUND");
    const still = await server.send(API.members.couponByUniqueDid, { unique_did: claimed.body.result.unique_did }, as);
    expect(still.body.result.status).toBe("valid");
  });
});
