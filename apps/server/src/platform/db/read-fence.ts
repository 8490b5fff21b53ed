/** Rows of keys as read at one moment: a key the read did not find is absent. */
export type ReadRows<Row> = ReadonlyMap<string, Row>;

interface Batch<Row> {
  keys: Set<string>;
  settle: { resolve(rows: ReadRows<Row>): void; reject(error: unknown): void };
  done: Promise<ReadRows<Row>>;
}

/**
 * Reads rows by key for every waiting request with one statement. A request is answered only by a
 * read that started after it asked, so whatever was committed before the request arrived — on any
 * instance — is seen; requests that ask while a read is under way wait for the next one, which then
 * serves all of them. Under load one statement serves many requests; idle, a request waits for one
 * round trip.
 */
export class ReadFence<Row> {
  private reading = false;
  private next: Batch<Row> | null = null;

  constructor(private readonly readAll: (keys: readonly string[]) => Promise<ReadRows<Row>>) {}

  /** The database's rows of `keys`, read after this call. */
  read(keys: readonly string[]): Promise<ReadRows<Row>> {
    let batch = this.next;
    if (!batch) {
      batch = newBatch();
      this.next = batch;
      // After the current turn of the event loop, so the requests read in it share the statement.
      if (!this.reading) setImmediate(() => this.start());
    }
    for (const key of keys) batch.keys.add(key);
    return batch.done;
  }

  private start(): void {
    const batch = this.next;
    if (this.reading || !batch) return;
    this.next = null;
    this.reading = true;
    this.readAll([...batch.keys]).then(
      (rows) => this.finish(() => batch.settle.resolve(rows)),
      (error: unknown) => this.finish(() => batch.settle.reject(error)),
    );
  }

  private finish(settle: () => void): void {
    this.reading = false;
    settle();
    // Everyone in the next batch asked while this read was under way: the next read starts now.
    if (this.next) this.start();
  }
}

function newBatch<Row>(): Batch<Row> {
  let settle!: Batch<Row>["settle"];
  const done = new Promise<ReadRows<Row>>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // A batch nobody awaits any more must not report an unhandled rejection.
  done.catch(() => undefined);
  return { keys: new Set(), settle, done };
}
