import { isTransientDatabaseError } from "./errors.js";

export interface BatchWriterOptions<T> {
  /**
   * Writes one batch (one statement, one round trip). It must be idempotent: after a failure the
   * same items are written again (whole, or a part of them), so what the failed attempt already
   * stored must come out the same.
   */
  write(items: T[]): Promise<void>;
  /** A write that could not be done: the batch is lost (the database stayed away), or setting aside failed. */
  onError(error: unknown): void;
  /**
   * An item the database refuses on its own (not for being away): it is taken out of its batch so the
   * others are stored, and handed here with the error — a dead-letter table. Without it the item is
   * reported to `onError` and dropped.
   */
  setAside?: (item: T, error: unknown) => Promise<void>;
  /** Items with the same key merge into one (the later fields win); without it every item is kept. */
  keyOf?: (item: T) => number | string;
  flushMs?: number;
  maxItems?: number;
  /**
   * How many batches may be written at once (default 1: in order, as merged patches need). Appends
   * with no order between them may say more, so a slow write does not hold the next one back.
   */
  concurrency?: number;
  /** Pauses before writing a batch again while the database is away (the last repeats). */
  retryDelaysMs?: readonly number[];
  /** How many times a batch is tried while the database is away before it is given up. */
  maxAttempts?: number;
}

/** One entry of a batch: what is written, and the items it was merged from (to write them apart). */
interface Entry<T> {
  item: T;
  parts: T[];
}

const RETRY_DELAYS_MS = [100, 250, 500, 1_000, 2_000, 5_000] as const;
/** With the last pause at 5 s, about a minute and a half of an absent database. */
const MAX_ATTEMPTS = 20;

/**
 * Collects items written at a high rate (device messages) and writes them together: at most every
 * `flushMs` (100 ms) or as soon as `maxItems` (2,000) are waiting, one batch at a time in order.
 *
 * One bad item never costs the others: when the database refuses a batch, it is split in halves and
 * each half written again, down to the one item that fails, which is set aside (`setAside`) — an
 * item merged from several is then written part by part, so only the offending part goes. A batch
 * the database could not take because it was away is written again after a pause, whole.
 */
export class BatchWriter<T extends object> {
  private pending = new Map<number | string, Entry<T>>();
  private appended: Entry<T>[] = [];
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
      const earlier = this.pending.get(key);
      this.pending.set(
        key,
        earlier ? { item: { ...earlier.item, ...item }, parts: [...earlier.parts, item] } : { item, parts: [item] },
      );
    } else {
      this.appended.push({ item, parts: [item] });
    }
    if (this.pending.size + this.appended.length >= (this.options.maxItems ?? 2_000)) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs ?? 100);
  }

  /** Writes what is waiting; resolves once everything added before the call is written (or set aside). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = [...this.pending.values(), ...this.appended];
    this.pending = new Map();
    this.appended = [];
    const write = async () => {
      if (batch.length > 0) await this.writeIsolating(batch);
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

  /** Writes entries; what the database refuses is narrowed down to the items at fault. */
  private async writeIsolating(entries: Entry<T>[]): Promise<void> {
    const error = await this.attempt(entries.map((e) => e.item));
    if (error === undefined) return;
    if (entries.length > 1) {
      const half = Math.ceil(entries.length / 2);
      // In order: patches to one key must land as they came.
      await this.writeIsolating(entries.slice(0, half));
      await this.writeIsolating(entries.slice(half));
      return;
    }
    const [entry] = entries as [Entry<T>];
    if (entry.parts.length > 1) {
      // A merged item failed: its parts, one at a time, so only the offending message is set aside.
      for (const part of entry.parts) await this.writeIsolating([{ item: part, parts: [part] }]);
      return;
    }
    await this.setAside(entry.item, error);
  }

  /**
   * One write of items, again after a pause while the database is away: undefined when written, else
   * the error the database refused them with. A batch the database stayed away for is given up.
   */
  private async attempt(items: T[]): Promise<unknown> {
    const delays = this.options.retryDelaysMs ?? RETRY_DELAYS_MS;
    const most = this.options.maxAttempts ?? MAX_ATTEMPTS;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.options.write(items);
        return undefined;
      } catch (error) {
        if (!isTransientDatabaseError(error)) return error;
        if (attempt >= most) {
          this.options.onError(error);
          return undefined;
        }
        const pause = delays[Math.min(attempt - 1, delays.length - 1)] ?? 1_000;
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  }

  private async setAside(item: T, error: unknown): Promise<void> {
    if (!this.options.setAside) {
      this.options.onError(error);
      return;
    }
    try {
      await this.options.setAside(item, error);
    } catch (failed) {
      this.options.onError(failed);
    }
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
