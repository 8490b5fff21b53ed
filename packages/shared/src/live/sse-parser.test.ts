import { describe, expect, it } from "vitest";
import { SseParser } from "./sse-parser.js";

describe("SseParser", () => {
  it("reads events split across chunks anywhere, with ids, names and multi-line data", () => {
    const parser = new SseParser();
    const text =
      'retry: 1000\n: connected\n\nid: 7\nevent: operationLog.recorded\ndata: {"id":\ndata: 1}\n\n: heartbeat\n\nid: 8\ndata: x\r\n\r\n';
    const events = [];
    for (let i = 0; i < text.length; i += 5) events.push(...parser.push(text.slice(i, i + 5)));
    expect(events).toEqual([
      { id: "7", event: "operationLog.recorded", data: '{"id":\n1}' },
      { id: "8", event: "message", data: "x" },
    ]);
    expect(parser.retryMs).toBe(1000);
  });

  it("keeps the last id for events without one, and ignores blank events and comments", () => {
    const parser = new SseParser();
    expect(parser.push("id: 3\n\n: only a comment\n\nevent: reset\ndata: {}\n\n")).toEqual([
      { id: "3", event: "reset", data: "{}" },
    ]);
  });
});
