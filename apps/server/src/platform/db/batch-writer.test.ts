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

  it("sets aside only the item the database refuses; every other item of its batch is written", async () => {
    const stored: number[] = [];
    const asideItems: number[] = [];
    let writes = 0;
    const writer = new BatchWriter<{ n: number; poison?: boolean }>({
      write: async (items) => {
        writes += 1;
        // As a statement does: all or nothing.
        if (items.some((i) => i.poison)) throw Object.assign(new Error("invalid byte sequence"), { code: "22021" });
        stored.push(...items.map((i) => i.n));
      },
      setAside: async (item) => void asideItems.push(item.n),
      onError: () => undefined,
    });
    for (let n = 0; n < 100; n++) writer.add({ n, ...(n === 37 || n === 80 ? { poison: true } : {}) });
    await writer.flush();
    expect(asideItems).toEqual([37, 80]);
    expect(stored.sort((a, b) => a - b)).toEqual(
      Array.from({ length: 100 }, (_, n) => n).filter((n) => n !== 37 && n !== 80),
    );
    // Halving finds two bad items among a hundred in a few dozen writes, not a hundred.
    expect(writes).toBeLessThan(40);
  });

  it("writes a merged item part by part when it fails, so the good parts of one key are kept", async () => {
    const patches: { id: number; a?: number; b?: string }[] = [];
    const aside: unknown[] = [];
    const writer = new BatchWriter<{ id: number; a?: number; b?: string }>({
      keyOf: (item) => item.id,
      write: async (items) => {
        if (items.some((i) => i.b?.includes("\u0000")))
          throw Object.assign(new Error("unsupported"), { code: "22P05" });
        patches.push(...items);
      },
      setAside: async (item) => void aside.push(item),
      onError: () => undefined,
    });
    writer.add({ id: 1, a: 1 });
    writer.add({ id: 1, b: "bad\u0000" });
    writer.add({ id: 1, a: 2 });
    writer.add({ id: 2, a: 9 });
    await writer.flush();
    expect(aside).toEqual([{ id: 1, b: "bad\u0000" }]);
    expect(patches).toEqual([
      { id: 1, a: 1 },
      { id: 1, a: 2 },
      { id: 2, a: 9 },
    ]);
  });

  it("writes a batch again, whole, while the database is away, and reports it only when it stays away", async () => {
    let calls = 0;
    const stored: number[] = [];
    const errors: unknown[] = [];
    const writer = new BatchWriter<{ n: number }>({
      write: async (items) => {
        calls += 1;
        if (calls <= 2) throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
        stored.push(...items.map((i) => i.n));
      },
      onError: (error) => errors.push(error),
      retryDelaysMs: [1],
    });
    writer.add({ n: 1 });
    writer.add({ n: 2 });
    await writer.flush();
    expect(stored).toEqual([1, 2]);
    expect(errors).toEqual([]);

    const away = new BatchWriter<{ n: number }>({
      write: async () => {
        throw Object.assign(new Error("the database system is shutting down"), { code: "57P03" });
      },
      onError: (error) => errors.push(error),
      setAside: async () => {
        throw new Error("never: nothing is wrong with the item");
      },
      retryDelaysMs: [1],
      maxAttempts: 3,
    });
    away.add({ n: 3 });
    await away.flush();
    expect(errors).toHaveLength(1);
  });
});
