import type { Readable } from "node:stream";

/** A download call's answer: a file written while it is sent. */
export interface FileAnswer {
  filename: string;
  contentType: string;
  body: Readable;
}

/**
 * The Content-Disposition of a file to save: an ASCII name for old clients, and the real name
 * (a Thai or Chinese page title) percent-encoded as RFC 6266 has it.
 */
export function attachmentHeader(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
