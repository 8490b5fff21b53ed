import { createServer, type IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import {
  CARD_READER_PING,
  CARD_READER_PONG,
  CARD_READER_PORT,
  CARD_READER_PROTOCOL_VERSION,
  type CardReaderBridgeMessage,
  parseCardReaderConsoleFrame,
} from "@washboard/shared";
import { type RawData, type WebSocket, WebSocketServer } from "ws";
import { AnswerMemory } from "./answer-memory.js";
import { closeServer, listenOn } from "./loopback.js";
import { DEFAULT_ALLOWED_ORIGINS, originAllowed } from "./origins.js";
import type { ReaderBackend, ReaderEvents } from "./readers/reader.js";
import { answerRequest } from "./requests.js";
import { BRIDGE_VERSION } from "./version.js";

export interface BridgeOptions {
  /** A loopback address; anything else is refused. */
  host?: string;
  /** CARD_READER_PORT unless told; 0 for any free port (tests). */
  port?: number;
  reader: ReaderBackend;
  /** Origins whose pages may connect; see originAllowed. */
  allowedOrigins?: readonly string[];
  /** Where refused connections are noted, so an operator can see why the console does not connect. */
  log?: (line: string) => void;
}

export interface RunningBridge {
  port: number;
  /** Says goodbye to every console and stops listening. The reader stays open: it is the caller's. */
  close(): Promise<void>;
}

/** A frame is a small JSON object; anything this big is not from the console. */
const MAX_FRAME_BYTES = 16 * 1024;
/** How long a console gets to acknowledge the closing handshake before its socket is cut. */
const CLOSE_GRACE_MS = 1000;

function send(socket: WebSocket, message: CardReaderBridgeMessage | typeof CARD_READER_PONG): void {
  if (socket.readyState !== socket.OPEN) return;
  socket.send(typeof message === "string" ? message : JSON.stringify(message));
}

function frameText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data).toString("utf8");
}

function refuseUpgrade(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function closeClient(socket: WebSocket): Promise<void> {
  if (socket.readyState === socket.CLOSED) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const cut = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS);
    socket.once("close", () => {
      clearTimeout(cut);
      resolve();
    });
    socket.close(1001, "the card-reader bridge is stopping");
  });
}

/**
 * The WebSocket the console talks to (spec §4): hello on connect, the reader's events to every
 * console, read and write_balance answered once per request_id, ping answered with pong.
 */
export async function startBridge(options: BridgeOptions): Promise<RunningBridge> {
  const { reader, host = "127.0.0.1", port = CARD_READER_PORT, log = () => {} } = options;
  const allowedOrigins = options.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS;
  const answers = new AnswerMemory<CardReaderBridgeMessage>();
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });

  const broadcast = (message: CardReaderBridgeMessage) => {
    for (const socket of sockets.clients) send(socket, message);
  };
  const readerListeners: { [E in keyof ReaderEvents]: (...args: ReaderEvents[E]) => void } = {
    reader_attached: (name) => broadcast({ type: "reader_attached", reader: name }),
    reader_removed: (name) => broadcast({ type: "reader_removed", reader: name }),
    card_present: (name, uuid) => broadcast({ type: "card_present", reader: name, uuid }),
    card_removed: (name) => broadcast({ type: "card_removed", reader: name }),
  };
  const stopListening = () => {
    reader.off("reader_attached", readerListeners.reader_attached);
    reader.off("reader_removed", readerListeners.reader_removed);
    reader.off("card_present", readerListeners.card_present);
    reader.off("card_removed", readerListeners.card_removed);
  };
  reader.on("reader_attached", readerListeners.reader_attached);
  reader.on("reader_removed", readerListeners.reader_removed);
  reader.on("card_present", readerListeners.card_present);
  reader.on("card_removed", readerListeners.card_removed);

  const onFrame = (socket: WebSocket, text: string) => {
    if (text === CARD_READER_PING) {
      send(socket, CARD_READER_PONG);
      return;
    }
    const parsed = parseCardReaderConsoleFrame(text);
    if (!parsed.ok) {
      const error: CardReaderBridgeMessage = { type: "error", code: "bad_request", message: parsed.reason };
      send(socket, parsed.request_id === undefined ? error : { ...error, request_id: parsed.request_id });
      return;
    }
    answers
      .answer(parsed.message.request_id, () => answerRequest(reader, parsed.message))
      .then((answer) => send(socket, answer));
  };

  sockets.on("connection", (socket: WebSocket) => {
    socket.on("message", (data, isBinary) => {
      if (isBinary) {
        send(socket, { type: "error", code: "bad_request", message: "frames are text" });
        return;
      }
      onFrame(socket, frameText(data));
    });
    // A console that sends an oversized frame is cut by ws; the error must not take the bridge down.
    socket.on("error", () => socket.terminate());
    send(socket, {
      type: "hello",
      version: CARD_READER_PROTOCOL_VERSION,
      bridge_version: BRIDGE_VERSION,
      readers: reader.readers(),
      simulated: reader.simulated,
    });
    // A console that connects while a card lies on the reader hears of it as if it had just been tapped.
    const card = reader.currentCard();
    if (card !== null) send(socket, { type: "card_present", reader: card.reader, uuid: card.uuid });
  });

  const server = createServer((_request, response) => {
    response.writeHead(426, { "content-type": "text/plain; charset=utf-8", upgrade: "websocket" });
    response.end("The Washboard card-reader bridge: connect with a WebSocket.\n");
  });
  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const origin = request.headers.origin;
    if (!originAllowed(origin, allowedOrigins)) {
      log(`refused a connection from ${origin}: start the bridge with --allow-origin ${origin} to allow it`);
      refuseUpgrade(socket, "403 Forbidden");
      return;
    }
    sockets.handleUpgrade(request, socket, head, (client) => sockets.emit("connection", client, request));
  });

  let boundPort: number;
  try {
    boundPort = await listenOn(server, host, port);
  } catch (error) {
    // Most often the port is taken: another bridge already runs. Leave the reader as it was.
    stopListening();
    sockets.close();
    throw error;
  }
  return {
    port: boundPort,
    async close() {
      stopListening();
      await Promise.all([...sockets.clients].map(closeClient));
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      await closeServer(server);
    },
  };
}
