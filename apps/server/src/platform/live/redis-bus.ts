import { Redis } from "ioredis";
import { type LiveBus, type LiveEvent, type LiveEventInput, LocalSubscribers } from "./bus.js";

/** About how many events the stream keeps for reconnecting browsers. */
const STREAM_MAX = 10_000;
const BLOCK_MS = 5_000;
const RESUME_MAX = 500;

type Entry = [id: string, fields: string[]];

/** Redis stream ids are "<ms>-<seq>": compared as two numbers. */
function before(a: string, b: string): boolean {
  const [am = 0, as = 0] = a.split("-").map(Number);
  const [bm = 0, bs = 0] = b.split("-").map(Number);
  return am < bm || (am === bm && as < bs);
}

function toEvent([id, fields]: Entry): LiveEvent | null {
  const index = fields.indexOf("e");
  const text = index >= 0 ? fields[index + 1] : undefined;
  if (text === undefined) return null;
  return { ...(JSON.parse(text) as LiveEventInput), id };
}

/**
 * The bus over Redis (REDIS_URL): events are entries of one capped stream; each instance reads it
 * with a blocking XREAD on a connection of its own, and a reconnecting browser resumes from the
 * stream with XRANGE while its entry is still kept.
 */
export class RedisLiveBus implements LiveBus {
  private readonly local = new LocalSubscribers();
  private readonly writer: Redis;
  private reader: Redis | null = null;
  private running = false;
  private loop: Promise<void> | null = null;

  /** `stream`: the key of the Redis stream; deployments (and test runs) sharing a Redis keep apart by it. */
  constructor(
    private readonly url: string,
    private readonly stream: string,
  ) {
    this.writer = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  }

  async publish(event: LiveEventInput): Promise<void> {
    await this.writer.xadd(this.stream, "MAXLEN", "~", STREAM_MAX, "*", "e", JSON.stringify(event));
  }

  subscribe(listener: (event: LiveEvent) => void): () => void {
    return this.local.subscribe(listener);
  }

  async since(id: string): Promise<LiveEvent[] | null> {
    if (!/^\d+-\d+$/.test(id)) return null;
    const first = (await this.writer.xrange(this.stream, "-", "+", "COUNT", 1)) as Entry[];
    const oldest = first[0]?.[0];
    if (oldest !== undefined && before(id, oldest)) return null;
    const entries = (await this.writer.xrange(this.stream, `(${id}`, "+", "COUNT", RESUME_MAX + 1)) as Entry[];
    if (entries.length > RESUME_MAX) return null;
    return entries.map(toEvent).filter((e): e is LiveEvent => e !== null);
  }

  async start(): Promise<void> {
    await this.writer.connect();
    this.reader = new Redis(this.url, { maxRetriesPerRequest: null });
    this.running = true;
    // Start after the newest entry present now: a new instance does not replay history.
    const [newest] = (await this.writer.xrevrange(this.stream, "+", "-", "COUNT", 1)) as Entry[];
    this.loop = this.read(newest?.[0] ?? "0-0");
  }

  async stop(): Promise<void> {
    this.running = false;
    this.reader?.disconnect();
    await this.loop?.catch(() => undefined);
    this.reader = null;
    await this.writer.quit().catch(() => undefined);
  }

  private async read(from: string): Promise<void> {
    let last = from;
    while (this.running && this.reader) {
      try {
        const answer = (await this.reader.xread("BLOCK", BLOCK_MS, "STREAMS", this.stream, last)) as
          | [string, Entry[]][]
          | null;
        for (const entry of answer?.[0]?.[1] ?? []) {
          last = entry[0];
          const event = toEvent(entry);
          if (event) this.local.deliver(event);
        }
      } catch {
        if (!this.running) return;
        // The connection dropped: ioredis reconnects; pause so a dead server is not hammered.
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }
}
