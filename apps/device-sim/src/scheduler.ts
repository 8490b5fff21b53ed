/** A task waiting in a `Scheduler`; cancelling one that already ran does nothing. */
export interface ScheduledTask {
  cancel(): void;
}

/** What runs tasks after a delay: the `Scheduler` on real time, a `ManualClock` in tests and tallies. */
export interface TaskScheduler {
  schedule(delayMs: number, run: () => void): ScheduledTask;
}

interface Entry extends ScheduledTask {
  due: number;
  order: number;
  /** Null once the task ran or was cancelled. */
  run: (() => void) | null;
}

/** setTimeout's longest delay; a later task wakes the scheduler early, which then sleeps again. */
const LONGEST_TIMEOUT_MS = 2_147_483_647;
/** setTimeout fires up to about a millisecond off, so tasks that close together run in one wake-up. */
const SAME_WAKE_UP_MS = 1;
/** Cancelled entries are dropped from the heap once they are this many and half of it. */
const COMPACT_AFTER = 256;

/**
 * One timer for many simulated machines: a min-heap of due tasks behind a single setTimeout, so a
 * fleet of 10,000 devices costs one pending Node timer instead of tens of thousands.
 */
export class Scheduler implements TaskScheduler {
  private heap: Entry[] = [];
  private cancelledInHeap = 0;
  private nextOrder = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerDue = Number.POSITIVE_INFINITY;

  constructor(
    private readonly onError: (error: unknown) => void = (error) => console.error("simulated task failed", error),
  ) {}

  /** Tasks still to run. */
  get pending(): number {
    return this.heap.length - this.cancelledInHeap;
  }

  schedule(delayMs: number, run: () => void): ScheduledTask {
    const entry: Entry = {
      due: performance.now() + Math.max(0, delayMs),
      order: this.nextOrder++,
      run,
      cancel: () => this.cancel(entry),
    };
    this.push(entry);
    this.arm();
    return entry;
  }

  private cancel(entry: Entry): void {
    if (entry.run === null) return;
    entry.run = null;
    this.cancelledInHeap++;
    if (this.pending === 0) {
      this.heap = [];
      this.cancelledInHeap = 0;
      this.disarm();
    } else if (this.cancelledInHeap > COMPACT_AFTER && this.cancelledInHeap * 2 > this.heap.length) {
      this.compact();
    }
  }

  private readonly wake = (): void => {
    this.timer = undefined;
    this.timerDue = Number.POSITIVE_INFINITY;
    const now = performance.now();
    // Tasks scheduled by the tasks run here wait for the next wake-up, so a task rescheduling itself
    // with no delay cannot keep this loop going forever.
    const scheduledBefore = this.nextOrder;
    for (let top = this.heap[0]; top !== undefined; top = this.heap[0]) {
      if (top.due > now + SAME_WAKE_UP_MS || top.order >= scheduledBefore) break;
      this.pop();
      const run = top.run;
      if (run === null) {
        this.cancelledInHeap--;
        continue;
      }
      top.run = null;
      try {
        run();
      } catch (error) {
        this.onError(error);
      }
    }
    this.arm();
  };

  private arm(): void {
    const top = this.heap[0];
    if (top === undefined) {
      this.disarm();
      return;
    }
    if (this.timer !== undefined && this.timerDue <= top.due) return;
    this.disarm();
    this.timerDue = top.due;
    const delay = Math.min(LONGEST_TIMEOUT_MS, Math.max(0, top.due - performance.now()));
    this.timer = setTimeout(this.wake, delay);
  }

  private disarm(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.timerDue = Number.POSITIVE_INFINITY;
  }

  private compact(): void {
    this.heap = this.heap.filter((entry) => entry.run !== null);
    this.cancelledInHeap = 0;
    for (let i = (this.heap.length >> 1) - 1; i >= 0; i--) this.siftDown(i);
  }

  // ── binary heap ordered by due time, then by scheduling order ──────────────────────────────────

  private push(entry: Entry): void {
    this.heap.push(entry);
    this.siftUp(this.heap.length - 1);
  }

  private pop(): void {
    const last = this.heap.pop();
    if (last === undefined || this.heap.length === 0) return;
    this.heap[0] = last;
    this.siftDown(0);
  }

  private siftUp(index: number): void {
    let i = index;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(i, parent)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private siftDown(index: number): void {
    let i = index;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let first = i;
      if (left < this.heap.length && this.before(left, first)) first = left;
      if (right < this.heap.length && this.before(right, first)) first = right;
      if (first === i) return;
      this.swap(i, first);
      i = first;
    }
  }

  private before(a: number, b: number): boolean {
    const x = this.heap[a] as Entry;
    const y = this.heap[b] as Entry;
    return x.due < y.due || (x.due === y.due && x.order < y.order);
  }

  private swap(a: number, b: number): void {
    const x = this.heap[a] as Entry;
    this.heap[a] = this.heap[b] as Entry;
    this.heap[b] = x;
  }
}

/**
 * The tasks of one part of one device, so they can all be cancelled together (on disconnect)
 * without the scheduler knowing about devices.
 */
export class TaskGroup {
  private readonly live = new Set<ScheduledTask>();

  constructor(private readonly scheduler: TaskScheduler) {}

  after(delayMs: number, run: () => void): ScheduledTask {
    const task = this.scheduler.schedule(delayMs, () => {
      this.live.delete(task);
      run();
    });
    this.live.add(task);
    return task;
  }

  cancel(task: ScheduledTask | null): void {
    if (task === null) return;
    task.cancel();
    this.live.delete(task);
  }

  cancelAll(): void {
    for (const task of this.live) task.cancel();
    this.live.clear();
  }

  get size(): number {
    return this.live.size;
  }
}

interface ManualEntry {
  due: number;
  /** Null once the task ran or was cancelled. */
  run: (() => void) | null;
}

/**
 * A clock moved by hand: `advance` runs the tasks it passes in order of due time, then of
 * scheduling, with no real time passing — a simulated day takes milliseconds. A task scheduled by a
 * task runs within the same `advance` when it falls due before its end.
 */
export class ManualClock implements TaskScheduler {
  /** By due time; a task joins behind those due at the same time, so they keep their scheduling order. */
  private queue: ManualEntry[] = [];
  private now = 0;

  /** Milliseconds the clock has been moved by. */
  get elapsedMs(): number {
    return this.now;
  }

  get pending(): number {
    return this.queue.filter((entry) => entry.run !== null).length;
  }

  schedule(delayMs: number, run: () => void): ScheduledTask {
    const entry: ManualEntry = { due: this.now + Math.max(0, delayMs), run };
    // Binary search for the first entry due later.
    let low = 0;
    let high = this.queue.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.queue[middle]?.due ?? 0) <= entry.due) low = middle + 1;
      else high = middle;
    }
    this.queue.splice(low, 0, entry);
    return {
      cancel: () => {
        entry.run = null;
      },
    };
  }

  advance(ms: number): void {
    const until = this.now + ms;
    for (let next = this.queue[0]; next !== undefined && next.due <= until; next = this.queue[0]) {
      this.queue.shift();
      this.now = next.due;
      const run = next.run;
      next.run = null;
      run?.();
    }
    this.now = until;
  }
}

/** Real milliseconds for a span of simulated seconds: at time scale 60 a simulated minute lasts a second. */
export function realMs(simulatedSeconds: number, timeScale: number): number {
  return (simulatedSeconds * 1000) / timeScale;
}
