import { localDate, nowSeconds } from "@washboard/shared";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError, toastSuccess, toastWarning } from "../../feedback/toast";
import { useTimeZone } from "../../session/useTimeZone";
import { downloadBlob } from "./download";
import { EXPORT_MIME, type ExportFormat, type ExportTable, exportFileName, toCsv, toHtml } from "./export";
import { ExportCancelled, fetchAllRows } from "./fetch-all";
import { cellText, type DataColumn, type ListContract, type ListFilters, type ListRow } from "./types";

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

/**
 * Exports every row of a filtered list: pages through the server while reporting progress, then
 * builds the file in the browser and downloads it as "<title>_<date>.<ext>".
 */
export function useExport<C extends ListContract>(options: {
  contract: C;
  filters: ListFilters<C>;
  columns: DataColumn<ListRow<C>>[];
  title: string;
  /** The total the table shows, so progress starts from it before the first page answers. */
  knownTotal?: number;
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
      const rows = await fetchAllRows(options.contract, options.filters, {
        signal: abort.signal,
        onProgress: (done, total) => setProgress({ format, done, total, building: false }),
      });
      if (rows.length === 0) {
        toastWarning("table.exportEmpty");
        return;
      }
      setProgress({ format, done: rows.length, total: rows.length, building: true });
      const table: ExportTable = {
        title: options.title,
        headers: options.columns.map((c) => t(c.titleKey)),
        rows: rows.map((row) => options.columns.map((c) => cellText(c, row))),
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
