import { type SseEvent, SseParser } from "@washboard/shared";

/** One connection of a live stream: what it received, who served it, and when it ended. */
export interface LiveConnection {
  status: number;
  /** The instance HAProxy chose (its `X-Served-By` header), or null when reached directly. */
  servedBy: string | null;
  events: SseEvent[];
  /** The reconnection delay the server asked for (`retry:`), latest first; null if none. */
  retryMs(): number | null;
  /** Resolves when the server ends the answer. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens the live stream as the console's EventSource does: api-key and Bearer session in headers,
 * and `Last-Event-ID` when it resumes after the connection ended.
 */
export async function openLive(
  baseUrl: string,
  path: string,
  options: { apiKey: string; token: string; lastEventId?: string | null },
): Promise<LiveConnection> {
  const controller = new AbortController();
  const headers: Record<string, string> = {
    "api-key": options.apiKey,
    authorization: `Bearer ${options.token}`,
    accept: "text/event-stream",
  };
  if (options.lastEventId) headers["last-event-id"] = options.lastEventId;
  const response = await fetch(`${baseUrl}${path}`, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const parser = new SseParser();
  const ended = (async () => {
    if (!response.body) return;
    try {
      for await (const chunk of response.body.pipeThrough(new TextDecoderStream())) events.push(...parser.push(chunk));
    } catch {
      // Aborted by the test, or the connection broke: ended either way.
    }
  })();
  return {
    status: response.status,
    servedBy: response.headers.get("x-served-by"),
    events,
    retryMs: () => parser.retryMs,
    ended,
    close: () => controller.abort(),
  };
}

/** Waits until `check` holds, polling; fails with `what` after `timeoutMs`. */
export async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
