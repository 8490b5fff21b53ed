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
/**
 * How far below the newest event delivered a catch-up looks: ids are taken at insert, notifications
 * go out at commit, so an event may commit (and be missed) after a later id was delivered.
 */
const CATCH_UP_SLACK = 100;
/** Ids delivered lately, so a catch-up sends none twice. */
const DELIVERED_KEPT = 2_000;

type Row = typeof liveEvents.$inferSelect;

function toEvent(row: Pick<Row, "id" | "topic" | "vendorId" | "groupId" | "shopId" | "data">): LiveEvent {
  const { id, topic, vendorId, groupId, shopId, data } = row;
  return { id: String(id), topic, vendorId, groupId, ...(shopId !== null && { shopId }), data };
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
  /** Ids delivered lately, oldest first (a Set keeps insertion order). */
  private readonly delivered = new Set<number>();
  private newestDelivered = 0;
  /** While a catch-up reads, live notifications wait here so that order holds. */
  private held: string[] | null = null;

  constructor(
    private readonly database: Database,
    private readonly retentionMs: number,
  ) {}

  async publish(event: LiveEventInput): Promise<void> {
    const [row] = await this.database.db
      .insert(liveEvents)
      .values({
        topic: event.topic,
        vendorId: event.vendorId,
        groupId: event.groupId,
        shopId: event.shopId ?? null,
        data: event.data,
      })
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
    // A catch-up reads from what was newest now: older events were never this instance's to deliver.
    const [newest] = await this.database.db.select({ id: max(liveEvents.id) }).from(liveEvents);
    this.newestDelivered = newest?.id ?? 0;
    this.unlisten = await this.database.listen(
      CHANNEL,
      (payload) => {
        if (this.held) this.held.push(payload);
        else void this.receive(payload);
      },
      () => void this.catchUp(),
    );
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
    if (parsed.topic !== undefined) return this.deliver(parsed as LiveEvent);
    const [row] = await this.database.db
      .select()
      .from(liveEvents)
      .where(eq(liveEvents.id, Number(parsed.id)));
    if (row) this.deliver(toEvent(row));
  }

  /** To this instance's streams, once per event. */
  private deliver(event: LiveEvent): void {
    const id = Number(event.id);
    if (this.delivered.has(id)) return;
    this.delivered.add(id);
    if (this.delivered.size > DELIVERED_KEPT) {
      const oldest = this.delivered.values().next().value;
      if (oldest !== undefined) this.delivered.delete(oldest);
    }
    this.newestDelivered = Math.max(this.newestDelivered, id);
    this.local.deliver(event);
  }

  /**
   * The listening connection dropped and is back: what was published meanwhile (on any instance)
   * is read from the table and delivered in id order before the notifications that arrive now.
   */
  async catchUp(): Promise<void> {
    this.held ??= [];
    try {
      let after = Math.max(0, this.newestDelivered - CATCH_UP_SLACK);
      for (;;) {
        const rows = await this.database.db
          .select()
          .from(liveEvents)
          .where(gt(liveEvents.id, after))
          .orderBy(asc(liveEvents.id))
          .limit(RESUME_MAX);
        for (const row of rows) this.deliver(toEvent(row));
        if (rows.length < RESUME_MAX) break;
        after = rows[rows.length - 1]?.id ?? after;
      }
    } finally {
      const held = this.held ?? [];
      this.held = null;
      for (const payload of held) await this.receive(payload);
    }
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
