import pg from "pg";

type Handler = (payload: string) => void;

/** What a listener is told: each payload, and that it listens again after a drop (it may have missed some). */
export interface ListenHandlers {
  payload: Handler;
  resumed?: () => void;
}

/**
 * LISTEN on a PostgreSQL server needs one connection held open outside the pool. This keeps one
 * for all channels of a process, and when it drops (server restart, failover) connects again with
 * growing pauses and listens to every channel anew; notifications sent while it was down are lost,
 * which is why listeners resume from stored state (live events, the outbox) rather than trust them:
 * each is told `resumed` once its channel is listened to again.
 */
export class PgListeners {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly handlers = new Map<string, Set<ListenHandlers>>();
  private closed = false;
  private retryMs = 250;
  /** The connection dropped since the last one was made: the next one resumes every listener. */
  private lost = false;

  constructor(private readonly url: string) {}

  async listen(channel: string, handler: ListenHandlers): Promise<() => Promise<void>> {
    const client = await this.connection();
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await client.query(`LISTEN ${quoteIdent(channel)}`);
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
      if (set.size === 0 && this.handlers.get(channel) === set) {
        this.handlers.delete(channel);
        await this.client?.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
      }
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private connection(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    client.on("notification", (message) => {
      for (const handler of this.handlers.get(message.channel) ?? []) handler.payload(message.payload ?? "");
    });
    client.on("error", () => this.reconnect(client));
    client.on("end", () => this.reconnect(client));
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
    const resuming = this.lost;
    this.client = client;
    this.lost = false;
    this.retryMs = 250;
    if (resuming) for (const set of this.handlers.values()) for (const handler of set) handler.resumed?.();
    return client;
  }

  private reconnect(lost: pg.Client): void {
    if (this.closed || this.client !== lost) return;
    this.client = null;
    this.lost = true;
    this.retry();
  }

  private retry(): void {
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, 10_000);
    setTimeout(() => {
      if (!this.closed) this.connection().catch(() => this.retry());
    }, wait).unref();
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
