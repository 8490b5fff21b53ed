export interface BatchWriterOptions<T> {
  /** Writes one batch (one statement, one round trip); what it throws goes to `onError`. */
  write(items: T[]): Promise<void>;
  onError(error: unknown): void;
  /** Items with the same key merge into one (the later fields win); without it every item is kept. */
  keyOf?: (item: T) => number | string;
  flushMs?: number;
  maxItems?: number;
  /**
   * How many batches may be written at once (default 1: in order, as merged patches need). Appends
   * with no order between them may say more, so a slow write does not hold the next one back.
   */
  concurrency?: number;
}

/**
 * Collects items written at a high rate (device messages) and writes them together: at most every
 * `flushMs` (100 ms) or as soon as `maxItems` (2,000) are waiting, one batch at a time in order.
 */
export class BatchWriter<T extends object> {
  private pending = new Map<number | string, T>();
  private appended: T[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  /** Writes started and not yet finished (concurrent mode). */
  private readonly inFlight = new Set<Promise<void>>();
  /** Writes running now, and the writes waiting for one of them to end. */
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly options: BatchWriterOptions<T>) {}

  add(item: T): void {
    const { keyOf } = this.options;
    if (keyOf) {
      const key = keyOf(item);
      this.pending.set(key, { ...this.pending.get(key), ...item });
    } else {
      this.appended.push(item);
    }
    if (this.pending.size + this.appended.length >= (this.options.maxItems ?? 2_000)) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs ?? 100);
  }

  /** Writes what is waiting; resolves once everything added before the call is written. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = [...this.pending.values(), ...this.appended];
    this.pending = new Map();
    this.appended = [];
    const write = async () => {
      if (batch.length === 0) return;
      try {
        await this.options.write(batch);
      } catch (error) {
        this.options.onError(error);
      }
    };
    if ((this.options.concurrency ?? 1) <= 1) {
      this.writing = this.writing.then(write);
      return this.writing;
    }
    // Up to `concurrency` writes at once; the answer waits for every write started so far.
    const started = this.acquire()
      .then(write)
      .finally(() => this.release());
    this.inFlight.add(started);
    void started.finally(() => this.inFlight.delete(started));
    this.writing = Promise.all([...this.inFlight]).then(() => undefined);
    return this.writing;
  }

  /** A turn to write: at once while fewer than `concurrency` writes run, else when one ends. */
  private acquire(): Promise<void> {
    if (this.running < (this.options.concurrency ?? 1)) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  /** A write ended: its turn passes to the oldest waiting write, if any. */
  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.running -= 1;
  }
}
