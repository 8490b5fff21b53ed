import { eq, sql } from "drizzle-orm";
import type { Database, Db, Tx } from "../db/client.js";
import { type OutboxState, outboxMessages } from "./tables.js";

const CHANNEL = "washboard_outbox";

export interface OutboxMessage {
  id: number;
  kind: string;
  /** Unique per message; the receiver is given it as the idempotency key. */
  key: string;
  vendorId: number | null;
  payload: unknown;
  /** 1 on the first try. */
  attempt: number;
}

/** Delivers one message; answers what the receiver answered (kept on the message). */
export type OutboxHandler = (message: OutboxMessage) => Promise<unknown>;

/** Thrown by a handler when retrying cannot help (the receiver refused the call for good). */
export class PermanentFailure extends Error {}

export interface NewOutboxMessage {
  kind: string;
  key: string;
  vendorId?: number | null;
  payload: unknown;
}

/**
 * Writes a message in the caller's transaction, so it exists exactly when the change that needs it
 * is committed; the same key twice stays one message. The worker is woken when the transaction
 * commits (NOTIFY is delivered on commit).
 */
export async function enqueue(tx: Db | Tx, message: NewOutboxMessage): Promise<void> {
  await tx
    .insert(outboxMessages)
    .values({ kind: message.kind, key: message.key, vendorId: message.vendorId ?? null, payload: message.payload })
    .onConflictDoNothing({ target: outboxMessages.key });
  await tx.execute(sql`select pg_notify(${CHANNEL}, '')`);
}

export interface OutboxStatus {
  state: OutboxState;
  attempts: number;
  lastError: string | null;
  result: unknown;
  deliveredAt: Date | null;
}

/** Where a message stands, for the screens that show a delivery (a refund "refunding" or done). */
export async function outboxStatus(db: Db, key: string): Promise<OutboxStatus | undefined> {
  const [row] = await db
    .select({
      state: outboxMessages.state,
      attempts: outboxMessages.attempts,
      lastError: outboxMessages.lastError,
      result: outboxMessages.result,
      deliveredAt: outboxMessages.deliveredAt,
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.key, key));
  return row;
}

export interface OutboxOptions {
  /** Messages taken per round. */
  batch: number;
  /** How long a taken message is left to its worker before another may take it. */
  leaseMs: number;
  /** How often due messages are looked for when no NOTIFY arrives (retries come due this way). */
  pollMs: number;
  /** Tries before a message is marked failed. */
  maxAttempts: number;
  /** The pause before try n+1 after n failures. */
  backoffMs(attempts: number): number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxOptions = {
  batch: 10,
  leaseMs: 60_000,
  pollMs: 1_000,
  maxAttempts: 12,
  // 2 s, 4 s, 8 s … capped at 10 minutes, with a little jitter so retries of many messages spread.
  backoffMs: (attempts) => Math.min(2 ** attempts * 1_000, 600_000) * (0.9 + Math.random() * 0.2),
};

/**
 * Takes due messages with FOR UPDATE SKIP LOCKED (so workers of several instances never take the
 * same one), leases them, calls their kind's handler, and records the outcome: delivered, due again
 * after a backoff, or failed for good. A worker that dies mid-delivery leaves its lease to expire,
 * and the message is delivered again with the same key: at least once, never lost.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly handlers: ReadonlyMap<string, OutboxHandler>,
    private readonly options: OutboxOptions = DEFAULT_OUTBOX_OPTIONS,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    // After a dropped listener, what was queued meanwhile is looked for at once, not at the next poll.
    this.unlisten = await this.database.listen(
      CHANNEL,
      () => this.wake(),
      () => this.wake(),
    );
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.unlisten?.();
    this.unlisten = null;
    await this.running;
  }

  /** Runs a round now, or right after the one in progress. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.deliverDue()
      .catch(() => 0)
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Delivers every message due now, round after round; answers how many were tried. */
  async deliverDue(): Promise<number> {
    let tried = 0;
    for (;;) {
      const taken = await this.take();
      if (taken.length === 0) return tried;
      tried += taken.length;
      await Promise.all(taken.map((message) => this.deliver(message)));
      if (this.stopped) return tried;
    }
  }

  private async take(): Promise<OutboxMessage[]> {
    const { db } = this.database;
    const result = (await db.execute(sql`
      update ${outboxMessages}
         set state = 'delivering',
             attempts = attempts + 1,
             lease_until = now() + ${`${this.options.leaseMs} milliseconds`}::interval
       where id in (
         select id from ${outboxMessages}
          where (state = 'pending' and next_attempt_at <= now())
             or (state = 'delivering' and lease_until < now())
          order by id
          limit ${this.options.batch}
          for update skip locked)
      returning id, kind, key, vendor_id, payload, attempts`)) as {
      rows: {
        id: number | string;
        kind: string;
        key: string;
        vendor_id: number | null;
        payload: unknown;
        attempts: number;
      }[];
    };
    return result.rows.map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      key: row.key,
      vendorId: row.vendor_id,
      payload: row.payload,
      attempt: row.attempts,
    }));
  }

  private async deliver(message: OutboxMessage): Promise<void> {
    const { db } = this.database;
    const handler = this.handlers.get(message.kind);
    try {
      if (!handler) throw new PermanentFailure(`no handler for "${message.kind}"`);
      const result = await handler(message);
      await db
        .update(outboxMessages)
        .set({ state: "delivered", result: result ?? null, deliveredAt: new Date(), leaseUntil: null, lastError: null })
        .where(eq(outboxMessages.id, message.id));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const final = error instanceof PermanentFailure || message.attempt >= this.options.maxAttempts;
      await db
        .update(outboxMessages)
        .set({
          state: final ? "failed" : "pending",
          lastError: reason.slice(0, 2000),
          leaseUntil: null,
          nextAttemptAt: new Date(Date.now() + this.options.backoffMs(message.attempt)),
        })
        .where(eq(outboxMessages.id, message.id));
    }
  }
}
