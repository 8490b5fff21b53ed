import { describe, expect, it, vi } from "vitest";
import { AnswerMemory } from "./answer-memory.js";

describe("AnswerMemory", () => {
  it("does the work once per request_id, even while the first is still under way", async () => {
    const memory = new AnswerMemory<string>();
    let finish: (answer: string) => void = () => {};
    const work = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const first = memory.answer("a", work);
    const again = memory.answer("a", work);
    finish("done");
    expect(await first).toBe("done");
    expect(await again).toBe("done");
    expect(await memory.answer("a", work)).toBe("done");
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("forgets the oldest answers beyond its capacity", async () => {
    const memory = new AnswerMemory<number>(2);
    await memory.answer("a", async () => 1);
    await memory.answer("b", async () => 2);
    await memory.answer("c", async () => 3);
    expect(memory.size).toBe(2);
    expect(await memory.answer("a", async () => 10)).toBe(10);
    expect(await memory.answer("c", async () => 30)).toBe(3);
  });
});
