import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { ManualClock, Scheduler, TaskGroup } from "./scheduler.js";

// The scheduler's clock and its one timer are the test's: time moves when the test says, not on the wall.
beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] }));
afterEach(() => vi.useRealTimers());

it("runs tasks in order of due time, then of scheduling", () => {
  const scheduler = new Scheduler();
  const ran: string[] = [];
  scheduler.schedule(30, () => ran.push("c"));
  scheduler.schedule(10, () => ran.push("a"));
  scheduler.schedule(10, () => ran.push("b"));
  scheduler.schedule(0, () => ran.push("first"));
  expect(scheduler.pending).toBe(4);
  vi.advanceTimersByTime(60);
  expect(ran).toEqual(["first", "a", "b", "c"]);
  expect(scheduler.pending).toBe(0);
});

it("cancels single tasks and whole groups, and keeps going when a task throws", () => {
  const errors: unknown[] = [];
  const scheduler = new Scheduler((error) => errors.push(error));
  const group = new TaskGroup(scheduler);
  const ran: string[] = [];
  const cancelled = scheduler.schedule(5, () => ran.push("cancelled"));
  group.after(5, () => ran.push("group"));
  group.after(10, () => ran.push("group too"));
  scheduler.schedule(5, () => {
    throw new Error("boom");
  });
  scheduler.schedule(15, () => ran.push("kept"));
  cancelled.cancel();
  group.cancelAll();
  expect(scheduler.pending).toBe(2);
  vi.advanceTimersByTime(40);
  expect(ran).toEqual(["kept"]);
  expect(errors).toHaveLength(1);
  expect(group.size).toBe(0);
});

it("holds many tasks and cancellations cheaply", () => {
  const scheduler = new Scheduler();
  let ran = 0;
  const tasks = Array.from({ length: 10_000 }, (_, i) => scheduler.schedule(1 + (i % 20), () => ran++));
  for (const task of tasks.filter((_, i) => i % 2 === 0)) task.cancel();
  expect(scheduler.pending).toBe(5_000);
  vi.advanceTimersByTime(60);
  expect(ran).toBe(5_000);
  expect(scheduler.pending).toBe(0);
});

it("a manual clock runs what falls due as it is moved, tasks scheduled by tasks included, with no real time passing", () => {
  vi.useRealTimers();
  const clock = new ManualClock();
  const group = new TaskGroup(clock);
  const ran: string[] = [];
  group.after(3_600_000, () => {
    ran.push(`an hour at ${clock.elapsedMs}`);
    group.after(1_000, () => ran.push(`a second later at ${clock.elapsedMs}`));
  });
  group.after(10, () => ran.push("first"));
  group.after(10, () => ran.push("second"));
  group.after(20, () => ran.push("cancelled")).cancel();
  group.after(86_400_001, () => ran.push("tomorrow"));
  const started = performance.now();
  clock.advance(86_400_000);
  expect(performance.now() - started).toBeLessThan(1_000);
  expect(ran).toEqual(["first", "second", "an hour at 3600000", "a second later at 3601000"]);
  expect(clock.elapsedMs).toBe(86_400_000);
  expect(clock.pending).toBe(1);
  clock.advance(1);
  expect(ran.at(-1)).toBe("tomorrow");
});
