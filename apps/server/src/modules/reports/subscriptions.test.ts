import {
  API,
  addDays,
  FORM_REPORTS,
  formatMoney,
  localDate,
  nowSeconds,
  paymentTypeOf,
  REPORT_SUBSCRIPTIONS_MAX,
  zonedDayStart,
} from "@washboard/shared";
import de from "@washboard/shared/i18n/locales/de.json" with { type: "json" };
import { eq, like } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueue, outboxStatus } from "../../platform/outbox/outbox.js";
import { outboxMessages } from "../../platform/outbox/tables.js";
import { demoVendors, otherTenant, vendorSubAccount } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { type CapturingSmtp, mimePart, type ReceivedMail, startCapturingSmtp } from "../../test/smtp.js";
import { newOrderNo } from "../orders/order-numbers.js";
import { orders, PAY_STATUS } from "../orders/tables.js";
import { tenantOfVendor } from "../tenancy/scope.js";
import { lastWholePeriod, nextRunAt } from "./schedule.js";
import { queueDueMails, REPORT_MAIL } from "./subscriptions.js";
import { reportSubscriptions } from "./tables.js";

/**
 * Scheduled reports: an address subscribed to a report gets the past period's table as an Excel
 * attachment through the group's SMTP settings, in the language chosen, once per period — also
 * with several schedulers at once — and only what the account may read. Its amounts and counts are
 * numbers, which add up in the spreadsheet.
 */
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const SMTP = { user: "reports@demo.test", pass: "s3cret-Report-Pass" };
const as = { as: "vendor_admin" } as const;
/** Where a form_account workbook holds the takings (gross): after the day, the shop and the orders. */
const grossColumn = FORM_REPORTS.form_account.columns.findIndex((c) => c.key === "gross") + 1;
let server: TestServer;
let smtp: CapturingSmtp;
let timeZone = "";
let vendorId = 0;

async function mailTo(address: string, count = 1): Promise<ReceivedMail[]> {
  const mails = () => smtp.received.filter((m) => m.to.includes(address));
  await expect.poll(() => mails().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  return mails();
}

async function sheetOf(mail: ReceivedMail): Promise<ExcelJS.Worksheet> {
  const attachment = mimePart(mail.raw, XLSX);
  if (!attachment) throw new Error("the mail has no Excel attachment");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(attachment as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("the workbook has no sheet");
  return sheet;
}

/** The attachment's cells: text as text, figures as numbers, an empty cell as "". */
async function workbookOf(mail: ReceivedMail): Promise<(string | number)[][]> {
  const rows: (string | number)[][] = [];
  (await sheetOf(mail)).eachRow((row) => {
    const cells: (string | number)[] = [];
    row.eachCell({ includeEmpty: true }, (cell) =>
      cells.push(typeof cell.value === "number" ? cell.value : cell.value === null ? "" : String(cell.value)),
    );
    rows.push(cells);
  });
  return rows;
}

/** A column's cells between the header and the totals row, and its totals cell. */
function figuresOf(sheet: ExcelJS.Worksheet, column: number) {
  const cells: ExcelJS.Cell[] = [];
  sheet.eachRow((row, r) => {
    if (r > 1 && r < sheet.rowCount) cells.push(row.getCell(column));
  });
  return { cells, total: sheet.getRow(sheet.rowCount).getCell(column) };
}

/** The subject line, decoded from its RFC 2047 encoded words. */
function subjectOf(mail: ReceivedMail): string {
  const line = /^Subject: ((?:.*)(?:\r?\n[ \t].*)*)/m.exec(mail.raw)?.[1] ?? "";
  return line
    .replace(/\r?\n[ \t]/g, " ")
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            "latin1",
          ).toString("utf8"),
    )
    .trim();
}

async function paidOrder(amount: number, paidAt: Date, vendor = { id: vendorId, currency: "MYR" }) {
  const orderNo = newOrderNo();
  await server.database.db.insert(orders).values({
    vendorId: vendor.id,
    source: "mem_account",
    payType: paymentTypeOf("mem_account"),
    orderNo,
    payUniqueNo: orderNo,
    amount,
    currency: vendor.currency,
    payStatus: PAY_STATUS.paid,
    paidAt,
  });
}

const subscribe = (email: string, fields: Partial<{ report: string; frequency: string; language: string }> = {}) =>
  server.sendRaw(
    API.reports.subscribe,
    { report: "form_card_buss", email, frequency: "weekly", language: "de", ...fields },
    as,
  );

