import { type ExportCell, localDate, nowSeconds } from "@washboard/shared";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError, toastSuccess, toastWarning } from "../../feedback/toast";
import { useMoneyDisplay } from "../../session/useMoneyDisplay";
import { useTimeZone } from "../../session/useTimeZone";
import { buildFile } from "./build-file";
import { downloadBlob } from "./download";
import type { ExportFormat, ExportTable } from "./export";
import { exportFileName, exportRows } from "./export";
import type { ExportJob, ExportJobAnswer } from "./export-worker";
import { ExportCancelled } from "./fetch-all";
import type { DataColumn } from "./types";

export interface ExportProgress {
  format: ExportFormat;
  done: number;
  total: number;
  /** Every row is in; the file is being built. */
  building: boolean;
  /** Of a file the server writes: what has arrived so far (rows are not counted then). */
  receivedBytes?: number;
}

/**
 * Builds the file in a worker, so a large export never freezes the page; where workers are missing
 * (unit tests), in the page. Cancelling ends the worker.
 */
async function buildOffPage(job: ExportJob, signal: AbortSignal): Promise<Blob> {
  if (typeof Worker === "undefined") return buildFile(job.format, job.table, job.lang);
  const worker = new Worker(new URL("./export-worker.ts", import.meta.url), { type: "module" });
  try {
    return await new Promise<Blob>((resolve, reject) => {
      signal.addEventListener("abort", () => reject(new ExportCancelled()), { once: true });
      worker.onmessage = (event: MessageEvent<ExportJobAnswer>) =>
        event.data.ok ? resolve(event.data.blob) : reject(new Error(event.data.message));
      worker.onerror = (event) => reject(new Error(event.message || "the export could not be built"));
      worker.postMessage(job);
    });
  } finally {
    worker.terminate();
  }
}

/** Where an export's rows come from: every page of a list, fetched with progress, or rows at hand. */
export type ExportRows<Row> = (
  signal: AbortSignal,
  onProgress: (done: number, total: number) => void,
) => Promise<Row[]>;

/** A file the server writes while it is sent (a list too long to page through in the browser). */
export type ExportDownload = (
  format: ExportFormat,
  signal: AbortSignal,
  onBytes: (received: number) => void,
) => Promise<Blob>;

/**
 * Exports every row of a table as "<title>_<date>.<ext>": where the server writes the file
 * (`download`), saves it as it arrives; otherwise loads the rows while reporting progress (a list
 * pages through the server), then builds the file in the browser.
 */
export function useExport<Row>(options: {
  load: ExportRows<Row>;
  download?: ExportDownload;
  columns: DataColumn<Row>[];
  title: string;
  /** The total the table shows, so progress starts from it before the first page answers. */
  knownTotal?: number;
  /** Rows written after the data (a report's totals). */
  trailingRows?: ExportCell[][];
}) {
  const { t, i18n } = useTranslation();
  const timeZone = useTimeZone();
  const { hideSymbol } = useMoneyDisplay();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  async function start(format: ExportFormat) {
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ format, done: 0, total: options.knownTotal ?? 0, building: false });
    const save = (blob: Blob) =>
      downloadBlob(blob, exportFileName(options.title, localDate(nowSeconds(), timeZone), format));
    try {
      if (options.download) {
        const blob = await options.download(format, abort.signal, (receivedBytes) =>
          setProgress({ format, done: 0, total: options.knownTotal ?? 0, building: false, receivedBytes }),
        );
        save(blob);
        toastSuccess("table.exportDone");
        return;
      }
      const rows = await options.load(abort.signal, (done, total) =>
        setProgress({ format, done, total, building: false }),
      );
      if (rows.length === 0) {
        toastWarning("table.exportEmpty");
        return;
      }
      setProgress({ format, done: rows.length, total: rows.length, building: true });
      const table: ExportTable = {
        title: options.title,
        headers: options.columns.map((c) => c.title ?? t(c.titleKey)),
        rows: [...exportRows(options.columns, rows, { hideSymbol }), ...(options.trailingRows ?? [])],
      };
      const blob = await buildOffPage({ format, table, lang: i18n.language }, abort.signal);
      if (abort.signal.aborted) return;
      save(blob);
      toastSuccess("table.exportDone");
    } catch (error) {
      // A cancelled download fails as an aborted fetch: cancelling is no error to show.
      if (!(error instanceof ExportCancelled) && !abort.signal.aborted) toastError(error);
    } finally {
      controller.current = null;
      setProgress(null);
    }
  }

  return {
    progress,
    start: (format: ExportFormat) => void start(format),
    cancel: () => controller.current?.abort(),
  };
}
