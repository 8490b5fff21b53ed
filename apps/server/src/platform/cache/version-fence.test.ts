import { describe, expect, it } from "vitest";
import { FencedCache } from "./fenced-cache.js";
import { VersionFence, type Versions } from "./version-fence.js";

/** A database stand-in: each read waits until the test lets it answer with the versions of that moment. */
function controlledReads() {
  const reads: { keys: string[]; answer(versions: Record<string, number>): void; fail(error: Error): void }[] = [];
  const fence = new VersionFence(
    (keys) =>
      new Promise<Versions>((resolve, reject) => {
        reads.push({
          keys: [...keys].sort(),
          answer: (versions) => resolve(new Map(Object.entries(versions))),
          fail: reject,
        });
      }),
  );
  return { fence, reads };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("the version fence", () => {
  it("reads once for every request that asks in the same turn", async () => {
    const { fence, reads } = controlledReads();
    const asked = [fence.read(["v:1"]), fence.read(["v:2", "a:7"]), fence.read(["v:1"])];
    await turn();
    expect(reads.map((r) => r.keys)).toEqual([["a:7", "v:1", "v:2"]]);
    reads[0]?.answer({ "v:1": 3, "v:2": 1 });
    const [first, second] = await Promise.all(asked);
    expect(first?.get("v:1")).toBe(3);
    expect(second?.get("a:7")).toBeUndefined();
  });

  it("never answers a request with a read that began before it asked", async () => {
    const { fence, reads } = controlledReads();
    const early = fence.read(["v:1"]);
    await turn();
    // Asked while the first read is under way: they wait for the next, which starts when it ends.
    let lateAnswered = false;
    const late = [fence.read(["v:1"]), fence.read(["v:2"])];
    void Promise.all(late).then(() => {
      lateAnswered = true;
    });
    reads[0]?.answer({ "v:1": 1 });
    expect((await early).get("v:1")).toBe(1);
    await turn();
    expect(lateAnswered).toBe(false);
    expect(reads.map((r) => r.keys)).toEqual([["v:1"], ["v:1", "v:2"]]);
    reads[1]?.answer({ "v:1": 2, "v:2": 5 });
    expect((await late[0])?.get("v:1")).toBe(2);
    expect((await late[1])?.get("v:2")).toBe(5);
  });

  it("refuses the requests of a failed read and reads again for the next ones", async () => {
    const { fence, reads } = controlledReads();
    const failed = fence.read(["v:1"]);
    await turn();
    reads[0]?.fail(new Error("database gone"));
    await expect(failed).rejects.toThrow("database gone");
    const next = fence.read(["v:1"]);
    await turn();
    reads[1]?.answer({ "v:1": 4 });
    expect((await next).get("v:1")).toBe(4);
  });
});

describe("the fenced cache", () => {
  it("serves a value while every key it depends on is at the version it was read at", () => {
    const cache = new FencedCache<string>(10);
    cache.set(
      "list",
      "answer",
      new Map([
        ["v:1", 3],
        ["g:1", 0],
      ]),
    );
    expect(cache.get("list", new Map([["v:1", 3]]))).toBe("answer");
    expect(cache.get("list", new Map([["v:1", 4]]))).toBeUndefined();
    // Dropped once found stale: an older version coming back does not revive it.
    expect(cache.get("list", new Map([["v:1", 3]]))).toBeUndefined();
  });

  it("keeps at most its capacity, dropping the oldest stored", () => {
    const cache = new FencedCache<number>(2);
    const none = new Map<string, number>();
    cache.set("a", 1, none);
    cache.set("b", 2, none);
    cache.set("c", 3, none);
    expect([cache.get("a", none), cache.get("b", none), cache.get("c", none)]).toEqual([undefined, 2, 3]);
    expect(cache.size).toBe(2);
  });
});
