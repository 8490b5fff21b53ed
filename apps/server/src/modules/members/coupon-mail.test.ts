import type { AddressInfo } from "node:net";
import { API, type CouponMailJob } from "@washboard/shared";
import { eq, like, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "../../platform/outbox/tables.js";
import { demoVendors, type OtherTenant, otherTenant } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { vendors } from "../tenancy/tables.js";
import { couponMailRecipients, memberCoupons } from "./tables.js";

/**
 * Coupons by e-mail (spec §7 batch_send_email_discount) against a real SMTP server on 127.0.0.1
 * that refuses one mailbox, as a mail server refuses an unknown user: each address is reported —
 * sent, not an address, not a member, refused with the server's words — each member's address gets
 * one coupon and one mail in the vendor's language carrying the coupon's number, and a batch
 * delivered again (a restart mid-batch) sends nothing twice.
 */
const as = { as: "vendor_admin" } as const;
const REFUSED = "nobody@refuse.test";

interface Received {
  to: string[];
  raw: string;
}

let server: TestServer;
let smtp: SMTPServer;
let smtpPort = 0;
const received: Received[] = [];
let vendorId = 0;
let couponId = 0;
let other: OtherTenant;
let phoneSeq = 0;

/** A real SMTP server: accepts any mail, except to REFUSED, which it refuses at RCPT TO with 550. */
async function startSmtp(): Promise<void> {
  smtp = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === REFUSED) {
        const refusal = new Error("5.1.1 <nobody@refuse.test>: Recipient address rejected: User unknown") as Error & {
          responseCode: number;
        };
        refusal.responseCode = 550;
        return callback(refusal);
      }
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  smtpPort = (smtp.server.address() as AddressInfo).port;
}

