import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** A firmware file server on loopback, as the console's download address answers: whole or by range. */
export interface FirmwareServer {
  url: string;
  bytes: Uint8Array;
  sha256: string;
  /** Each request's Range header ("" for none), in order. */
  ranges: string[];
  /** Answer the whole file even to a range request (a server without range support). */
  ignoreRanges: boolean;
  /** Wait this long before answering (a slow line). */
  delayMs: number;
  close(): Promise<void>;
}

export async function startFirmwareServer(size = 256 * 1024): Promise<FirmwareServer> {
  const bytes = new Uint8Array(size).map((_, i) => (i * 31 + 7) % 251);
  const state = { ranges: [] as string[], ignoreRanges: false, delayMs: 0 };
  const server = http.createServer(async (request, response) => {
    if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    const range = request.headers.range ?? "";
    state.ranges.push(range);
    const match = /^bytes=(\d+)-$/.exec(range);
    if (match && !state.ignoreRanges) {
      const start = Number(match[1]);
      if (start >= size) {
        response.writeHead(416, { "content-range": `bytes */${size}` }).end();
        return;
      }
      response.writeHead(206, {
        "content-length": size - start,
        "content-range": `bytes ${start}-${size - 1}/${size}`,
      });
      response.end(bytes.subarray(start));
      return;
    }
    response.writeHead(200, { "content-length": size, "accept-ranges": "bytes" });
    response.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/firmware.bin`,
    bytes,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    get ranges() {
      return state.ranges;
    },
    get ignoreRanges() {
      return state.ignoreRanges;
    },
    set ignoreRanges(value: boolean) {
      state.ignoreRanges = value;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
