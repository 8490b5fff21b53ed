import { type SseEvent, SseParser, TIMING } from "@washboard/shared";

export interface LiveConnectionOptions {
  url: () => string;
  headers: () => Record<string, string>;
  onEvent: (event: SseEvent) => void;
  /** The server refused the session (401): the stream stops for good. */
  onUnauthorized: () => void;
  /** Every (re)connection, with whether it is the first. */
  onOpen?: (first: boolean) => void;
}

/** The longest pause between reconnection attempts. */
export const LIVE_MAX_BACKOFF_MS = 30_000;

/**
 * One live stream kept open: reads it with fetch (so the api-key and the session travel as headers,
 * never in a URL), and when it breaks connects again — after the server's `retry`, then doubling
 * pauses up to 30 s — sending the last event id so nothing in between is lost.
 */
export class LiveConnection {
  private controller: AbortController | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastEventId: string | null = null;
  private failures = 0;
  private opened = 0;
  private closed = false;

  constructor(private readonly options: LiveConnectionOptions) {}

  open(): void {
    this.closed = false;
    void this.connect();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.controller?.abort();
    this.controller = null;
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const controller = new AbortController();
    this.controller = controller;
    const parser = new SseParser();
    try {
      const headers: Record<string, string> = { accept: "text/event-stream", ...this.options.headers() };
      if (this.lastEventId) headers["last-event-id"] = this.lastEventId;
      const response = await fetch(this.options.url(), { headers, signal: controller.signal });
      if (response.status === 401) {
        this.closed = true;
        this.options.onUnauthorized();
        return;
      }
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      this.failures = 0;
      this.options.onOpen?.(this.opened++ === 0);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const event of parser.push(value)) {
          if (event.id !== null) this.lastEventId = event.id;
          this.options.onEvent(event);
        }
      }
    } catch {
      // A network error or an aborted read: reconnect below unless closed.
    }
    if (this.controller === controller) this.controller = null;
    this.reconnectLater(parser.retryMs);
  }

  private reconnectLater(serverRetryMs: number | null): void {
    if (this.closed) return;
    const base = serverRetryMs ?? TIMING.liveReconnectMs;
    const wait = Math.min(base * 2 ** this.failures, LIVE_MAX_BACKOFF_MS);
    this.failures += 1;
    this.timer = setTimeout(() => void this.connect(), wait);
  }
}
