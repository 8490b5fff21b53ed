import { createHash } from "node:crypto";
import {
  COUPON_LIMITS,
  type CouponMailJob,
  type CouponMailOutcome,
  type CouponMailRecipient,
  type couponMailRequest,
  formatMoney,
  isLanguageCode,
  type LanguageCode,
  localDate,
} from "@washboard/shared";
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { qualified } from "../../platform/db/qualified.js";
import { AppError } from "../../platform/http/app-error.js";
import type { Actor, TenantScope } from "../../platform/http/context.js";
import { message } from "../../platform/i18n/messages.js";
import { MailSendError } from "../../platform/mail/mailer.js";
import { PrivateHostError } from "../../platform/mail/public-host.js";
import type { AppDeps } from "../../platform/module.js";
import {
  DEFAULT_OUTBOX_OPTIONS,
  enqueue,
  type OutboxHandler,
  type OutboxMessage,
} from "../../platform/outbox/outbox.js";
import { groupMailConfigured, sendGroupMail } from "../email-config/public.js";
import { findVendor, scopedVendor, vendorTenant } from "../tenancy/public.js";
import { couponToGive, insertMemberCoupons } from "./coupon-gifts.js";
import { memberFilterWhere } from "./member-service.js";
import { couponMailJobs, couponMailRecipients, coupons, MEMBER_STATUS, memberCoupons, members } from "./tables.js";

/**
 * Coupons given by e-mail (spec §7 batch_send_email_discount). Making a batch is one transaction: the
 * job, one row per distinct address (checked there and then: not an address, no member of this vendor),
 * a coupon for each member's address — given once, however often its mail is tried — and one outbox
 * message per COUPON_LIMITS.mailBatchSize member addresses. The outbox delivers each message through
 * the group's SMTP at least once; a message delivered again (a restart mid-batch, a lease run out)
 * sends only the addresses still pending, and every mail carries a Message-ID made from its address's
 * row, so one sent twice in the instant between the server's acceptance and our record of it is
 * recognisably the same mail.
 */

export const COUPON_MAIL = "coupon.mail";

export interface CouponMailPayload {
  jobId: number;
  batch: number;
}

const email = z.email();
/** How long one delivery works through its batch before leaving the rest to the next (within the outbox's lease). */
const DELIVERY_BUDGET_MS = 30_000;

type Recipient = {
  address: string;
  memberId: number | null;
  outcome: CouponMailOutcome;
  batch: number;
};

/** The addresses of a batch: those pasted and those of the filter's members, each once, in lower case. */
async function addressesOf(db: Db, scope: TenantScope, input: z.output<typeof couponMailRequest>) {
  const max = COUPON_LIMITS.mailAddressesMax;
  const addresses = new Set<string>();
  for (const typed of input.addresses) {
    const address = typed.trim().toLowerCase();
    if (address !== "") addresses.add(address);
  }
  if (input.member_filters) {
    const tenant = vendorTenant(scope);
    const rows = await db
      .selectDistinct({ address: sql<string>`lower(${members.email})` })
      .from(members)
      .where(
        and(
          memberFilterWhere(tenant, input.member_filters),
          eq(members.status, MEMBER_STATUS.active),
          ne(members.email, ""),
        ),
      )
      .orderBy(sql`lower(${members.email})`)
      .limit(max + 1);
    for (const row of rows) addresses.add(row.address);
  }
  if (addresses.size > max) {
    throw new AppError("VALIDATION_FAILED", {
      field: "addresses",
      messageKey: "validation.tooManyRecipients",
      params: { max },
    });
  }
  return [...addresses];
}

