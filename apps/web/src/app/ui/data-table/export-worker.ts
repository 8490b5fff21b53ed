/// <reference lib="webworker" />
import { buildFile } from "./build-file";
import type { ExportFormat, ExportTable } from "./export";

export interface ExportJob {
  format: ExportFormat;
  table: ExportTable;
  lang: string;
}

export type ExportJobAnswer = { ok: true; blob: Blob } | { ok: false; message: string };

/**
 * Builds an export file away from the page: a workbook of a hundred thousand rows takes seconds,
 * and the page stays responsive (its progress dialog and cancel button with it) meanwhile.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = async (event: MessageEvent<ExportJob>) => {
  const { format, table, lang } = event.data;
  try {
    scope.postMessage({ ok: true, blob: await buildFile(format, table, lang) } satisfies ExportJobAnswer);
  } catch (error) {
    scope.postMessage({
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    } satisfies ExportJobAnswer);
  }
};