/** Makes a subscription due now, as if its Monday 06:00 had come. */
const makeDue = (id: number) =>
  server.database.db
    .update(reportSubscriptions)
    .set({ nextRunAt: new Date(Date.now() - 1000) })
    .where(eq(reportSubscriptions.id, id));

beforeAll(async () => {
  smtp = await startCapturingSmtp(SMTP);
  server = await startTestServer({ smtpAllowPrivate: true });
  await server.app.ready();
  const { kl } = await demoVendors(server.database);
  timeZone = kl.timeZone;
  vendorId = kl.id;
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe("when reports go", () => {
  it("weekly: Monday to Sunday before today, mailed next Monday 06:00; monthly: the last month, on the 1st", () => {
    // 2026-11-24 is a Tuesday.
    expect(lastWholePeriod("weekly", "2026-11-24")).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(lastWholePeriod("weekly", "2026-11-23")).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(lastWholePeriod("weekly", "2026-11-22")).toEqual({ from: "2026-11-09", to: "2026-11-15" });
    expect(lastWholePeriod("monthly", "2026-03-01")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(lastWholePeriod("monthly", "2024-03-15")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(lastWholePeriod("monthly", "2026-01-01")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    const at = (iso: string) => Date.parse(iso) / 1000;
    // Kuala Lumpur is UTC+8: Monday 06:00 there is Sunday 22:00 UTC.
    expect(nextRunAt("weekly", at("2026-11-24T12:00:00Z"), "Asia/Kuala_Lumpur").toISOString()).toBe(
      "2026-11-29T22:00:00.000Z",
    );
    // A Monday before 06:00 goes the same day; at 06:00 it is next week's.
    expect(nextRunAt("weekly", at("2026-11-29T21:59:59Z"), "Asia/Kuala_Lumpur").toISOString()).toBe(
      "2026-11-29T22:00:00.000Z",
    );
    expect(nextRunAt("weekly", at("2026-11-29T22:00:00Z"), "Asia/Kuala_Lumpur").toISOString()).toBe(
      "2026-12-06T22:00:00.000Z",
    );
    // A zone ahead of UTC by 13 hours: its 1 December starts on 30 November in UTC.
    expect(nextRunAt("monthly", at("2026-11-30T12:00:00Z"), "Pacific/Auckland").toISOString()).toBe(
      "2026-11-30T17:00:00.000Z",
    );
    expect(nextRunAt("monthly", at("2026-11-30T17:00:00Z"), "Pacific/Auckland").toISOString()).toBe(
      "2026-12-31T17:00:00.000Z",
    );
  });
});

describe("scheduled reports", () => {
  it("cannot be subscribed before the organization has mail settings", async () => {
    const { body } = await subscribe("early@demo.test");
    expect(body).toMatchObject({ code: "MAIL_NOT_CONFIGURED", message_key: "reports.schedule.noMail" });
  });

  it("subscribes an address once, with its next Monday 06:00, and refuses a bad address", async () => {
    const groupAdmin = await server.login("group_admin");
    const saved = await server.send(
      API.emailConfig.update,
      {
        send_method: "smtp",
        smtp_server: "127.0.0.1",
        auth_method: "login",
        port: smtp.port,
        username: SMTP.user,
        password: SMTP.pass,
        sender_name: "Demo Laundry Group",
        title: "",
      },
      { token: groupAdmin },
    );
    expect(saved.http).toBe(200);
    const { body } = await subscribe("Owner@Demo.test");
    expect(body.result).toMatchObject({
      report: "form_card_buss",
      email: "Owner@Demo.test",
      frequency: "weekly",
      language: "de",
      last_period: null,
      last_delivery: null,
      created_by: "vendor_admin",
    });
    expect(body.result.next_run_at).toBe(nextRunAt("weekly", nowSeconds(), timeZone).getTime() / 1000);
    expect((await subscribe("owner@demo.test")).body).toMatchObject({ code: "RECORD_EXISTS", field: "email" });
    expect((await subscribe("owner@demo.test", { frequency: "monthly" })).http).toBe(200);
    expect((await subscribe("not an address")).body).toMatchObject({ field: "email", message_key: "validation.email" });
    expect((await subscribe("x@demo.test", { report: "form_missing" })).body).toMatchObject({
      field: "report",
    });
    const list = await server.send(API.reports.subscriptions, { report: "form_card_buss" }, as);
    expect(list.body.result.items.map((s) => `${s.email} ${s.frequency}`)).toEqual([
      "Owner@Demo.test weekly",
      "owner@demo.test monthly",
    ]);
  });

  it("mails last week's table at its time: German, the totals the report call answers, once however often the scheduler runs", async () => {
    const period = lastWholePeriod("weekly", localDate(nowSeconds(), timeZone));
    // Member-account orders on the week's first and last minute, and one a minute after it.
    const seconds = (day: string, offset: number) => new Date((zonedDayStart(day, timeZone) + offset) * 1000);
    await paidOrder(1_250, seconds(period.from, 60));
    await paidOrder(750, seconds(period.to, 86_400 - 60));
    await paidOrder(9_900, seconds(addDays(period.to, 1), 60));
    const created = await subscribe("weekly@demo.test", { report: "form_account" });
    const id = created.body.result.id;
    await makeDue(id);
    // Four schedulers at once (on PostgreSQL, four connections): the period is queued once.
    await Promise.all([1, 2, 3, 4].map(() => queueDueMails(server.database.db)));
    await queueDueMails(server.database.db);
    const queued = await server.database.db
      .select({ key: outboxMessages.key })
      .from(outboxMessages)
      .where(like(outboxMessages.key, `report-mail:${id}:%`));
    expect(queued.map((q) => q.key)).toEqual([`report-mail:${id}:${period.from}..${period.to}`]);

    const [mail] = await mailTo("weekly@demo.test");
    if (!mail) throw new Error("no mail arrived");
    const title = de.routes.form_account;
    expect(subjectOf(mail)).toBe(`${title} für Demo Laundry Kuala Lumpur, ${period.from} bis ${period.to}`);
    expect(mail.raw).toMatch(/^Message-ID: <[0-9a-f]{32}@washboard\.report>/im);
    const rows = await workbookOf(mail);
    expect(rows[0]).toEqual(FORM_REPORTS.form_account.columns.map((c) => lookup(de, c.titleKey)));
    const money = (minor: number) => formatMoney(minor, "MYR");
    // The totals in ringgit, as numbers: RM 20.00 is 20.
    expect(rows.at(-1)).toEqual([de.revenue.total, "", 2, 20, 0, 0, 20]);
    const gross = figuresOf(await sheetOf(mail), grossColumn);
    expect(gross.cells.every((c) => c.type === ExcelJS.ValueType.Number && c.numFmt === '"RM "#,##0.00')).toBe(true);
    expect(gross.cells.reduce((n, c) => n + (c.value as number), 0)).toBeCloseTo((1_250 + 750) / 100, 6);
    expect(gross.total.numFmt).toBe('"RM "#,##0.00');
    // The same figures as the report call for the period.
    const report = await server.send(API.reports.accountOrders, period, as);
    expect(report.body.result.items.reduce((n, r) => n + r.gross, 0)).toBe(2_000);
    expect(rows).toHaveLength(report.body.result.items.length + 2);
    const text = mimePart(mail.raw, "text/plain")?.toString("utf8") ?? "";
    expect(text).toContain(`${de.revenue.figures.net}: ${money(2_000)}`);

    const [after] = await server.database.db.select().from(reportSubscriptions).where(eq(reportSubscriptions.id, id));
    expect(after?.lastPeriod).toBe(`${period.from}..${period.to}`);
    expect(after?.nextRunAt.getTime()).toBe(nextRunAt("weekly", nowSeconds(), timeZone).getTime());
    // The console sees it delivered.
    const list = await server.send(API.reports.subscriptions, { report: "form_account" }, as);
    expect(list.body.result.items.find((s) => s.id === id)?.last_delivery).toMatchObject({ state: "delivered" });
  });

  it("mails another vendor's figures in its own currency: whole baht, numbers that add up to the orders' total", async () => {
    const { bkk } = await demoVendors(server.database);
    const period = lastWholePeriod("weekly", localDate(nowSeconds(), bkk.timeZone));
    const at = (day: string, offset: number) => new Date((zonedDayStart(day, bkk.timeZone) + offset) * 1000);
    const paid = [
      { amount: 40, at: at(period.from, 60) },
      { amount: 1_250, at: at(period.from, 3_600) },
      { amount: 35, at: at(period.to, 60) },
    ];
    for (const order of paid) await paidOrder(order.amount, order.at, bkk);
    const bangkok = { as: "vendor2_admin" } as const;
    const created = await server.send(
      API.reports.subscribe,
      { report: "form_account", email: "baht@demo.test", frequency: "weekly", language: "en" },
      bangkok,
    );
    await server.send(API.reports.sendNow, { id: created.body.result.id }, bangkok);
    const [mail] = await mailTo("baht@demo.test");
    if (!mail) throw new Error("no mail arrived");

    const sheet = await sheetOf(mail);
    const gross = figuresOf(sheet, grossColumn);
    expect(gross.cells).toHaveLength(2);
    for (const cell of [...gross.cells, gross.total]) {
      expect(cell.type).toBe(ExcelJS.ValueType.Number);
      expect(cell.numFmt).toBe('"฿ "#,##0');
    }
    // Baht have no decimals in the currency table: the amounts are whole baht already.
    const total = paid.reduce((n, o) => n + o.amount, 0);
    expect(gross.cells.reduce((n, c) => n + (c.value as number), 0)).toBe(total);
    expect(gross.total.value).toBe(total);
    const orderCounts = figuresOf(sheet, 3);
    expect(orderCounts.cells.map((c) => c.value)).toEqual([2, 1]);
    expect(orderCounts.total.value).toBe(3);
    // The day stays text.
    expect(sheet.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.String);
  });

  it("sends now on request, and a removed subscription's queued mail is not sent", async () => {
    const created = await subscribe("now@demo.test", {
      report: "form_account",
      language: "ja-jp",
      frequency: "monthly",
    });
    const id = created.body.result.id;
    const sent = await server.send(API.reports.sendNow, { id }, as);
    const period = lastWholePeriod("monthly", localDate(nowSeconds(), timeZone));
    expect(sent.body.result.period).toBe(`${period.from}..${period.to}`);
    const [mail] = await mailTo("now@demo.test");
    expect(mail && subjectOf(mail)).toContain(`（${period.from}〜${period.to}）`);

    // Queued for a subscription removed before the worker got to it: delivered as nothing.
    const gone = await subscribe("gone@demo.test");
    const goneId = gone.body.result.id;
    expect((await server.send(API.reports.unsubscribe, { id: goneId }, as)).http).toBe(200);
    const key = `report-mail:${goneId}:${period.from}..${period.to}`;
    await enqueue(server.database.db, {
      kind: REPORT_MAIL,
      key,
      vendorId,
      payload: { subscriptionId: goneId, period },
    });
    await expect
      .poll(() => outboxStatus(server.database.db, key), { timeout: 20_000 })
      .toMatchObject({ state: "delivered", result: { skipped: "unsubscribed" } });
    expect(smtp.received.filter((m) => m.to.includes("gone@demo.test"))).toEqual([]);
  });

  it("stops at the cap, also when many are added at once", async () => {
    const held = (
      await server.database.db
        .select()
        .from(reportSubscriptions)
        .where(tenantOfVendor(vendorId).owns(reportSubscriptions))
    ).length;
    const tries = 60;
    const answers = await Promise.all(
      Array.from({ length: tries }, (_v, i) => subscribe(`cap${i}@demo.test`, { report: "form_point" })),
    );
    const ok = answers.filter((a) => a.http === 200).length;
    expect(ok).toBe(REPORT_SUBSCRIPTIONS_MAX - held);
    expect(answers.filter((a) => a.body.code === "REPORT_SUBSCRIPTION_LIMIT")).toHaveLength(tries - ok);
  });

  it("refuses a report the sub-account may not read, and another vendor's subscriptions stay out of reach", async () => {
    await vendorSubAccount(server.database, { vendorId, username: "sched_sub", permissions: ["form_point"] });
    const refused = await server.sendRaw(
      API.reports.subscribe,
      { report: "form_card_buss", email: "sub@demo.test", frequency: "weekly", language: "en" },
      { as: "sched_sub" },
    );
    expect(refused.body.code).toBe("NO_PERMISSION");
    const mine = await server.send(API.reports.subscriptions, {}, { as: "sched_sub" });
    expect(new Set(mine.body.result.items.map((s) => s.report))).toEqual(new Set(["form_point"]));
    const someone = (await server.send(API.reports.subscriptions, {}, as)).body.result.items[0];
    if (!someone) throw new Error("no subscription");
    const other = await otherTenant(server.database);
    const theirs = await server.send(API.reports.subscriptions, {}, { as: other.vendorAdmin.username });
    expect(theirs.body.result.items).toEqual([]);
    for (const contract of [API.reports.unsubscribe, API.reports.sendNow]) {
      const { body } = await server.send(contract, { id: someone.id }, { as: other.vendorAdmin.username });
      expect(body.code).toBe("NOT_FOUND");
    }
  });
});

function lookup(catalogue: unknown, key: string): string {
  let node = catalogue;
  for (const part of key.split(".")) node = (node as Record<string, unknown>)[part];
  return String(node);
}
