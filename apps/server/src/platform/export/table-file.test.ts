import { setTimeout as sleep } from "node:timers/promises";
import type { ExportFormat } from "@washboard/shared";
import ExcelJS from "exceljs";
import { describe, expect, it, vi } from "vitest";
import { tableFile } from "./table-file.js";

/**
 * A table file asks for its next batch of rows only when its reader has taken the last one: a
 * reader that stops reading stops the batches, and one that goes away ends them.
 */
const head = { title: "Orders", headers: ["No", "Note"], lang: "en" };
const BATCHES = 400;
const ROWS = 500;

/** Batches of rows (each about 50 kB as text), counting how many were asked for and whether they were ended. */
function source() {
  const seen = { asked: 0, ended: false };
  async function* batches() {
    try {
      for (let b = 0; b < BATCHES; b++) {
        seen.asked++;
        yield Array.from({ length: ROWS }, (_, i) => [`${b}-${i}`, "x".repeat(80)]);
      }
    } finally {
      seen.ended = true;
    }
  }
  return { seen, batches: batches() };
}

describe.each(["csv", "html", "xlsx"] satisfies ExportFormat[])("a %s table file", (format) => {
  it("is not written ahead of a reader that does not read", async () => {
    const { seen, batches } = source();
    const file = tableFile(format, head, batches);
    // Start the writer, take one chunk, then stop reading for a while.
    await new Promise<void>((resolve) => file.once("readable", () => resolve()));
    file.read();
    // What is under test is that nothing happens while nobody reads: a writer that ignored the reader
    // would ask for 40 batches (2 MB of text) well within this pause.
    await sleep(300);
    // A few batches fill the stream's 64 kB buffer (a zip's compressed bytes take more of them);
    // the 400 batches, about 20 MB of text, are not asked for.
    expect(seen.asked).toBeLessThan(40);
    file.destroy();
  });

  it("ends its batches when the reader goes away", async () => {
    const { seen, batches } = source();
    const file = tableFile(format, head, batches);
    await new Promise<void>((resolve) => file.once("readable", () => resolve()));
    file.read();
    file.destroy();
    await vi.waitFor(() => expect(seen.ended).toBe(true), { timeout: 10_000 });
    expect(seen.asked).toBeLessThan(40);
  });

  it("is written whole for a reader that reads", async () => {
    const { seen, batches } = source();
    let bytes = 0;
    for await (const chunk of tableFile(format, head, batches)) bytes += (chunk as Buffer).length;
    expect(seen.asked).toBe(BATCHES);
    expect(seen.ended).toBe(true);
    expect(bytes).toBeGreaterThan(format === "xlsx" ? 100_000 : BATCHES * ROWS * 80);
  });
});

describe("an xlsx table file", () => {
  it("reads back in a spreadsheet program's library: bold frozen header, text cells, control characters dropped", async () => {
    async function* rows() {
      yield [
        ["=1+2", `<b>"quoted" & 'single'</b>`, "tab\there\u0007bell"],
        ["ไทย 中文", "", "line one\nline two"],
      ];
    }
    const chunks: Buffer[] = [];
    const file = tableFile("xlsx", { title: "Orders: May [all]", headers: ["A", "B", "C"], lang: "en" }, rows());
    for await (const chunk of file) chunks.push(chunk as Buffer);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe("Orders  May  all ");
    const values = [1, 2, 3].map((r) => [1, 2, 3].map((c) => sheet?.getRow(r).getCell(c).value ?? ""));
    expect(values).toEqual([
      ["A", "B", "C"],
      ["=1+2", `<b>"quoted" & 'single'</b>`, "tab\therebell"],
      ["ไทย 中文", "", "line one\nline two"],
    ]);
    expect(sheet?.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet?.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
  });

  it("writes figures as numbers in their number format, each format once, and text beside them as text", async () => {
    const ringgit = (value: number) => ({ text: `RM ${value}`, value, numFmt: '"RM "#,##0.00' });
    async function* rows() {
      yield [[ringgit(12.5), { text: "3", value: 3 }, "RM 1.00 · ฿ 2"]];
      yield [[ringgit(0.05), { text: "฿ 40", value: 40, numFmt: '"฿ "#,##0' }, ""]];
    }
    const chunks: Buffer[] = [];
    for await (const chunk of tableFile("xlsx", { title: "Takings", headers: ["A", "B", "C"], lang: "en" }, rows()))
      chunks.push(chunk as Buffer);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const cell = (r: number, c: number) => sheet?.getRow(r).getCell(c);
    expect([cell(2, 1)?.value, cell(2, 2)?.value, cell(2, 3)?.value]).toEqual([12.5, 3, "RM 1.00 · ฿ 2"]);
    expect([cell(3, 1)?.value, cell(3, 2)?.value]).toEqual([0.05, 40]);
    expect([cell(2, 1)?.numFmt, cell(3, 1)?.numFmt, cell(3, 2)?.numFmt]).toEqual([
      '"RM "#,##0.00',
      '"RM "#,##0.00',
      '"฿ "#,##0',
    ]);
    expect(cell(2, 2)?.type).toBe(ExcelJS.ValueType.Number);
    expect(cell(2, 2)?.numFmt).toBeUndefined();
    expect(cell(1, 1)?.font?.bold).toBe(true);
  });
});
