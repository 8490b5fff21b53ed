import { Readable } from "node:stream";
import {
  CSV_BOM,
  csvLine,
  type ExportCell,
  type ExportFormat,
  exportCellText,
  HTML_END,
  htmlRow,
  htmlStart,
} from "@washboard/shared";
import { XlsxStream } from "./xlsx-stream.js";

/** What a table file says before its rows. */
export interface TableHead {
  title: string;
  headers: string[];
  /** The page's language (HTML). */
  lang: string;
}

/**
 * A table written as a file while it is read: each batch of rows is turned into the format's bytes
 * and handed on before the next batch is asked for, so a file of any length holds one batch in
 * memory. A reader that stops reading stops the batches (backpressure); one that goes away ends them.
 */
export function tableFile(format: ExportFormat, head: TableHead, batches: AsyncIterable<ExportCell[][]>): Readable {
  const chunks = format === "xlsx" ? workbookFile(head, batches) : textFile(format, head, batches);
  return Readable.from(chunks, { objectMode: false, highWaterMark: 64 * 1024 });
}

async function* textFile(
  format: "csv" | "html",
  head: TableHead,
  batches: AsyncIterable<ExportCell[][]>,
): AsyncGenerator<Buffer> {
  yield Buffer.from(
    format === "csv" ? CSV_BOM + csvLine(head.headers) : htmlStart(head.title, head.headers, head.lang),
  );
  for await (const batch of batches) {
    const rows = batch.map((cells) => cells.map(exportCellText));
    const text = format === "csv" ? rows.map(csvLine).join("") : rows.map((row) => `${htmlRow(row)}\n`).join("");
    yield Buffer.from(text);
  }
  if (format === "html") yield Buffer.from(HTML_END);
}

/** Wide enough for a date and time or an order number; a streamed sheet cannot measure its rows first. */
const columnWidth = (header: string) => Math.min(60, Math.max(20, header.length + 2));

async function* workbookFile(head: TableHead, batches: AsyncIterable<ExportCell[][]>): AsyncGenerator<Buffer> {
  const workbook = new XlsxStream();
  yield* buffers(workbook.start(head.title, head.headers, columnWidth));
  for await (const rows of batches) yield* buffers(workbook.rows(rows));
  yield* buffers(workbook.end());
}

function buffers(chunks: Uint8Array[]): Buffer[] {
  return chunks.length === 0 ? [] : [Buffer.concat(chunks)];
}
