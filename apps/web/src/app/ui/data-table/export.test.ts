import { describe, expect, it } from "vitest";
import { csvField, type ExportTable, escapeHtml, exportFileName, toCsv, toHtml } from "./export";

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
