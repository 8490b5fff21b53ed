import { type SseEvent, SseParser } from "@washboard/shared";
import type { FastifyInstance } from "fastify";
import { TEST_API_KEY } from "./harness.js";

/** An app listening on loopback (a stream needs a real connection); answers its base address. */
export async function listening(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return address;
}

export interface EventStream {
  status: number;
  events: SseEvent[];
  /** The next event (already received or still to come) for which `match` holds. */
  next(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens a live stream as the console does: api-key and Bearer session in headers, Last-Event-ID to resume. */
export async function openEventStream(
  baseUrl: string,
  path: string,
  options: { token: string; lastEventId?: string; query?: string },
): Promise<EventStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { "api-key": TEST_API_KEY, authorization: `Bearer ${options.token}` };
  if (options.lastEventId) headers["last-event-id"] = options.lastEventId;
  const response = await fetch(`${baseUrl}${path}${options.query ?? ""}`, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  const parser = new SseParser();
  const ended = (async () => {
    if (!response.body) return;
    try {
      for await (const chunk of response.body.pipeThrough(new TextDecoderStream())) {
        events.push(...parser.push(chunk));
        for (const wake of waiters) wake();
      }
    } catch {
      // Closed by the test.
    }
  })();
  return {
    status: response.status,
    events,
    ended,
    close: () => controller.abort(),
    next(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = events.find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(found);
          return true;
        };
        const wake = () => void look();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${events.map((e) => e.event).join(", ")}`));
        }, timeoutMs);
        waiters.add(wake);
        look();
      });
    },
  };
}
