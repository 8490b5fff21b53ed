import { randomBytes } from "node:crypto";
import {
  API,
  formatMoney,
  formatTimestamp,
  minorUnitFactor,
  ORDER_COLUMNS,
  type OrderItem,
  paymentTypeOf,
} from "@washboard/shared";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { message } from "../../platform/i18n/messages.js";
import { parseCsv } from "../../test/csv.js";
import { demoVendors } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { shops } from "../shops/tables.js";
import { vendors } from "../tenancy/tables.js";
import { orders, PAY_STATUS, REFUND_RESULT, REFUND_STATUS } from "./tables.js";

/**
 * An order screen's export, written by the server while it downloads: every order the filter
 * matches (across many batches, none twice, none missed), in the screen's order, with the columns
 * the screen shows in the reader's language — the same in CSV, HTML and Excel, where amounts are
 * numbers a finance user can add up — and none of another vendor's.
 */
let server: TestServer;
const run = randomBytes(3).toString("hex").toUpperCase();
const COUNT = 2_345;
// Ten days from a UTC midnight, an order every six minutes or so.
const start = Date.parse("2026-05-01T00:00:00Z") / 1000;
const EVIL = `Machine said <b>"jam"</b> & stopped, =cmd|' /C calc'!A0`;
/** Bangkok's orders, in whole baht: the currency table gives THB no decimals. */
const BKK_AMOUNTS = [40, 1_250, 35];