/** A batch's figures and, when asked, each address's result: one statement. */
function jobColumns(withRecipients: boolean) {
  const r = couponMailRecipients;
  const job = qualified(couponMailJobs.id);
  const count = (outcome: CouponMailOutcome) => sql`count(*) filter (where ${qualified(r.outcome)} = ${outcome})`;
  const outcomes = sql<Record<CouponMailOutcome, number>>`(select json_build_object(
      'pending', ${count("pending")}, 'sent', ${count("sent")}, 'invalid_address', ${count("invalid_address")},
      'not_member', ${count("not_member")}, 'refused', ${count("refused")}, 'failed', ${count("failed")})
    from ${r} where ${qualified(r.jobId)} = ${job})`;
  const recipients = withRecipients
    ? sql<RecipientRow[]>`(select coalesce(json_agg(json_build_object(
          'address', ${qualified(r.address)}, 'outcome', ${qualified(r.outcome)}, 'member_id', ${qualified(r.memberId)},
          'unique_did', ${qualified(memberCoupons.uniqueDid)}, 'detail', ${qualified(r.detail)},
          'sent_at', extract(epoch from ${qualified(r.sentAt)})::bigint) order by ${qualified(r.id)}), '[]'::json)
        from ${r} left join ${memberCoupons} on ${qualified(memberCoupons.id)} = ${qualified(r.memberCouponId)}
        where ${qualified(r.jobId)} = ${job})`
    : sql<RecipientRow[]>`'[]'::json`;
  return {
    id: couponMailJobs.id,
    couponId: couponMailJobs.couponId,
    couponName: coupons.name,
    couponCode: coupons.code,
    createdAt: couponMailJobs.createdAt,
    outcomes,
    recipients,
  };
}

type RecipientRow = Omit<CouponMailRecipient, "sent_at"> & { sent_at: number | string | null };

type JobRow = {
  id: number;
  couponId: number;
  couponName: string;
  couponCode: string;
  createdAt: Date;
  outcomes: Record<CouponMailOutcome, number> | null;
};

function jobView(row: JobRow): CouponMailJob {
  const o = {
    pending: 0,
    sent: 0,
    invalid_address: 0,
    not_member: 0,
    refused: 0,
    failed: 0,
    ...Object.fromEntries(Object.entries(row.outcomes ?? {}).map(([k, v]) => [k, Number(v)])),
  } as Record<CouponMailOutcome, number>;
  const total = Object.values(o).reduce((n, v) => n + v, 0);
  return {
    id: row.id,
    coupon_id: row.couponId,
    coupon_name: row.couponName,
    coupon_code: row.couponCode,
    created_at: toSeconds(row.createdAt),
    total,
    sent: o.sent,
    pending: o.pending,
    failed: total - o.sent - o.pending,
    outcomes: o,
  };
}

function jobsWhere(db: Db, where: SQL | undefined, withRecipients: boolean) {
  return db
    .select(jobColumns(withRecipients))
    .from(couponMailJobs)
    .innerJoin(coupons, eq(coupons.id, couponMailJobs.couponId))
    .where(where);
}

/** Spec §7 batch_send_email_discount: the batch is made and queued; its mails go as the outbox delivers them. */
export async function sendCouponMails(
  db: Db,
  scope: TenantScope,
  actor: Pick<Actor, "accountId">,
  input: z.output<typeof couponMailRequest>,
): Promise<CouponMailJob> {
  const vendor = await scopedVendor(db, scope);
  const tenant = vendorTenant(scope);
  if (vendor.groupId === null || !(await groupMailConfigured(db, vendor.groupId))) {
    throw new AppError("MAIL_NOT_CONFIGURED", { messageKey: "coupons.mail.notConfigured" });
  }
  const addresses = await addressesOf(db, scope, input);
  const valid = addresses.filter((address) => email.safeParse(address).success);
  // The vendor's active member of each address: the first registered, when several share one.
  const owners =
    valid.length === 0
      ? []
      : await db
          .selectDistinctOn([sql`lower(${members.email})`], {
            address: sql<string>`lower(${members.email})`,
            id: members.id,
          })
          .from(members)
          .where(
            and(
              tenant.owns(members),
              eq(members.status, MEMBER_STATUS.active),
              inArray(sql`lower(${members.email})`, valid),
            ),
          )
          .orderBy(sql`lower(${members.email})`, asc(members.id));
  const memberOf = new Map(owners.map((o) => [o.address, o.id]));
  let mailed = 0;
  const recipients: Recipient[] = addresses.map((address) => {
    const memberId = memberOf.get(address) ?? null;
    if (!valid.includes(address)) return { address, memberId: null, outcome: "invalid_address", batch: 0 };
    if (memberId === null) return { address, memberId: null, outcome: "not_member", batch: 0 };
    return { address, memberId, outcome: "pending", batch: 1 + Math.floor(mailed++ / COUPON_LIMITS.mailBatchSize) };
  });

  const jobId = await db.transaction(async (tx) => {
    const coupon = await couponToGive(tx, tenant, input.coupon_id);
    const [job] = await tx
      .insert(couponMailJobs)
      .values({ vendorId: vendor.id, couponId: coupon.id, language: vendor.language, createdBy: actor.accountId })
      .returning({ id: couponMailJobs.id });
    if (!job) throw new AppError("INTERNAL_ERROR");
    const mailedMembers = recipients.flatMap((r) => (r.memberId === null ? [] : [r.memberId]));
    const given = await insertMemberCoupons(tx, vendor, coupon, mailedMembers, actor.accountId);
    for (let start = 0; start < recipients.length; start += 1_000) {
      await tx.insert(couponMailRecipients).values(
        recipients.slice(start, start + 1_000).map((r) => ({
          jobId: job.id,
          batch: r.batch,
          address: r.address,
          memberId: r.memberId,
          memberCouponId: r.memberId === null ? null : (given.get(r.memberId)?.id ?? null),
          outcome: r.outcome,
        })),
      );
    }
    const batches = new Set(recipients.filter((r) => r.batch > 0).map((r) => r.batch));
    for (const batch of batches) {
      const payload: CouponMailPayload = { jobId: job.id, batch };
      await enqueue(tx, { kind: COUPON_MAIL, key: `coupon-mail:${job.id}:${batch}`, vendorId: vendor.id, payload });
    }
    return job.id;
  });
  return couponMailJob(db, scope, jobId).then(({ recipients: _all, ...job }) => job);
}

