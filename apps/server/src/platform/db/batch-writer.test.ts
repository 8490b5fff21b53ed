import { describe, expect, it } from "vitest";
import { BatchWriter } from "./batch-writer.js";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("BatchWriter", () => {
  it("merges items by key and writes them in one batch", async () => {
    const batches: { id: number; a?: number; b?: number }[][] = [];
    const writer = new BatchWriter<{ id: number; a?: number; b?: number }>({
      keyOf: (item) => item.id,
      write: async (items) => void batches.push(items),
      onError: () => undefined,
    });
    writer.add({ id: 1, a: 1 });
    writer.add({ id: 1, b: 2 });
    writer.add({ id: 2, a: 3 });
    await writer.flush();
    expect(batches).toEqual([
      [
        { id: 1, a: 1, b: 2 },
        { id: 2, a: 3 },
      ],
    ]);
  });

  it("with concurrency, never runs more writes at once than allowed, and writes everything", async () => {
    let running = 0;
    let most = 0;
    const written: number[] = [];
    const writer = new BatchWriter<{ n: number }>({
      write: async (items) => {
        running += 1;
        most = Math.max(most, running);
        await tick();
        written.push(...items.map((i) => i.n));
        running -= 1;
      },
      onError: () => undefined,
      concurrency: 3,
    });
    // Far more batches than write slots, all waiting at once: none may wait on another waiter.
    const flushes: Promise<void>[] = [];
    for (let n = 0; n < 40; n++) {
      writer.add({ n });
      flushes.push(writer.flush());
    }
    await Promise.all(flushes);
    await writer.flush();
    expect(most).toBe(3);
    expect(written.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
  });

  it("reports a failed write and goes on with the next", async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const writer = new BatchWriter<{ n: number }>({
      write: async () => {
        calls += 1;
        if (calls === 1) throw new Error("database away");
      },
      onError: (error) => errors.push(error),
    });
    writer.add({ n: 1 });
    await writer.flush();
    writer.add({ n: 2 });
    await writer.flush();
    expect(errors).toHaveLength(1);
    expect(calls).toBe(2);
  });
});
