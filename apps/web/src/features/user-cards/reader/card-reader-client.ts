import {
  CARD_READER_HEARTBEAT_IDLE_MS,
  CARD_READER_PING,
  CARD_READER_PONG,
  CARD_READER_PORT,
  CARD_READER_PROTOCOL_VERSION,
  CARD_READER_RECONNECT_MS,
  CARD_READER_RESEND_MS,
  CARD_READER_SEND_TRIES,
  type CardReaderBridgeMessage,
  type CardReaderConsoleMessage,
  type CardReaderErrorCode,
  type CardReaderErrorMessage,
  type CardReadResult,
  type CardWriteResult,
  parseCardReaderBridgeFrame,
} from "@washboard/shared";

/*
 * The console's side of the card-reader bridge (spec §4, docs/card-reader-protocol.md): one
 * WebSocket to the bridge on the counter PC, kept up by itself, that turns the bridge's messages
 * into a state the card pages show and gives promises for reads and writes. No React here, so the
 * same class runs in the browser, in unit tests with a fake socket and in node against a real bridge.
 */

/** What the client needs of a WebSocket: the browser's and the `ws` package's both fit. */
export interface CardReaderSocket {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  addEventListener(type: "open" | "close" | "error", listener: () => void): void;
  addEventListener(type: "message", listener: (event: { readonly data: unknown }) => void): void;
}

export type CardReaderSocketConstructor = new (url: string) => CardReaderSocket;

/**
 * - connecting: the first attempt to reach the bridge is under way.
 * - failed: the bridge cannot be reached or was lost ("connection to card-reader app failed, run
 *   the app first"); the client keeps trying every 5 s. Also a bridge speaking another protocol version.
 * - no_reader: the bridge runs but no reader is plugged in ("card reader: insert card, reader not found").
 * - waiting: a reader is there, no card on it.
 * - reading: a card was put on the reader and is being read.
 * - card: the card on the reader and its balance are known.
 */
export type CardReaderState = "connecting" | "failed" | "no_reader" | "waiting" | "reading" | "card";

export interface CardOnReader {
  reader: string;
  uuid: string;
  /** Minor units stored on the card; null when the card holds no balance yet. */
  balance: number | null;
}

export type CardReaderFailureCode = CardReaderErrorCode | "not_connected" | "timeout" | "closed";

export interface CardReaderSnapshot {
  state: CardReaderState;
  /** The card on the reader with its balance: set in state "card" only. */
  card: CardOnReader | null;
  /** The card the bridge says lies on the reader, read or not. */
  presentCard: { reader: string; uuid: string } | null;
  readers: readonly string[];
  /** The bridge runs its simulated reader: the console may say so, so nobody takes it for a real card. */
  simulated: boolean;
  /** Why the card that arrived could not be read, or the bridge is not compatible; null otherwise. */
  error: { code: CardReaderFailureCode; message: string } | null;
}

/** A read or write that did not succeed; `code` is the bridge's or one of the client's own. */
export class CardReaderRequestError extends Error {
  constructor(
    readonly code: CardReaderFailureCode,
    message: string,
  ) {
    super(message);
    this.name = "CardReaderRequestError";
  }
}

export interface CardReaderClientOptions {
  /** ws://127.0.0.1:CARD_READER_PORT unless told. */
  url?: string;
  /** The WebSocket class; the browser's unless told. */
  WebSocket?: CardReaderSocketConstructor;
  /** The wait before reconnecting, CARD_READER_RECONNECT_MS unless told: only tests shorten it. */
  reconnectMs?: number;
}

type Listener = (snapshot: CardReaderSnapshot) => void;
type Timer = ReturnType<typeof setTimeout>;

interface PendingRequest {
  type: CardReaderConsoleMessage["type"];
  frame: string;
  sends: number;
  timer: Timer | undefined;
  resolve(answer: CardReadResult | CardWriteResult): void;
  reject(error: CardReaderRequestError): void;
}

/** "ready" once the bridge said hello in a version this console speaks. */
type Connection = "connecting" | "failed" | "incompatible" | "ready";

const SOCKET_OPEN = 1;
const NOT_CONNECTED = "the card-reader app is not connected";

function browserWebSocket(): CardReaderSocketConstructor {
  const found: unknown = Reflect.get(globalThis, "WebSocket");
  if (typeof found !== "function") throw new Error("this environment has no WebSocket; pass one in the options");
  // The browser's WebSocket has the members CardReaderSocket names; its event types are wider than the client needs.
  return found as CardReaderSocketConstructor;
}