/** A batch's progress and each address's result; another vendor's batch is not found. */
export async function couponMailJob(db: Db, scope: TenantScope, jobId: number) {
  const [row] = await jobsWhere(db, and(eq(couponMailJobs.id, jobId), vendorTenant(scope).owns(couponMailJobs)), true);
  if (!row) throw new AppError("NOT_FOUND", { field: "job_id" });
  return {
    ...jobView(row),
    recipients: (row.recipients ?? []).map((r) => ({
      ...r,
      sent_at: r.sent_at === null ? null : Number(r.sent_at),
    })),
  };
}

/** A coupon's last 20 batches, newest first. */
export async function couponMailJobsOf(db: Db, scope: TenantScope, couponId: number) {
  const rows = await jobsWhere(
    db,
    and(eq(couponMailJobs.couponId, couponId), vendorTenant(scope).owns(couponMailJobs)),
    false,
  )
    .orderBy(desc(couponMailJobs.id))
    .limit(20);
  return { items: rows.map(jobView) };
}

// ── delivery ──────────────────────────────────────────────────────────────────────────────────────

interface MailText {
  subject: string;
  text: string;
}

/** One member's mail in the batch's language: the coupon, what it is worth, its number, its last day. */
export function couponMailText(
  language: LanguageCode,
  mail: {
    vendor: string;
    currency: string;
    timeZone: string;
    member: string;
    coupon: { name: string; kind: string; discountRate: number | null; amount: number | null };
    uniqueDid: string;
    expiresAt: Date;
  },
): MailText {
  const t = (key: string, params?: Record<string, string | number>) => message(language, key, params);
  const c = mail.coupon;
  const worth =
    c.kind === "discount"
      ? t("coupons.letter.worth.discount", { rate: c.discountRate ?? 0 })
      : c.kind === "voucher"
        ? t("coupons.letter.worth.voucher", { amount: formatMoney(c.amount ?? 0, mail.currency) })
        : t("coupons.letter.worth.free");
  // The last valid day: the day before the instant it ends, in the vendor's zone.
  const lastDay = localDate(Math.floor(mail.expiresAt.getTime() / 1000) - 1, mail.timeZone);
  return {
    subject: t("coupons.letter.subject", { vendor: mail.vendor, coupon: c.name }),
    text: [
      mail.member ? t("coupons.letter.greeting", { name: mail.member }) : t("coupons.letter.greetingPlain"),
      "",
      t("coupons.letter.given", { vendor: mail.vendor, coupon: c.name, worth }),
      "",
      t("coupons.letter.number", { number: mail.uniqueDid }),
      t("coupons.letter.validUntil", { date: lastDay }),
      "",
      t("coupons.letter.howTo"),
      "",
      mail.vendor,
    ].join("\n"),
  };
}

/** A refusal for good: the server answered 5xx (the address, the message, or the sign-in refused). */
function permanentRefusal(error: MailSendError): boolean {
  return !error.unreachable && /^[A-Z]+:\s*5\d\d/.test(error.reason);
}