beforeAll(async () => {
  server = await startTestServer();
  await server.app.ready();
  const { kl, bkk } = await demoVendors(server.database);
  const { db } = server.database;
  const [shop] = await db
    .insert(shops)
    .values({ vendorId: kl.id, name: `Export ${run}`, address: "2 Jalan Eksport", serviceType: 1 })
    .returning();
  const rows = Array.from({ length: COUNT }, (_, i) => {
    const at = new Date((start + i * 367) * 1000);
    const paid = i % 5 !== 0;
    const refunded = paid && i % 7 === 0;
    return {
      vendorId: kl.id,
      source: "sandbox" as const,
      payType: paymentTypeOf("sandbox"),
      startType: "online_payment",
      orderNo: `EXP${run}${String(i).padStart(5, "0")}`,
      payUniqueNo: `EXP${run}${i}`,
      tradeNo: paid ? `T${run}${i}` : null,
      amount: 500 + (i % 9) * 50,
      currency: kl.currency,
      payStatus: paid ? PAY_STATUS.paid : PAY_STATUS.unpaid,
      paidAt: paid ? at : null,
      refundStatus: refunded ? REFUND_STATUS.refunded : REFUND_STATUS.none,
      refundResult: refunded ? REFUND_RESULT.success : null,
      refundType: refunded ? "automatic" : null,
      refundedAmount: refunded ? 500 : 0,
      refundTime: refunded ? at : null,
      failureReason: refunded ? EVIL : null,
      shopId: shop?.id ?? null,
      program: "standard",
      createdAt: at,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await db.insert(orders).values(rows.slice(i, i + 500));
  // Bangkok's sandbox orders in the same days: never in Kuala Lumpur's file.
  await db.insert(orders).values(
    BKK_AMOUNTS.map((amount, i) => ({
      vendorId: bkk.id,
      source: "sandbox" as const,
      payType: paymentTypeOf("sandbox"),
      orderNo: `BKK${run}${i}`,
      payUniqueNo: `BKK${run}${i}`,
      amount,
      currency: bkk.currency,
      payStatus: PAY_STATUS.paid,
      createdAt: new Date((start + 3_600 * (i + 1)) * 1000),
    })),
  );
});
afterAll(async () => {
  await server.close();
});

/** The list's own pages, the whole filter: what the file must hold, in order. */
async function listedOrders(filter: Record<string, unknown>, as = "vendor_admin"): Promise<OrderItem[]> {
  const items: OrderItem[] = [];
  let cursor: string | undefined;
  do {
    const { body } = await server.send(
      API.orders.list_sandbox,
      { ...filter, page_size: 200, ...(cursor ? { cursor } : {}) },
      { as },
    );
    if (body.status !== 200) throw new Error(body.code);
    items.push(...body.result.items);
    cursor = body.result.next_cursor ?? undefined;
  } while (cursor);
  return items;
}

const listed = async (filter: Record<string, unknown>) => (await listedOrders(filter)).map((o) => o.order_no);

/** The first sheet of an Excel export the server wrote. */
async function exportedSheet(filter: Record<string, unknown>, as = "vendor_admin") {
  const xlsx = await server.download(API.orders.export_sandbox, { ...filter, format: "xlsx", language: "en" }, { as });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.file as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("the export has no sheet");
  return sheet;
}

/** A column's cells below the header, by the column's key. */
function columnCells(sheet: ExcelJS.Worksheet, key: string): ExcelJS.Cell[] {
  const column = ORDER_COLUMNS.findIndex((c) => c.key === key) + 1;
  const cells: ExcelJS.Cell[] = [];
  sheet.eachRow((row, r) => {
    if (r > 1) cells.push(row.getCell(column));
  });
  return cells;
}

const sum = (values: number[]) => values.reduce((n, v) => n + v, 0);

// Three of the ten days, paid orders only: about 560 of them, over a batch boundary.
const filter = { from: start + 2 * 86_400, to: start + 5 * 86_400 - 1, pay_status: "paid" as const };

describe("an order screen's export", () => {
  it("writes every order the filter matches, newest first, as the screen shows it, in German", async () => {
    const answer = await server.download(
      API.orders.export_sandbox,
      { ...filter, format: "csv", language: "de" },
      { as: "vendor_admin" },
    );
    expect(answer.http).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/csv;charset=utf-8");
    const title = message("de", "routes.order_sandbox");
    expect(decodeURIComponent(answer.headers["content-disposition"] ?? "")).toContain(`${title}_`);
    const text = answer.file.toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const [header, ...records] = parseCsv(text);
    expect(header).toEqual(ORDER_COLUMNS.map((c) => message("de", c.titleKey)));
    const numbers = await listed(filter);
    expect(numbers.length).toBeGreaterThan(500);
    expect(records.map((r) => r[0])).toEqual(numbers);

    // One refunded order, cell by cell as a German reader of the screen sees it.
    const kl = (await demoVendors(server.database)).kl;
    const index = records.findIndex((r) => r[4] !== message("de", "orders.refundStatus.none"));
    const row = records[index] ?? [];
    const i = Number((row[0] ?? "").slice(`EXP${run}`.length));
    expect(row[1]).toBe(formatTimestamp(start + i * 367, kl.timeZone));
    expect(row[2]).toBe(formatMoney(500 + (i % 9) * 50, kl.currency));
    expect(row[3]).toBe(message("de", "orders.payStatus.paid"));
    expect(row[4]).toBe(message("de", "orders.refundStatus.refunded"));
    expect(row[5]).toBe(formatMoney(500, kl.currency));
    expect(row[6]).toBe(message("de", "orders.refundType.automatic"));
    expect(row.at(-1)).toBe(EVIL);
  });

  it("writes the same cells as a web page and as an Excel workbook", async () => {
    const csv = await server.download(
      API.orders.export_sandbox,
      { ...filter, format: "csv", language: "th-th" },
      { as: "vendor_admin" },
    );
    const records = parseCsv(csv.file.toString("utf8"));

    const html = await server.download(
      API.orders.export_sandbox,
      { ...filter, format: "html", language: "th-th" },
      { as: "vendor_admin" },
    );
    expect(html.headers["content-type"]).toBe("text/html;charset=utf-8");
    const page = html.file.toString("utf8");
    expect(page).toContain('<html lang="th-th">');
    expect(page.match(/<tr>/g)?.length).toBe(records.length);
    expect(page).not.toContain("<b>");
    expect(page).toContain("&lt;b&gt;&quot;jam&quot;&lt;/b&gt; &amp; stopped");
    expect(page.trimEnd().endsWith("</html>")).toBe(true);

    const xlsx = await server.download(
      API.orders.export_sandbox,
      { ...filter, format: "xlsx", language: "th-th" },
      { as: "vendor_admin" },
    );
    expect(xlsx.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.file as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe(message("th-th", "routes.order_sandbox").slice(0, 31));
    // An amount is a number in ringgit; as money it reads as the CSV's text.
    const { kl } = await demoVendors(server.database);
    const text = (v: unknown) =>
      typeof v === "number" ? formatMoney(Math.round(v * minorUnitFactor(kl.currency)), kl.currency) : String(v ?? "");
    const cells: string[][] = [];
    sheet?.eachRow((row) => {
      cells.push(
        Array.from(row.values as unknown[])
          .slice(1)
          .map(text),
      );
    });
    // Empty cells at a row's end are not stored; the CSV writes them as empty fields.
    const trimmed = records.map((r) => {
      const copy = [...r];
      while (copy.length > 0 && copy.at(-1) === "") copy.pop();
      return copy;
    });
    expect(cells).toEqual(trimmed);
    expect(sheet?.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet?.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(sheet?.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
  });

  it("writes another vendor's orders for that vendor only, and a header alone when nothing matches", async () => {
    const bangkok = await server.download(
      API.orders.export_sandbox,
      { from: start, to: start + 86_400, format: "csv", language: "en" },
      { as: "vendor2_admin" },
    );
    const records = parseCsv(bangkok.file.toString("utf8")).slice(1);
    expect(records.map((r) => r[0])).toEqual([2, 1, 0].map((i) => `BKK${run}${i}`));

    const none = await server.download(
      API.orders.export_sandbox,
      { search: "NO-SUCH-ORDER", format: "xlsx", language: "en" },
      { as: "vendor_admin" },
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(none.file as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.rowCount).toBe(1);
  });

  it("writes amounts as numbers in their currency's format, adding up to the orders' total in ringgit and in whole baht", async () => {
    const ringgit = await exportedSheet(filter);
    const amounts = columnCells(ringgit, "amount");
    const orders = await listedOrders(filter);
    expect(amounts).toHaveLength(orders.length);
    for (const cell of amounts) {
      expect(cell.type).toBe(ExcelJS.ValueType.Number);
      expect(cell.numFmt).toBe('"RM "#,##0.00');
    }
    const total = sum(orders.map((o) => o.amount));
    expect(sum(amounts.map((c) => c.value as number))).toBeCloseTo(total / 100, 6);
    // A refund's amount too; an order without one leaves the cell empty.
    const refunds = columnCells(ringgit, "refund_amount").filter((c) => c.value !== null);
    expect(refunds.map((c) => c.value)).toEqual(orders.filter((o) => o.refund_amount).map(() => 5));
    expect(refunds.every((c) => c.numFmt === '"RM "#,##0.00')).toBe(true);
    // Text stays text.
    expect(columnCells(ringgit, "order_no").every((c) => c.type === ExcelJS.ValueType.String)).toBe(true);

    const bangkokDays = { from: start, to: start + 86_400 };
    const baht = columnCells(await exportedSheet(bangkokDays, "vendor2_admin"), "amount");
    expect(baht.map((c) => c.value)).toEqual([...BKK_AMOUNTS].reverse());
    expect(baht.map((c) => c.numFmt)).toEqual(BKK_AMOUNTS.map(() => '"฿ "#,##0'));
    expect(sum(baht.map((c) => c.value as number))).toBe(sum(BKK_AMOUNTS));
  });

  it("leaves the symbol out of the number format where the vendor hides it", async () => {
    const { bkk } = await demoVendors(server.database);
    const { db } = server.database;
    await db.update(vendors).set({ hideSymbol: true }).where(eq(vendors.id, bkk.id));
    try {
      const baht = columnCells(await exportedSheet({ from: start, to: start + 86_400 }, "vendor2_admin"), "amount");
      expect(baht.map((c) => c.numFmt)).toEqual(BKK_AMOUNTS.map(() => "#,##0"));
    } finally {
      await db.update(vendors).set({ hideSymbol: false }).where(eq(vendors.id, bkk.id));
    }
  });

  it("is named after its screen, whose route need not spell the source (WeChat Pay's is /order/wechat_pay)", async () => {
    const wechat = await server.download(
      API.orders.export_wechatpay,
      { search: "NO-SUCH-ORDER", format: "csv", language: "ja-jp" },
      { as: "vendor_admin" },
    );
    expect(decodeURIComponent(wechat.headers["content-disposition"] ?? "")).toContain(
      `${message("ja-jp", "routes.order_wechatpay")}_`,
    );
  });

  it("refuses a format it does not write, and a filter the list refuses, before writing anything", async () => {
    const format = await server.sendRaw(
      API.orders.export_sandbox,
      { format: "pdf", language: "en" },
      { as: "vendor_admin" },
    );
    expect(format.http).toBe(400);
    expect(format.body).toMatchObject({ code: "VALIDATION_FAILED", field: "format" });
    const search = await server.sendRaw(
      API.orders.export_sandbox,
      { format: "csv", language: "en", search: "x".repeat(65) },
      { as: "vendor_admin" },
    );
    expect(search.body).toMatchObject({ code: "VALIDATION_FAILED", field: "search" });
  });
});
