import { brotliCompressSync, gzipSync } from "node:zlib";

export type ContentEncoding = "br" | "gzip";

/**
 * The encoding to answer with, from the request's Accept-Encoding: brotli before gzip, none refused
 * with `q=0`; undefined when the client takes neither.
 */
export function chosenEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  const accepted = new Set(
    (acceptEncoding ?? "")
      .toLowerCase()
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
      .map(([name]) => name?.trim()),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return undefined;
}

/** A document kept in memory with its compressed copies, made once. */
export interface EncodedDocument {
  plain: string;
  br: Buffer;
  gzip: Buffer;
}

export function encodedDocument(plain: string): EncodedDocument {
  return { plain, br: brotliCompressSync(plain), gzip: gzipSync(plain, { level: 9 }) };
}
