import {
  FORM_REPORTS,
  type FormReportKey,
  hasPermission,
  type LanguageCode,
  localDate,
  REPORT_SUBSCRIPTIONS_MAX,
  type ReportFrequency,
  type ReportSubscription,
  type ReportSubscriptionRequest,
} from "@washboard/shared";
import { and, asc, count, eq, inArray, lte, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { AppError, noPermission, notFound } from "../../platform/http/app-error.js";
import type { Actor } from "../../platform/http/context.js";
import { enqueue, outboxStatus } from "../../platform/outbox/outbox.js";
import { accountNameOf } from "../accounts/public.js";
import { groupMailConfigured } from "../email-config/public.js";
import { findVendor, lockVendor, tenantOfVendor, type VendorRow } from "../tenancy/public.js";
import { lastWholePeriod, nextRunAt, type Period, periodText } from "./schedule.js";
import { reportSubscriptions } from "./tables.js";

export const REPORT_MAIL = "report.mail";

/** What the outbox carries for one mail: the subscription and the period, in the vendor's days. */
export interface ReportMailPayload {
  subscriptionId: number;
  period: Period;
}

type Row = typeof reportSubscriptions.$inferSelect;

/** Whether the account may read the report: its v_form key, for a sub-administrator. */
export function mayRead(actor: Actor, report: FormReportKey): boolean {
  return actor.level !== 4 || hasPermission(actor.permissions, FORM_REPORTS[report].permission);
}

const readableReports = (actor: Actor) =>
  (Object.keys(FORM_REPORTS) as FormReportKey[]).filter((r) => mayRead(actor, r));

const columns = {
  row: reportSubscriptions,
  createdBy: accountNameOf(reportSubscriptions.accountId),
};

async function toWire(db: Db, row: Row, createdBy: string | null): Promise<ReportSubscription> {
  const delivery = row.lastMailKey ? await outboxStatus(db, row.lastMailKey) : undefined;
  return {
    id: row.id,
    report: row.report as FormReportKey,
    email: row.email,
    frequency: row.frequency as ReportFrequency,
    language: row.language as LanguageCode,
    next_run_at: toSeconds(row.nextRunAt),
    last_period: row.lastPeriod,
    created_by: createdBy ?? "",
    created_at: toSeconds(row.createdAt),
    last_delivery: delivery
      ? {
          // A mail being handed over is still on its way, for the operator.
          state: delivery.state === "delivering" ? "pending" : delivery.state,
          error: delivery.lastError,
          at: toSeconds(delivery.deliveredAt),
        }
      : null,
  };
}

export async function listSubscriptions(db: Db, actor: Actor, vendorId: number, report?: FormReportKey) {
  const reports = report ? [report].filter((r) => mayRead(actor, r)) : readableReports(actor);
  if (reports.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(reportSubscriptions)
    .where(and(tenantOfVendor(vendorId).owns(reportSubscriptions), inArray(reportSubscriptions.report, reports)))
    .orderBy(asc(reportSubscriptions.report), asc(reportSubscriptions.email), asc(reportSubscriptions.id));
  return Promise.all(rows.map((r) => toWire(db, r.row, r.createdBy)));
}

/**
 * Subscribes an address. The vendor's row is locked while the subscriptions are counted, so two
 * subscriptions at the cap cannot both be written; the same address twice is "record exists".
 */
export async function subscribe(db: Db, actor: Actor, vendor: VendorRow, input: ReportSubscriptionRequest) {
  if (!mayRead(actor, input.report)) throw noPermission();
  if (vendor.groupId === null || !(await groupMailConfigured(db, vendor.groupId))) {
    throw new AppError("MAIL_NOT_CONFIGURED", { messageKey: "reports.schedule.noMail" });
  }
  const row = await recordExistsOnDuplicate(
    () =>
      db.transaction(async (tx) => {
        await lockVendor(tx, vendor.id);
        const [held] = await tx
          .select({ n: count() })
          .from(reportSubscriptions)
          .where(tenantOfVendor(vendor.id).owns(reportSubscriptions));
        if ((held?.n ?? 0) >= REPORT_SUBSCRIPTIONS_MAX) {
          throw new AppError("REPORT_SUBSCRIPTION_LIMIT", { params: { max: REPORT_SUBSCRIPTIONS_MAX } });
        }
        const [created] = await tx
          .insert(reportSubscriptions)
          .values({
            vendorId: vendor.id,
            accountId: actor.accountId,
            report: input.report,
            email: input.email,
            frequency: input.frequency,
            language: input.language,
            nextRunAt: nextRunAt(input.frequency, Math.floor(Date.now() / 1000), vendor.timeZone),
          })
          .returning();
        if (!created) throw new Error("insert returned nothing");
        return created;
      }),
    "email",
  );
  return toWire(db, row, actor.username);
}

async function ownSubscription(db: Db | Tx, actor: Actor, vendorId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(reportSubscriptions)
    .where(and(eq(reportSubscriptions.id, id), tenantOfVendor(vendorId).owns(reportSubscriptions)));
  if (!row) throw notFound();
  if (!mayRead(actor, row.report as FormReportKey)) throw noPermission();
  return row;
}

export async function unsubscribe(db: Db, actor: Actor, vendorId: number, id: number): Promise<Row> {
  const row = await ownSubscription(db, actor, vendorId, id);
  await db.delete(reportSubscriptions).where(eq(reportSubscriptions.id, row.id));
  return row;
}

/** The outbox key of one mail: a period is mailed once per subscription (per minute, when sent by hand). */
const mailKey = (id: number, period: Period, byHandAt?: number) =>
  `report-mail:${id}:${periodText(period)}${byHandAt === undefined ? "" : `:now:${Math.floor(byHandAt / 60)}`}`;

/** Mails the last whole period now; a double click within the minute is one mail. */
export async function sendNow(db: Db, actor: Actor, vendor: VendorRow, id: number): Promise<Period> {
  const row = await ownSubscription(db, actor, vendor.id, id);
  const now = Math.floor(Date.now() / 1000);
  const period = lastWholePeriod(row.frequency as ReportFrequency, localDate(now, vendor.timeZone));
  const key = mailKey(row.id, period, now);
  await db.transaction(async (tx) => {
    await enqueue(tx, { kind: REPORT_MAIL, key, vendorId: vendor.id, payload: { subscriptionId: row.id, period } });
    await tx.update(reportSubscriptions).set({ lastMailKey: key }).where(eq(reportSubscriptions.id, row.id));
  });
  return period;
}

const DUE_BATCH = 50;

/**
 * Queues the mails that are due at `now` and moves each subscription to its next sending time, in
 * one transaction per batch. Due rows are taken with FOR UPDATE SKIP LOCKED, so two servers never
 * take the same one, and the outbox key (subscription and period) makes a period one mail even if
 * a row were taken twice. A server down for weeks mails only the latest period. Answers how many.
 */
export async function queueDueMails(db: Db, now: Date = new Date()): Promise<number> {
  const seconds = Math.floor(now.getTime() / 1000);
  const dueNow = lte(reportSubscriptions.nextRunAt, now) as SQL;
  // The vendors' zones are read first: the transaction below touches nothing but subscriptions.
  const zones = new Map<number, string>();
  const vendorIds = await db
    .selectDistinct({ id: reportSubscriptions.vendorId })
    .from(reportSubscriptions)
    .where(dueNow);
  for (const { id } of vendorIds) zones.set(id, (await findVendor(db, id))?.timeZone ?? "UTC");
  let queued = 0;
  for (;;) {
    const taken = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(reportSubscriptions)
        .where(and(dueNow, inArray(reportSubscriptions.vendorId, [...zones.keys(), 0])))
        .orderBy(asc(reportSubscriptions.nextRunAt), asc(reportSubscriptions.id))
        .limit(DUE_BATCH)
        .for("update", { skipLocked: true });
      for (const row of due) {
        const timeZone = zones.get(row.vendorId) ?? "UTC";
        const frequency = row.frequency as ReportFrequency;
        const period = lastWholePeriod(frequency, localDate(seconds, timeZone));
        const key = mailKey(row.id, period);
        await enqueue(tx, {
          kind: REPORT_MAIL,
          key,
          vendorId: row.vendorId,
          payload: { subscriptionId: row.id, period },
        });
        await tx
          .update(reportSubscriptions)
          .set({ nextRunAt: nextRunAt(frequency, seconds, timeZone), lastPeriod: periodText(period), lastMailKey: key })
          .where(eq(reportSubscriptions.id, row.id));
      }
      return due.length;
    });
    queued += taken;
    if (taken < DUE_BATCH) return queued;
  }
}

export async function findSubscription(db: Db, id: number): Promise<Row | undefined> {
  const [row] = await db.select().from(reportSubscriptions).where(eq(reportSubscriptions.id, id));
  return row;
}
