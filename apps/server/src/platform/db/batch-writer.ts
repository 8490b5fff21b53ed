export interface BatchWriterOptions<T> {
  /** Writes one batch (one statement, one round trip); what it throws goes to `onError`. */
  write(items: T[]): Promise<void>;
  onError(error: unknown): void;
  /** Items with the same key merge into one (the later fields win); without it every item is kept. */
  keyOf?: (item: T) => number | string;
  flushMs?: number;
  maxItems?: number;
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
    this.writing = this.writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await this.options.write(batch);
      } catch (error) {
        this.options.onError(error);
      }
    });
    return this.writing;
  }
}
