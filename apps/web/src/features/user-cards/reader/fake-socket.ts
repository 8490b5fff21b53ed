import type { CardReaderBridgeMessage, CardReaderConsoleMessage } from "@washboard/shared";
import type { CardReaderSocket } from "./card-reader-client";

type SocketEvent = "open" | "close" | "error" | "message";
type SocketListener = (event: { readonly data: unknown }) => void;

/** For tests: a WebSocket the test plays the bridge for; it opens, talks and fails when the test says. */
export class FakeSocket implements CardReaderSocket {
  static made: FakeSocket[] = [];
  readyState = 0;
  readonly sent: string[] = [];
  private readonly listeners: Record<SocketEvent, SocketListener[]> = { open: [], close: [], error: [], message: [] };

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }

  static last(): FakeSocket {
    const socket = FakeSocket.made.at(-1);
    if (socket === undefined) throw new Error("no socket was made");
    return socket;
  }

  addEventListener(type: SocketEvent, listener: SocketListener): void {
    this.listeners[type].push(listener);
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error("send on a socket that is not open");
    this.sent.push(data);
  }

  close(): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.emit("close");
  }

  open(): void {
    this.readyState = 1;
    this.emit("open");
  }

  /** What a browser does when nothing listens on the port: error, then close. */
  refuse(): void {
    this.readyState = 3;
    this.emit("error");
    this.emit("close");
  }

  receive(message: CardReaderBridgeMessage | string): void {
    this.emit("message", typeof message === "string" ? message : JSON.stringify(message));
  }

  /** The requests sent, heartbeats left out. */
  requests(): CardReaderConsoleMessage[] {
    return this.sent.filter((frame) => frame !== "ping").map((frame) => JSON.parse(frame) as CardReaderConsoleMessage);
  }

  lastRequest(): CardReaderConsoleMessage {
    const request = this.requests().at(-1);
    if (request === undefined) throw new Error("nothing was requested");
    return request;
  }

  private emit(type: SocketEvent, data?: unknown): void {
    for (const listener of this.listeners[type]) listener({ data });
  }
}