async function settle(db: Db, recipientId: number, outcome: CouponMailOutcome, detail = "") {
  await db
    .update(couponMailRecipients)
    .set({ outcome, detail: detail.slice(0, 400), ...(outcome === "sent" ? { sentAt: new Date() } : {}) })
    .where(and(eq(couponMailRecipients.id, recipientId), eq(couponMailRecipients.outcome, "pending")));
}

/**
 * Delivers one outbox message: the batch's pending addresses, one mail each through the vendor's
 * group's SMTP, each recorded as it goes (sent, or refused with the server's words). A server that
 * cannot be reached, or answers "try later" (4xx), leaves the rest pending and the message is tried
 * again after the outbox's backoff; on its last try what is still pending is recorded as failed.
 */
export function couponMailDelivery(deps: AppDeps): OutboxHandler {
  return async (outbox: OutboxMessage) => {
    const { db } = deps;
    const { jobId, batch } = outbox.payload as CouponMailPayload;
    const rows = await db
      .select({
        id: couponMailRecipients.id,
        address: couponMailRecipients.address,
        vendorId: couponMailJobs.vendorId,
        language: couponMailJobs.language,
        member: members.name,
        coupon: coupons,
        uniqueDid: memberCoupons.uniqueDid,
        expiresAt: memberCoupons.expiresAt,
      })
      .from(couponMailRecipients)
      .innerJoin(couponMailJobs, eq(couponMailJobs.id, couponMailRecipients.jobId))
      .innerJoin(coupons, eq(coupons.id, couponMailJobs.couponId))
      .innerJoin(memberCoupons, eq(memberCoupons.id, couponMailRecipients.memberCouponId))
      .innerJoin(members, eq(members.id, couponMailRecipients.memberId))
      .where(
        and(
          eq(couponMailRecipients.jobId, jobId),
          eq(couponMailRecipients.batch, batch),
          eq(couponMailRecipients.outcome, "pending"),
        ),
      )
      .orderBy(asc(couponMailRecipients.id));
    const first = rows[0];
    if (!first) return { sent: 0 };
    const vendor = await findVendor(db, first.vendorId);
    const lastTry = outbox.attempt >= DEFAULT_OUTBOX_OPTIONS.maxAttempts;
    const failAll = async (reason: string) => {
      for (const row of rows) await settle(db, row.id, "failed", reason);
      return { failed: rows.length, reason };
    };
    if (!vendor?.groupId) return failAll("the merchant has no organization, so no mail configuration");
    const language: LanguageCode = isLanguageCode(first.language) ? first.language : "en";
    const started = Date.now();
    let sent = 0;
    let again: string | null = null;
    for (const [index, row] of rows.entries()) {
      if (Date.now() - started > DELIVERY_BUDGET_MS) {
        again = `${rows.length - index} mails left for the next delivery`;
        break;
      }
      const mail = couponMailText(language, {
        vendor: vendor.name,
        currency: vendor.currency,
        timeZone: vendor.timeZone,
        member: row.member,
        coupon: row.coupon,
        uniqueDid: row.uniqueDid,
        expiresAt: row.expiresAt,
      });
      const messageId = `<${createHash("sha256").update(`${outbox.key}:${row.id}`).digest("hex").slice(0, 32)}@washboard.coupon>`;
      try {
        await sendGroupMail(
          db,
          deps.secrets,
          vendor.groupId,
          { to: row.address, subject: mail.subject, text: mail.text, messageId },
          { allowPrivateHosts: deps.config.smtpAllowPrivate },
        );
        await settle(db, row.id, "sent");
        sent++;
      } catch (error) {
        if (error instanceof MailSendError && permanentRefusal(error)) {
          await settle(db, row.id, "refused", error.reason);
          continue;
        }
        if (error instanceof PrivateHostError) {
          return failAll(`mail server on a private network: ${error.message}`);
        }
        if (error instanceof AppError) return failAll(error.message);
        again = error instanceof MailSendError ? error.reason : error instanceof Error ? error.message : String(error);
        break;
      }
    }
    if (again !== null) {
      if (lastTry) {
        const left = await db
          .select({ id: couponMailRecipients.id })
          .from(couponMailRecipients)
          .where(
            and(
              eq(couponMailRecipients.jobId, jobId),
              eq(couponMailRecipients.batch, batch),
              eq(couponMailRecipients.outcome, "pending"),
            ),
          );
        for (const row of left) await settle(db, row.id, "failed", again);
        return { sent, failed: left.length, reason: again };
      }
      throw new Error(again);
    }
    return { sent };
  };
}
