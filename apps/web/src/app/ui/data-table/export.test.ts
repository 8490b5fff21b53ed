import { dayColumn, figureColumnSpecs, formatMoney, type RevenueFigures } from "@washboard/shared";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { csvField, type ExportTable, escapeHtml, exportFileName, exportRows, toCsv, toHtml } from "./export";
import { toXlsx } from "./export-excel";
import { reportColumns, totalsRow } from "./report-columns";

const BOM = "\uFEFF";

const table: ExportTable = {
  title: 'Operation log <"all">',
  headers: ["Time", "Account", "Record"],
  rows: [
    ["2024-05-01 10:00:00", "vera", "shop:1"],
    ["2024-05-01 10:00:01", 'say "hi", then', "line one\nline two"],
  ],
};

describe("csvField", () => {
  it("leaves plain text alone", () => {
    expect(csvField("plain text")).toBe("plain text");
    expect(csvField("")).toBe("");
    expect(csvField("日本語")).toBe("日本語");
  });

  it("quotes a field with a comma, a quote or a line break, doubling the quotes", () => {
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('"')).toBe('""""');
    expect(csvField("one\ntwo")).toBe('"one\ntwo"');
    expect(csvField("one\r\ntwo")).toBe('"one\r\ntwo"');
    expect(csvField("cr\ronly")).toBe('"cr\ronly"');
  });

  it("defuses text a spreadsheet would run as a formula, but keeps negative numbers", () => {
    expect(csvField("=1+2")).toBe("'=1+2");
    expect(csvField("+cmd")).toBe("'+cmd");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"');
    expect(csvField("-5")).toBe("-5");
    expect(csvField("-12.50")).toBe("-12.50");
    expect(csvField("a=b")).toBe("a=b");
  });
});

describe("toCsv", () => {
  it("writes a BOM, the header row, one line per row and CRLF line ends", () => {
    expect(toCsv(table)).toBe(
      `${BOM}Time,Account,Record\r\n` +
        "2024-05-01 10:00:00,vera,shop:1\r\n" +
        '2024-05-01 10:00:01,"say ""hi"", then","line one\nline two"\r\n',
    );
  });

  it("writes only the header row for a table without rows", () => {
    expect(toCsv({ title: "x", headers: ["a", "b,c"], rows: [] })).toBe(`${BOM}a,"b,c"\r\n`);
  });

  it("writes a figure as its text", () => {
    const figure = { text: "RM 1,250.00", value: 1250, numFmt: '"RM "#,##0.00' };
    expect(toCsv({ title: "x", headers: ["a", "b"], rows: [[figure, { text: "3", value: 3 }]] })).toBe(
      `${BOM}a,b\r\n"RM 1,250.00",3\r\n`,
    );
  });
});

describe("escapeHtml", () => {
  it("escapes the five HTML special characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;",
    );
    expect(escapeHtml("plain")).toBe("plain");
  });
});

describe("toHtml", () => {
  const html = toHtml(table, "de");

  it("is a UTF-8 page in the interface language with the escaped title", () => {
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain("<title>Operation log &lt;&quot;all&quot;&gt;</title>");
    expect(html).toContain("<h1>Operation log &lt;&quot;all&quot;&gt;</h1>");
  });

  it("writes the header and every cell escaped, keeping line breaks inside a cell", () => {
    expect(html).toContain("<thead><tr><th>Time</th><th>Account</th><th>Record</th></tr></thead>");
    expect(html).toContain("<td>say &quot;hi&quot;, then</td>");
    expect(html).toContain("<td>line one<br>line two</td>");
    expect(html.match(/<tr>/g)).toHaveLength(3);
  });

  it("never lets a cell open a tag", () => {
    const evil = toHtml({ title: "t", headers: ["h"], rows: [["<script>alert(1)</script>"]] });
    expect(evil).not.toContain("<script>");
    expect(evil).toContain("<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>");
  });

  it("parses back to the same cell text", () => {
    const doc = new DOMParser().parseFromString(html, "text/html");
    const cells = [...doc.querySelectorAll("tbody tr")].map((tr) =>
      [...tr.querySelectorAll("td")].map((td) => td.innerHTML.replaceAll("<br>", "\n")),
    );
    const decode = (s: string) => {
      const el = doc.createElement("textarea");
      el.innerHTML = s;
      return el.value;
    };
    expect(cells.map((row) => row.map(decode))).toEqual(table.rows);
  });
});

