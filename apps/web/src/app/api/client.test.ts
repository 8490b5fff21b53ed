import { API } from "@washboard/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, download, setUnauthorizedHandler } from "./client";

/** What the server answers the next request; the request itself is kept. */
function answer(response: Response) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => response);
  vi.stubGlobal("fetch", fetch);
  return fetch;
}
afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => {});
});

const envelope = (status: number, body: object) =>
  new Response(JSON.stringify({ status, server_time: 1, ...body }), {
    status,
    headers: { "content-type": "application/json" },
  });

describe("download", () => {
  const body = { format: "csv", language: "en" } as const;

  it("reads the file as it arrives, telling how much has come", async () => {
    const chunks = ["\uFEFFNo,Amount\r\n", "W1,RM 5.00\r\n"].map((c) => new TextEncoder().encode(c));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    const fetch = answer(
      new Response(stream, {
        headers: { "content-type": "text/csv;charset=utf-8", "content-disposition": 'attachment; filename="x.csv"' },
      }),
    );
    const received: number[] = [];
    const file = await download(API.orders.export_sandbox, body, {
      signal: new AbortController().signal,
      onBytes: (n) => received.push(n),
    });
    expect(await file.text()).toBe("\uFEFFNo,Amount\r\nW1,RM 5.00\r\n");
    expect(file.type).toBe("text/csv;charset=utf-8");
    expect(received).toEqual([chunks[0]?.byteLength, (chunks[0]?.byteLength ?? 0) + (chunks[1]?.byteLength ?? 0)]);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/Order/get_sandbox_orders/export");
    expect(JSON.parse(String(init?.body))).toMatchObject(body);
  });

  it("throws a refusal as every call does", async () => {
    answer(
      envelope(400, { code: "VALIDATION_FAILED", message: "bad", field: "format", message_key: "validation.invalid" }),
    );
    const refused = download(API.orders.export_sandbox, body, { signal: new AbortController().signal });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ code: "VALIDATION_FAILED", field: "format" });
  });

  it("signs out on an ended session", async () => {
    const signedOut = vi.fn();
    setUnauthorizedHandler(signedOut);
    answer(envelope(401, { code: "UNAUTHORIZED", message: "unauthorized" }));
    await expect(
      download(API.orders.export_sandbox, body, { signal: new AbortController().signal }),
    ).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    expect(signedOut).toHaveBeenCalledOnce();
  });
});
