import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** Text files worth sending compressed; HTML is left out: the server fills in the api-key and compresses it itself. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|wasm)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file the build emits, so
 * the server sends them as they are (@fastify/static's `preCompressed`) instead of compressing each
 * answer, or not at all. Maximum compression: it is paid once per build.
 */
export function precompressFiles(dir: string, files: readonly string[]): string[] {
  const written: string[] = [];
  for (const file of files) {
    if (!COMPRESSIBLE.test(file)) continue;
    const full = path.join(dir, file);
    const content = fs.readFileSync(full);
    if (content.length < MIN_BYTES) continue;
    fs.writeFileSync(
      `${full}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    fs.writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }));
    written.push(file);
  }
  return written;
}

export function precompressPlugin(): Plugin {
  return {
    name: "washboard-precompress",
    apply: "build",
    writeBundle(options, bundle) {
      if (options.dir) precompressFiles(options.dir, Object.keys(bundle));
    },
  };
}