/** The decoded text of a mail (nodemailer writes UTF-8 text quoted-printable or base64). */
function textOf(raw: string): string {
  const [headers = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

async function newMember(email: string, name = "Mail member"): Promise<number> {
  const phone = `6014${String(Date.now()).slice(-4)}${String(++phoneSeq).padStart(3, "0")}`;
  const { http, body } = await server.send(API.members.create, { phone, name, email }, as);
  expect(http, JSON.stringify(body)).toBe(200);
  return body.result.id;
}

async function settled(jobId: number) {
  let job: Awaited<ReturnType<typeof progress>> | undefined;
  await expect
    .poll(
      async () => {
        job = await progress(jobId);
        return job.pending;
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe(0);
  if (!job) throw new Error("no progress");
  return job;
}

async function progress(jobId: number) {
  const { http, body } = await server.send(API.members.couponMailJob, { job_id: jobId }, as);
  expect(http, JSON.stringify(body)).toBe(200);
  return body.result;
}

beforeAll(async () => {
  await startSmtp();
  // The SMTP server listens on loopback, which production refuses.
  server = await startTestServer({ smtpAllowPrivate: true });
  const demo = await demoVendors(server.database);
  vendorId = demo.kl.id;
  other = await otherTenant(server.database);
  const created = await server.send(
    API.members.couponCreate,
    { code: "MAIL5", name: "Mail voucher", kind: "voucher", amount: 500, valid_days: 14 },
    as,
  );
  couponId = created.body.result.id;
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe("coupons by e-mail", () => {
  it("refuses a batch while the group has no mail configuration, and one with no recipients", async () => {
    const refused = await server.send(API.members.couponMail, { coupon_id: couponId, addresses: ["a@b.test"] }, as);
    expect(refused.body.code).toBe("MAIL_NOT_CONFIGURED");
    const empty = await server.sendRaw(API.members.couponMail, { coupon_id: couponId, addresses: [" "] }, as);
    expect(empty.body).toMatchObject({ code: "VALIDATION_FAILED", message_key: "validation.noRecipients" });
  });

  it("sends each member's address its coupon in the vendor's language, and reports a bad, a stranger's and a refused address", async () => {
    const saved = await server.send(
      API.emailConfig.update,
      {
        send_method: "smtp",
        smtp_server: "127.0.0.1",
        auth_method: "none",
        port: smtpPort,
        username: "coupons@demo.test",
        password: "",
        sender_name: "Demo Laundry",
        title: "",
      },
      { as: "group_admin" },
    );
    expect(saved.http, JSON.stringify(saved.body)).toBe(200);
    // The vendor writes to its members in French.
    await server.database.db.update(vendors).set({ language: "fr" }).where(eq(vendors.id, vendorId));
    const members = await Promise.all(
      ["amira@mail.test", "ben@mail.test", "chong@mail.test", REFUSED].map((address, i) =>
        newMember(address, `Membre ${i}`),
      ),
    );
    const answer = await server.send(
      API.members.couponMail,
      {
        coupon_id: couponId,
        // Pasted as people paste: a different case, repeated, with blanks and one not an address.
        addresses: [
          "Amira@Mail.test",
          "amira@mail.test",
          "ben@mail.test",
          "  ",
          "not an address",
          REFUSED,
          "x@stranger.test",
        ],
        // The filter adds Chong (and Amira and Ben again, once each).
        member_filters: { search: "Membre" },
      },
      as,
    );
    expect(answer.http, JSON.stringify(answer.body)).toBe(200);
    const job: CouponMailJob = answer.body.result;
    expect(job).toMatchObject({ coupon_id: couponId, coupon_code: "MAIL5", total: 6 });
    expect(job.outcomes).toMatchObject({ invalid_address: 1, not_member: 1 });

    const done = await settled(job.id);
    expect(done).toMatchObject({ total: 6, sent: 3, failed: 3, pending: 0 });
    expect(done.outcomes).toEqual({ pending: 0, sent: 3, invalid_address: 1, not_member: 1, refused: 1, failed: 0 });
    const byAddress = new Map(done.recipients.map((r) => [r.address, r]));
    expect(byAddress.get("not an address")).toMatchObject({ outcome: "invalid_address", unique_did: null });
    expect(byAddress.get("x@stranger.test")).toMatchObject({ outcome: "not_member", member_id: null });
    const refusal = byAddress.get(REFUSED);
    expect(refusal?.outcome).toBe("refused");
    expect(refusal?.detail).toMatch(/550.*User unknown/);

    for (const [index, address] of ["amira@mail.test", "ben@mail.test", "chong@mail.test"].entries()) {
      const result = byAddress.get(address);
      expect(result, address).toMatchObject({ outcome: "sent", member_id: members[index] });
      expect(result?.sent_at).toBeGreaterThan(0);
      const mails = received.filter((m) => m.to.includes(address));
      expect(mails, address).toHaveLength(1);
      const text = textOf(mails[0]?.raw ?? "");
      expect(text).toContain(result?.unique_did ?? "missing");
      // French: the catalogue's words, and the voucher's worth in ringgit.
      expect(text).toContain("Bonjour Membre");
      expect(text).toMatch(/RM\s?5\.00/);
      // The member holds exactly one coupon of this batch: the one the mail names.
      const held = await server.send(API.members.memberCoupons, { member_id: members[index] ?? 0 }, as);
      expect(held.body.result.items.map((c) => c.unique_did)).toEqual([result?.unique_did]);
    }
    expect(received.filter((m) => m.to.includes("x@stranger.test"))).toEqual([]);

    // The coupon's batches, newest first.
    const batches = await server.send(API.members.couponMailJobs, { coupon_id: couponId }, as);
    expect(batches.body.result.items[0]).toMatchObject({ id: job.id, sent: 3, failed: 3, pending: 0 });
  });

  it("delivered again after a restart mid-batch, sends only what was still pending, and gives nothing twice", async () => {
    const { db } = server.database;
    const addresses = Array.from({ length: 5 }, (_v, i) => `again${i}@mail.test`);
    await Promise.all(addresses.map((address) => newMember(address)));
    const answer = await server.send(API.members.couponMail, { coupon_id: couponId, addresses }, as);
    const job = await settled(answer.body.result.id);
    expect(job.sent).toBe(5);
    // As if the server had died after sending two mails and before recording the outbox's delivery:
    // the message is due again, and two addresses had not been recorded as sent.
    const [first, second] = job.recipients;
    for (const r of [first, second]) {
      await db
        .update(couponMailRecipients)
        .set({ outcome: "pending", sentAt: null })
        .where(eq(couponMailRecipients.address, r?.address ?? ""));
    }
    const before = received.length;
    await db
      .update(outboxMessages)
      .set({ state: "pending", nextAttemptAt: new Date(), deliveredAt: null })
      .where(like(outboxMessages.key, `coupon-mail:${job.id}:%`));
    await db.execute(sql`select pg_notify('washboard_outbox', '')`);
    const again = await settled(job.id);
    expect(again.sent).toBe(5);
    expect(received.length - before).toBe(2);
    expect(
      received
        .slice(before)
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual([first?.address, second?.address].sort());
    // The same mail: the same Message-ID as the first time.
    const ids = (address: string | undefined) =>
      received
        .filter((m) => m.to.includes(address ?? ""))
        .map((m) => /^message-id:\s*(.+)$/im.exec(m.raw)?.[1]?.trim());
    const [once, twice] = ids(first?.address);
    expect(once).toBeDefined();
    expect(twice).toBe(once);
    // One coupon each, whatever the retries.
    const given = await db.select().from(memberCoupons).where(eq(memberCoupons.couponId, couponId));
    expect(given.filter((g) => job.recipients.some((r) => r.unique_did === g.uniqueDid))).toHaveLength(5);
  });

  it("refuses a coupon switched off, and keeps batches out of another vendor's reach", async () => {
    const off = await server.send(
      API.members.couponCreate,
      { code: "MAILOFF", name: "Off", kind: "free", valid_days: 1 },
      as,
    );
    await server.send(API.members.couponSetStatus, { id: off.body.result.id, enabled: false }, as);
    const refused = await server.send(
      API.members.couponMail,
      { coupon_id: off.body.result.id, addresses: ["amira@mail.test"] },
      as,
    );
    expect(refused.body.code).toBe("COUPON_DISABLED");
    const [job] = (await server.send(API.members.couponMailJobs, { coupon_id: couponId }, as)).body.result.items;
    const theirs = { token: await server.login(other.vendorAdmin.username) };
    const peek = await server.send(API.members.couponMailJob, { job_id: job?.id ?? 0 }, theirs);
    expect(peek.body.code).toBe("NOT_FOUND");
  });
});
