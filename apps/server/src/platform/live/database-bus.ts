import { and, asc, eq, gt, lt, max, min, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { type LiveBus, type LiveEvent, type LiveEventInput, LocalSubscribers } from "./bus.js";
import { liveEvents } from "./tables.js";

const CHANNEL = "washboard_live";
/** NOTIFY payloads must stay under 8000 bytes; a larger event is fetched by its id. */
const INLINE_MAX = 7000;
const PRUNE_EVERY_MS = 60_000;
/** Most events a reconnecting browser is sent; beyond that it refetches instead. */
const RESUME_MAX = 500;

type Row = typeof liveEvents.$inferSelect;

function toEvent(row: Pick<Row, "id" | "topic" | "vendorId" | "groupId" | "data">): LiveEvent {
  return { id: String(row.id), topic: row.topic, vendorId: row.vendorId, groupId: row.groupId, data: row.data };
}

/**
 * The bus over PostgreSQL (or embedded PGlite): each event is a row of live_events, and a NOTIFY
 * tells every listening instance, in commit order. Rows older than the retention are pruned, but
 * the newest is always kept, so "what came after id N" can tell "nothing" from "no longer known".
 */
export class DatabaseLiveBus implements LiveBus {
  private readonly local = new LocalSubscribers();
  private unlisten: (() => Promise<void>) | null = null;
  private pruner: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: Database,
    private readonly retentionMs: number,
  ) {}

  async publish(event: LiveEventInput): Promise<void> {
    const [row] = await this.database.db
      .insert(liveEvents)
      .values({ topic: event.topic, vendorId: event.vendorId, groupId: event.groupId, data: event.data })
      .returning({ id: liveEvents.id });
    if (!row) return;
    const full = JSON.stringify({ ...event, id: String(row.id) });
    const payload = Buffer.byteLength(full) <= INLINE_MAX ? full : JSON.stringify({ id: String(row.id) });
    await this.database.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
  }

  subscribe(listener: (event: LiveEvent) => void): () => void {
    return this.local.subscribe(listener);
  }

  async since(id: string): Promise<LiveEvent[] | null> {
    const after = Number(id);
    if (!Number.isSafeInteger(after) || after < 0) return null;
    const [bounds] = await this.database.db.select({ first: min(liveEvents.id) }).from(liveEvents);
    if (bounds?.first != null && after + 1 < bounds.first) return null;
    const rows = await this.database.db
      .select()
      .from(liveEvents)
      .where(gt(liveEvents.id, after))
      .orderBy(asc(liveEvents.id))
      .limit(RESUME_MAX + 1);
    return rows.length > RESUME_MAX ? null : rows.map(toEvent);
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(CHANNEL, (payload) => void this.receive(payload));
    this.pruner = setInterval(() => void this.prune().catch(() => undefined), PRUNE_EVERY_MS);
    this.pruner.unref();
  }

  async stop(): Promise<void> {
    if (this.pruner) clearInterval(this.pruner);
    this.pruner = null;
    await this.unlisten?.();
    this.unlisten = null;
  }

  private async receive(payload: string): Promise<void> {
    const parsed = JSON.parse(payload) as Partial<LiveEvent> & { id: string };
    if (parsed.topic !== undefined) return this.local.deliver(parsed as LiveEvent);
    const [row] = await this.database.db
      .select()
      .from(liveEvents)
      .where(eq(liveEvents.id, Number(parsed.id)));
    if (row) this.local.deliver(toEvent(row));
  }

  /** Drops rows past the retention, keeping the newest. */
  async prune(): Promise<void> {
    const cutoff = new Date(Date.now() - this.retentionMs);
    const [newest] = await this.database.db.select({ id: max(liveEvents.id) }).from(liveEvents);
    if (newest?.id == null) return;
    await this.database.db
      .delete(liveEvents)
      .where(and(lt(liveEvents.createdAt, cutoff), lt(liveEvents.id, newest.id)));
  }
}