describe("exportFileName", () => {
  it("names the file after the page and the date", () => {
    expect(exportFileName("Operation log", "2024-05-01", "xlsx")).toBe("Operation log_2024-05-01.xlsx");
    expect(exportFileName("操作日志", "2024-05-01", "csv")).toBe("操作日志_2024-05-01.csv");
  });

  it("drops characters file systems refuse", () => {
    expect(exportFileName('a/b\\c:d*e?f"g<h>i|j', "2024-05-01", "html")).toBe("a b c d e f g h i j_2024-05-01.html");
    expect(exportFileName("///", "2024-05-01", "csv")).toBe("export_2024-05-01.csv");
    expect(exportFileName("tab\there\u0007bell", "2024-05-01", "csv")).toBe("tab here bell_2024-05-01.csv");
  });
});

describe("an Excel export of a report", () => {
  type DayRow = RevenueFigures & { day: string };
  const day = (date: string, currency: string, orders: number, gross: number): DayRow => ({
    day: date,
    currency,
    orders,
    gross,
    refunds: 0,
    refunded: 0,
    net: gross,
  });
  // The report's columns: day, orders, gross, refunds, refunded, net.
  const [DAY, ORDERS, GROSS] = [1, 2, 3];

  /** The report's rows and totals, as the console builds the workbook, read back. */
  async function workbookOf(rows: DayRow[], hideSymbol = false): Promise<ExcelJS.Worksheet> {
    const money = (minor: number, currency: string) => formatMoney(minor, currency, { hideSymbol });
    const columns = reportColumns([dayColumn<DayRow>(), ...figureColumnSpecs<DayRow>()], rows, {
      t: (key) => key,
      money,
      timeZone: "UTC",
    });
    const table: ExportTable = {
      title: "Takings",
      headers: columns.map((c) => c.titleKey),
      rows: [...exportRows(columns, rows, { hideSymbol }), totalsRow(columns, "Total", { hideSymbol })],
    };
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (await toXlsx(table)).arrayBuffer());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("the workbook has no sheet");
    return sheet;
  }

  const body = (sheet: ExcelJS.Worksheet, column: number) =>
    Array.from({ length: sheet.rowCount - 2 }, (_, i) => sheet.getRow(i + 2).getCell(column));
  const totalOf = (sheet: ExcelJS.Worksheet, column: number) => sheet.getRow(sheet.rowCount).getCell(column);
  const sum = (cells: ExcelJS.Cell[]) => cells.reduce((n, c) => n + (c.value as number), 0);

  it("writes ringgit as numbers in ringgit with the currency's format, which add up to the total", async () => {
    const sheet = await workbookOf([
      day("2024-05-01", "MYR", 2, 1_250),
      day("2024-05-02", "MYR", 5, 99_999),
      day("2024-05-03", "MYR", 1, 1),
    ]);
    const gross = body(sheet, GROSS);
    expect(gross.map((c) => c.value)).toEqual([12.5, 999.99, 0.01]);
    expect(gross.every((c) => c.type === ExcelJS.ValueType.Number && c.numFmt === '"RM "#,##0.00')).toBe(true);
    expect(sum(gross)).toBeCloseTo((1_250 + 99_999 + 1) / 100, 6);
    expect(totalOf(sheet, GROSS).value).toBeCloseTo(1_012.5, 6);
    expect(totalOf(sheet, GROSS).numFmt).toBe('"RM "#,##0.00');
    // Counts are plain numbers; the day and the totals label stay text.
    expect(body(sheet, ORDERS).map((c) => c.value)).toEqual([2, 5, 1]);
    expect(totalOf(sheet, ORDERS).value).toBe(8);
    expect(body(sheet, DAY).map((c) => c.type)).toEqual([1, 2, 3].map(() => ExcelJS.ValueType.String));
    expect(totalOf(sheet, DAY).value).toBe("Total");
  });

  it("writes baht, which have no decimals, as whole numbers with a whole-number format", async () => {
    const sheet = await workbookOf([day("2024-05-01", "THB", 1, 40), day("2024-05-02", "THB", 3, 1_250)]);
    const gross = body(sheet, GROSS);
    expect(gross.map((c) => c.value)).toEqual([40, 1_250]);
    expect(gross.map((c) => c.numFmt)).toEqual(['"฿ "#,##0', '"฿ "#,##0']);
    expect(sum(gross)).toBe(1_290);
    expect(totalOf(sheet, GROSS).value).toBe(1_290);
  });

  it("leaves the symbol out where the vendor hides it, and a total of several currencies as text", async () => {
    const hidden = await workbookOf([day("2024-05-01", "MYR", 1, 1_250)], true);
    expect(body(hidden, GROSS)[0]?.numFmt).toBe("#,##0.00");

    const mixed = await workbookOf([day("2024-05-01", "MYR", 1, 1_250), day("2024-05-01", "THB", 1, 40)]);
    expect(body(mixed, GROSS).map((c) => c.value)).toEqual([12.5, 40]);
    expect(totalOf(mixed, GROSS).value).toBe(`${formatMoney(1_250, "MYR")} · ${formatMoney(40, "THB")}`);
    expect(totalOf(mixed, ORDERS).value).toBe(2);
  });
});
