import { localDate, nowSeconds } from "@washboard/shared";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError, toastSuccess, toastWarning } from "../../feedback/toast";
import { useTimeZone } from "../../session/useTimeZone";
import { downloadBlob } from "./download";
import { EXPORT_MIME, type ExportFormat, type ExportTable, exportFileName, toCsv, toHtml } from "./export";
import { ExportCancelled } from "./fetch-all";
import { cellText, type DataColumn } from "./types";

export interface ExportProgress {
  format: ExportFormat;
  done: number;
  total: number;
  /** Every row is in; the file is being built. */
  building: boolean;
}

async function buildFile(format: ExportFormat, table: ExportTable, lang: string): Promise<Blob> {
  if (format === "xlsx") return (await import("./export-excel")).toXlsx(table);
  const text = format === "csv" ? toCsv(table) : toHtml(table, lang);
  return new Blob([text], { type: EXPORT_MIME[format] });
}

/** Where an export's rows come from: every page of a list, fetched with progress, or rows at hand. */
export type ExportRows<Row> = (
  signal: AbortSignal,
  onProgress: (done: number, total: number) => void,
) => Promise<Row[]>;

/**
 * Exports every row of a table: loads them while reporting progress (a list pages through the
 * server), then builds the file in the browser and downloads it as "<title>_<date>.<ext>".
 */
export function useExport<Row>(options: {
  load: ExportRows<Row>;
  columns: DataColumn<Row>[];
  title: string;
  /** The total the table shows, so progress starts from it before the first page answers. */
  knownTotal?: number;
  /** Rows written after the data, as text (a report's totals). */
  trailingRows?: string[][];
}) {
  const { t, i18n } = useTranslation();
  const timeZone = useTimeZone();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  async function start(format: ExportFormat) {
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ format, done: 0, total: options.knownTotal ?? 0, building: false });
    try {
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
        rows: [...rows.map((row) => options.columns.map((c) => cellText(c, row))), ...(options.trailingRows ?? [])],
      };
      const blob = await buildFile(format, table, i18n.language);
      if (abort.signal.aborted) return;
      downloadBlob(blob, exportFileName(options.title, localDate(nowSeconds(), timeZone), format));
      toastSuccess("table.exportDone");
    } catch (error) {
      if (!(error instanceof ExportCancelled)) toastError(error);
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
