import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LIVE_MAX_BACKOFF_MS, LiveConnection } from "./live-connection";

/** A fetch answering each request with the next scripted stream (text chunks, then end) or failure. */
function scriptedFetch(script: (string[] | "fail" | 401)[]) {
  const requests: { headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (_url: string, init: { headers: Record<string, string> }) => {
    requests.push({ headers: init.headers });
    const next = script.shift() ?? "fail";
    if (next === "fail") throw new TypeError("network down");
    if (next === 401) return new Response("{}", { status: 401 });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of next) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { fetchMock, requests };
}

/** Lets the fetch promise chain run (timers are fake, so only microtasks move). */
async function settle() {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}

describe("LiveConnection", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("reconnects after the stream ends, resuming after the last event id it received", async () => {
    const { requests } = scriptedFetch([
      ["retry: 1000\n\nid: 41\nevent: a\ndata: 1\n\n"],
      ["id: 42\nevent: a\ndata: 2\n\n"],
    ]);
    const seen: string[] = [];
    const connection = new LiveConnection({
      url: () => "/api/live/events",
      headers: () => ({ "api-key": "k" }),
      onEvent: (event) => seen.push(`${event.id}:${event.data}`),
      onUnauthorized: () => {},
    });
    connection.open();
    await vi.waitFor(() => expect(seen).toEqual(["41:1"]));
    expect(requests[0]?.headers["last-event-id"]).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(seen).toEqual(["41:1", "42:2"]));
    expect(requests[1]?.headers["last-event-id"]).toBe("41");
    connection.close();
  });

  it("waits longer after each failure, up to 30 s, and stops for good on 401", async () => {
    const { fetchMock } = scriptedFetch(["fail", "fail", "fail", "fail", "fail", "fail", 401]);
    let unauthorized = 0;
    const connection = new LiveConnection({
      url: () => "/x",
      headers: () => ({}),
      onEvent: () => {},
      onUnauthorized: () => unauthorized++,
    });
    connection.open();
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // 1 s, 2 s, 4 s, 8 s, 16 s, then capped at 30 s.
    for (const [wait, calls] of [
      [999, 1],
      [1, 2],
      [2000, 3],
      [4000, 4],
      [8000, 5],
      [16000, 6],
      [LIVE_MAX_BACKOFF_MS, 7],
    ] as const) {
      await vi.advanceTimersByTimeAsync(wait);
      await settle();
      expect(fetchMock).toHaveBeenCalledTimes(calls);
    }
    expect(unauthorized).toBe(1);
    await vi.advanceTimersByTimeAsync(LIVE_MAX_BACKOFF_MS * 2);
    expect(fetchMock).toHaveBeenCalledTimes(7);
  });
});
