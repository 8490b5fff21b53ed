import type { FastifyReply, FastifyRequest } from "fastify";
import type { LiveBus, LiveEvent } from "../live/bus.js";
import { endedSessionsOf, namesSession, SESSIONS_ENDED_TOPIC } from "../live/ended-sessions.js";
import type { SignedInContext } from "./context.js";

export interface StreamOptions {
  /** Whether this subscriber may see this event (its tenant, its permission keys). */
  select(event: LiveEvent, ctx: SignedInContext): boolean;
  /** A comment line this often keeps proxies from closing an idle stream; the session is checked then too. */
  heartbeatMs: number;
  /**
   * Whether the session is still valid; the stream ends when it is not (logout, revocation,
   * disabling). Checked at every heartbeat, and at once when the bus announces that sessions of the
   * stream's account ended (`ended-sessions.ts`), on whichever instance the stream is held.
   */
  stillSignedIn(ctx: SignedInContext): Promise<boolean>;
  /** Keeps the stream's `end` so that shutting the server down ends every open stream first. */
  track(end: (retryMs?: number) => void): () => void;
}

/** One server-sent event: `id`, `event` and a JSON `data` line. */
function frame(event: LiveEvent): string {
  return `id: ${event.id}\nevent: ${event.topic}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/**
 * Serves one browser's stream once the access pipeline has let the request through: first what it
 * missed since `Last-Event-ID` (or a `reset` event when that is no longer known), then every event
 * the bus delivers that `select` lets through, with heartbeats, until the browser leaves, the
 * session ends (announced on the bus, or found at a heartbeat), or the server shuts down.
 */
export async function serveStream(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: SignedInContext,
  bus: LiveBus,
  options: StreamOptions,
): Promise<void> {
  const headers = {
    ...(reply.getHeaders() as Record<string, string>),
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    // Reverse proxies (nginx) would otherwise buffer the stream.
    "x-accel-buffering": "no",
  };
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, headers);
  const open = request.server.metrics.liveStreams;
  open.inc();

  // Events arriving while the missed ones are read wait here, so order holds and none is lost.
  let replaying = true;
  const held: LiveEvent[] = [];
  const replayed = new Set<string>();
  const send = (event: LiveEvent) => {
    // The bus's own announcements are never a browser's (a replay reads them too).
    if (event.topic !== SESSIONS_ENDED_TOPIC && options.select(event, ctx)) raw.write(frame(event));
  };
  const unsubscribe = bus.subscribe((event) => {
    const endedSessions = endedSessionsOf(event);
    if (endedSessions) {
      // Checked rather than believed: the announcement may be older than this session.
      if (namesSession(endedSessions, ctx.actor)) checkSession();
      return;
    }
    if (replaying) held.push(event);
    // The replay read an event whose live copy comes only now (its notification was still on the
    // way): each replayed id is skipped once, so it is sent once.
    else if (!replayed.delete(event.id)) send(event);
  });

  let ended = false;
  /** `retryMs`: the server is stopping; the browser reconnects (to another instance) after that long. */
  const end = (retryMs?: number) => {
    if (ended) return;
    ended = true;
    open.dec();
    clearInterval(heartbeat);
    unsubscribe();
    untrack();
    if (retryMs !== undefined) raw.write(`retry: ${retryMs}\n\n`);
    raw.end();
  };
  const untrack = options.track(end);
  function checkSession() {
    void options.stillSignedIn(ctx).then((valid) => {
      if (!valid && !ended) {
        raw.write("event: session-ended\ndata: {}\n\n");
        end();
      }
    });
  }
  const heartbeat = setInterval(() => {
    raw.write(": heartbeat\n\n");
    checkSession();
  }, options.heartbeatMs);
  request.raw.on("close", () => end());

  raw.write(`retry: 1000\n: connected\n\n`);
  const lastEventId = request.headers["last-event-id"];
  if (typeof lastEventId === "string" && lastEventId !== "") {
    const missed = await bus.since(lastEventId).catch(() => null);
    if (missed === null) raw.write("event: reset\ndata: {}\n\n");
    else
      for (const event of missed) {
        replayed.add(event.id);
        send(event);
      }
  }
  replaying = false;
  for (const event of held) if (!replayed.delete(event.id)) send(event);
  held.length = 0;
}