/** A per-client prefix, so two consoles on one bridge never share a request_id (the bridge remembers answers by it). */
function randomPrefix(): string {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export class CardReaderClient {
  private readonly url: string;
  private readonly WebSocketClass: CardReaderSocketConstructor;
  private readonly reconnectMs: number;
  private readonly requestPrefix = randomPrefix();
  private requestCount = 0;

  private socket: CardReaderSocket | null = null;
  private connection: Connection = "connecting";
  private readers: string[] = [];
  private simulated = false;
  private presentCard: { reader: string; uuid: string } | null = null;
  private card: CardOnReader | null = null;
  private error: CardReaderSnapshot["error"] = null;
  private readonly pending = new Map<string, PendingRequest>();

  private reconnectTimer: Timer | undefined;
  private idleTimer: Timer | undefined;
  /** A ping went out and nothing came back since: a second silent stretch means the bridge is gone. */
  private awaitingPong = false;
  private closed = false;

  private readonly listeners = new Set<Listener>();
  private current: CardReaderSnapshot;
  private currentKey: string;

  constructor(options: CardReaderClientOptions = {}) {
    this.url = options.url ?? `ws://127.0.0.1:${CARD_READER_PORT}`;
    this.WebSocketClass = options.WebSocket ?? browserWebSocket();
    this.reconnectMs = options.reconnectMs ?? CARD_READER_RECONNECT_MS;
    this.current = this.buildSnapshot();
    this.currentKey = JSON.stringify(this.current);
    this.connect();
  }

  /** The state now; the same object until something changes (what useSyncExternalStore needs). */
  readonly getSnapshot = (): CardReaderSnapshot => this.current;

  /** Calls `listener` on every change of the snapshot; returns the way to stop. */
  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Reads the card on the reader. Rejects with a CardReaderRequestError (no_reader, no_card, timeout, …). */
  async read(): Promise<CardOnReader> {
    const answer = await this.request({ type: "read", request_id: this.nextRequestId() });
    if (answer.type !== "read_result")
      throw new CardReaderRequestError("bad_request", "the bridge answered a read with a write");
    return { reader: answer.reader, uuid: answer.uuid, balance: answer.balance };
  }

  /**
   * Stores `balance` on the card `uuid`; rejects with card_changed when another card lies on the
   * reader. Resent with the same request_id when unanswered, which the bridge never applies twice.
   */
  async writeBalance(uuid: string, balance: number): Promise<{ uuid: string; balance: number }> {
    const answer = await this.request({ type: "write_balance", request_id: this.nextRequestId(), uuid, balance });
    if (answer.type !== "write_result")
      throw new CardReaderRequestError("bad_request", "the bridge answered a write with a read");
    return { uuid: answer.uuid, balance: answer.balance };
  }

  /** Stops for good: no socket, no timer, pending requests rejected. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.idleTimer);
    this.rejectPending("closed", "the card reader was closed");
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    this.listeners.clear();
  }

  private connect(): void {
    this.reconnectTimer = undefined;
    let socket: CardReaderSocket;
    try {
      socket = new this.WebSocketClass(this.url);
    } catch {
      // A URL the browser refuses outright fails like a bridge that is not there.
      this.connectionLost();
      return;
    }
    this.socket = socket;
    socket.addEventListener("open", () => {
      if (socket === this.socket) this.armIdleTimer();
    });
    socket.addEventListener("message", (event) => {
      if (socket === this.socket) this.onFrame(event.data);
    });
    // A close always follows an error; the listener is there because some WebSockets (ws) throw unheard errors.
    socket.addEventListener("error", () => {});
    socket.addEventListener("close", () => {
      if (socket === this.socket) this.connectionLost();
    });
  }

  private connectionLost(): void {
    this.socket = null;
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    this.awaitingPong = false;
    this.connection = "failed";
    this.readers = [];
    this.presentCard = null;
    this.card = null;
    this.error = null;
    this.rejectPending("not_connected", "the connection to the card-reader app was lost");
    this.publish();
    if (!this.closed) this.reconnectTimer = setTimeout(() => this.connect(), this.reconnectMs);
  }

  /** Spec §4: a heartbeat after 20 s without traffic either way; a ping left unanswered as long drops the connection. */
  private armIdleTimer(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      if (this.awaitingPong) {
        const silent = this.socket;
        this.connectionLost();
        silent?.close();
        return;
      }
      this.sendRaw(CARD_READER_PING);
      this.awaitingPong = true;
    }, CARD_READER_HEARTBEAT_IDLE_MS);
  }

  private sendRaw(text: string): void {
    if (this.socket === null || this.socket.readyState !== SOCKET_OPEN) return;
    this.socket.send(text);
    this.armIdleTimer();
  }

  private onFrame(data: unknown): void {
    this.awaitingPong = false;
    this.armIdleTimer();
    if (typeof data !== "string" || data === CARD_READER_PONG) return;
    const message = parseCardReaderBridgeFrame(data);
    // Not a frame of this protocol version: nothing the console could act on.
    if (message === undefined) return;
    // Before a hello this console understood, the bridge's news cannot be trusted to mean the same.
    if (this.connection !== "ready" && message.type !== "hello") return;
    this.onMessage(message);
    this.publish();
  }

  private onMessage(message: CardReaderBridgeMessage): void {
    switch (message.type) {
      case "hello":
        if (message.version !== CARD_READER_PROTOCOL_VERSION) {
          // Retrying would not help: the operator has to update the bridge, whose restart reconnects.
          this.connection = "incompatible";
          this.error = {
            code: "unsupported",
            message: `the card-reader app speaks protocol ${message.version}, this console ${CARD_READER_PROTOCOL_VERSION}`,
          };
          return;
        }
        this.connection = "ready";
        this.readers = [...message.readers];
        this.simulated = message.simulated;
        this.error = null;
        return;
      case "reader_attached":
        if (!this.readers.includes(message.reader)) this.readers = [...this.readers, message.reader];
        return;
      case "reader_removed":
        this.readers = this.readers.filter((name) => name !== message.reader);
        if (this.presentCard?.reader === message.reader) this.cardGone();
        return;
      case "card_present":
        this.presentCard = { reader: message.reader, uuid: message.uuid };
        if (this.card?.uuid !== message.uuid) this.card = null;
        this.error = null;
        this.readArrivedCard(message.uuid);
        return;
      case "card_removed":
        if (this.presentCard === null || this.presentCard.reader === message.reader) this.cardGone();
        return;
      case "read_result":
      case "write_result":
      case "error":
        this.onAnswer(message);
        return;
    }
  }

  private onAnswer(message: CardReadResult | CardWriteResult | CardReaderErrorMessage): void {
    const id = message.request_id;
    // An answer to a request already settled (the answer to a resend) or not this console's.
    const pending = id === undefined ? undefined : this.pending.get(id);
    if (id === undefined || pending === undefined) return;
    clearTimeout(pending.timer);
    this.pending.delete(id);
    if (message.type === "error") {
      pending.reject(new CardReaderRequestError(message.code, message.message));
      return;
    }
    if (message.type === "read_result") {
      this.presentCard = { reader: message.reader, uuid: message.uuid };
      this.card = { reader: message.reader, uuid: message.uuid, balance: message.balance };
      this.error = null;
    } else if (this.presentCard?.uuid === message.uuid) {
      this.card = { reader: this.presentCard.reader, uuid: message.uuid, balance: message.balance };
    }
    pending.resolve(message);
  }

  private cardGone(): void {
    this.presentCard = null;
    this.card = null;
    this.error = null;
  }

  /** A card put on the reader is read at once, so the page shows its balance without a click. */
  private readArrivedCard(uuid: string): void {
    this.read().catch((error: unknown) => {
      if (this.closed || this.presentCard?.uuid !== uuid || this.card !== null) return;
      const failure =
        error instanceof CardReaderRequestError ? error : new CardReaderRequestError("read_failed", String(error));
      this.error = { code: failure.code, message: failure.message };
      this.publish();
    });
  }

  private request(message: CardReaderConsoleMessage): Promise<CardReadResult | CardWriteResult> {
    if (this.closed) return Promise.reject(new CardReaderRequestError("closed", "the card reader was closed"));
    if (this.connection !== "ready") return Promise.reject(new CardReaderRequestError("not_connected", NOT_CONNECTED));
    return new Promise((resolve, reject) => {
      const pending: PendingRequest = {
        type: message.type,
        frame: JSON.stringify(message),
        sends: 0,
        timer: undefined,
        resolve,
        reject,
      };
      this.pending.set(message.request_id, pending);
      this.transmit(message.request_id, pending);
      this.publish();
    });
  }

  /** Spec §4: unanswered after 1000 ms, the same frame (same request_id) goes again, up to CARD_READER_SEND_TRIES sends. */
  private transmit(id: string, pending: PendingRequest): void {
    pending.sends++;
    this.sendRaw(pending.frame);
    pending.timer = setTimeout(() => {
      if (pending.sends < CARD_READER_SEND_TRIES) {
        this.transmit(id, pending);
        return;
      }
      this.pending.delete(id);
      pending.reject(new CardReaderRequestError("timeout", "the card-reader app did not answer"));
      this.publish();
    }, CARD_READER_RESEND_MS);
  }

  private rejectPending(code: CardReaderFailureCode, message: string): void {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const request of pending) {
      clearTimeout(request.timer);
      request.reject(new CardReaderRequestError(code, message));
    }
  }

  private nextRequestId(): string {
    this.requestCount++;
    return `${this.requestPrefix}-${this.requestCount}`;
  }

  private state(): CardReaderState {
    if (this.connection === "connecting") return "connecting";
    if (this.connection !== "ready") return "failed";
    if (this.readers.length === 0) return "no_reader";
    if (this.card !== null) return "card";
    const reading = [...this.pending.values()].some((request) => request.type === "read");
    return this.presentCard !== null && reading ? "reading" : "waiting";
  }

  private buildSnapshot(): CardReaderSnapshot {
    return {
      state: this.state(),
      card: this.card,
      presentCard: this.presentCard,
      readers: this.readers,
      simulated: this.simulated,
      error: this.error,
    };
  }

  /** A new snapshot for the listeners, only when something they can see changed. */
  private publish(): void {
    if (this.closed) return;
    const next = this.buildSnapshot();
    const key = JSON.stringify(next);
    if (key === this.currentKey) return;
    this.current = next;
    this.currentKey = key;
    for (const listener of [...this.listeners]) listener(next);
  }
}
