import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { CARD_READER_TAP_PORT, cardBalance } from "@washboard/shared";
import { z } from "zod";
import { closeServer, listenOn } from "../loopback.js";
import { DEFAULT_ALLOWED_ORIGINS, originAllowed } from "../origins.js";
import { ReaderError } from "./reader.js";
import type { SimulatedReader } from "./simulated.js";

/**
 * Lets scripts and tests do what a hand does at the counter: tap a card, take it away, plug the
 * reader in or out. Every answer is the simulated reader's state after the change.
 *
 *   POST /tap {uuid, balance?}   POST /remove   POST /attach   POST /detach   GET /state
 */

export interface TapServerOptions {
  host?: string;
  /** CARD_READER_TAP_PORT unless told; 0 for any free port (tests). */
  port?: number;
  reader: SimulatedReader;
  /** The bridge's rule: a page on another site must not put cards on the reader either. */
  allowedOrigins?: readonly string[];
}

export interface RunningTapServer {
  port: number;
  close(): Promise<void>;
}

const tapBody = z.object({
  uuid: z.string(),
  /** The balance the card holds from now on; the one it had when left out. */
  balance: cardBalance.nullable().optional(),
});

const MAX_BODY_BYTES = 4096;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, "the body is too large");
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8").trim();
  if (text === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "the body is not JSON");
  }
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(`${JSON.stringify(body)}\n`);
}

export async function startTapServer(options: TapServerOptions): Promise<RunningTapServer> {
  const { reader, host = "127.0.0.1", port = CARD_READER_TAP_PORT } = options;
  const allowedOrigins = options.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS;

  const route = async (request: IncomingMessage): Promise<void> => {
    const path = new URL(request.url ?? "/", "http://tap").pathname;
    const action = `${request.method ?? "GET"} ${path}`;
    switch (action) {
      case "GET /state":
        return;
      case "POST /tap": {
        const body = tapBody.safeParse(await readJsonBody(request));
        if (!body.success) throw new HttpError(400, 'the body is {"uuid": "04A1B2C3", "balance"?: 1500}');
        reader.tap(body.data.uuid, body.data.balance);
        return;
      }
      case "POST /remove":
        reader.remove();
        return;
      case "POST /attach":
        reader.attach();
        return;
      case "POST /detach":
        reader.detach();
        return;
      default: {
        const known = ["/state", "/tap", "/remove", "/attach", "/detach"].includes(path);
        throw new HttpError(known ? 405 : 404, known ? `${request.method} is not allowed here` : `no ${path} here`);
      }
    }
  };

  const server = createServer((request, response) => {
    if (!originAllowed(request.headers.origin, allowedOrigins)) {
      sendJson(response, 403, { error: "this origin may not use the card reader" });
      return;
    }
    route(request).then(
      () => sendJson(response, 200, reader.state()),
      (error: unknown) => {
        if (error instanceof HttpError) sendJson(response, error.status, { error: error.message });
        // Tapping while the reader is unplugged, or a UID that is not one.
        else if (error instanceof ReaderError)
          sendJson(response, error.code === "bad_request" ? 400 : 409, { error: error.message, code: error.code });
        else sendJson(response, 500, { error: String(error) });
      },
    );
  });

  const boundPort = await listenOn(server, host, port);
  return { port: boundPort, close: () => closeServer(server) };
}
