import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The node:http plumbing every fake provider shares: a server on 127.0.0.1 at a free port (test
 * files run in parallel), each request's body read whole before the fake sees it, JSON answers,
 * and a close that does not wait for the adapters' keep-alive connections to time out.
 */

export interface FakeServer {
  /** "http://127.0.0.1:<port>". */
  baseUrl: string;
  close(): Promise<void>;
}

/** What a fake does with one request; `body` is the whole body, as UTF-8 text. */
export type FakeHandler = (request: IncomingMessage, body: string, response: ServerResponse) => Promise<void> | void;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** `port` 0 (the default) is a free one; the browser tests name theirs, which the server they start calls. */
export async function startFakeServer(handle: FakeHandler, options: { port?: number } = {}): Promise<FakeServer> {
  const server = createServer((request, response) => {
    readBody(request)
      .then((body) => handle(request, body, response))
      .catch((error: unknown) => {
        // A fault of the fake itself: a 500 carrying it shows in the test, unless the answer is under way.
        if (response.headersSent) response.destroy();
        else response.writeHead(500).end(String(error));
      });
  });
  // A named port may be taken: that fails the test rather than leaving it waiting.
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

/** A request body parsed as JSON; null when it is not JSON (a fake answers that as a bad request). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
