import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { freshDatabase } from "../../test/fresh-database.js";
import type { Database } from "../db/client.js";
import {
  DEFAULT_OUTBOX_OPTIONS,
  enqueue,
  type OutboxHandler,
  type OutboxOptions,
  OutboxWorker,
  outboxStatus,
  PermanentFailure,
} from "./outbox.js";
import { outboxMessages } from "./tables.js";

/**
 * A receiver like a payment provider's refund API: idempotent by the Idempotency-Key header (a
 * repeated key is answered as the first time and changes nothing), and able to be down.
 */
class Receiver {
  readonly effects = new Map<string, number>();
  readonly requests: string[] = [];
  downFor = 0;
  private server = http.createServer((request, response) => {
    const key = String(request.headers["idempotency-key"] ?? "");
    this.requests.push(key);
    if (this.downFor > 0) {
      this.downFor -= 1;
      response.writeHead(503).end("down");
      return;
    }
    if (!this.effects.has(key)) this.effects.set(key, this.effects.size + 1);
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ refund: this.effects.get(key) }));
  });
  url = "";

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/refunds`;
  }
  stop() {
    return new Promise((resolve) => this.server.close(resolve));
  }
}

const FAST: OutboxOptions = { ...DEFAULT_OUTBOX_OPTIONS, pollMs: 20, leaseMs: 200, backoffMs: () => 10 };

let database: Database;
let second: Database;
let drop: () => Promise<void>;
const receiver = new Receiver();

/** Posts the message to the receiver with its key; a non-2xx answer is a failed try. */
const refund: OutboxHandler = async (message) => {
  const response = await fetch(receiver.url, {
    method: "POST",
    headers: { "idempotency-key": message.key, "content-type": "application/json" },
    body: JSON.stringify(message.payload),
  });
  if (!response.ok) throw new Error(`receiver answered ${response.status}`);
  return response.json();
};

async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error("not yet");
    },
    { timeout: timeoutMs, interval: 20 },
  );
}

const states = async () =>
  (await database.db.select({ key: outboxMessages.key, state: outboxMessages.state }).from(outboxMessages)).map(
    (r) => `${r.key}:${r.state}`,
  );

beforeAll(async () => {
  const fresh = await freshDatabase();
  ({ database, drop } = fresh);
  await database.migrate();
  second = await fresh.reopen();
  await receiver.start();
});
afterAll(async () => {
  await receiver.stop();
  await second.close();
  await database.close();
  await drop();
});
beforeEach(async () => {
  await database.db.delete(outboxMessages);
  receiver.effects.clear();
  receiver.requests.length = 0;
  receiver.downFor = 0;
});

describe("the outbox", () => {
  it("writes a message only with the change it belongs to, and one message per key", async () => {
    await database.db
      .transaction(async (tx) => {
        await enqueue(tx, { kind: "refund", key: "rolled-back", payload: {} });
        throw new Error("the change failed");
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => {
      await enqueue(tx, { kind: "refund", key: "once", payload: { amount: 1 } });
      await enqueue(tx, { kind: "refund", key: "once", payload: { amount: 2 } });
    });
    expect(await states()).toEqual(["once:pending"]);
  });

  it("delivers after the receiver's outage, each message once, woken by the commit", async () => {
    receiver.downFor = 7;
    const worker = new OutboxWorker(database, new Map([["refund", refund]]), FAST);
    await worker.start();
    try {
      await database.db.transaction(async (tx) => {
        for (const n of [1, 2, 3, 4, 5]) await enqueue(tx, { kind: "refund", key: `r${n}`, payload: { n } });
      });
      await until(async () => (await states()).every((s) => s.endsWith(":delivered")));
    } finally {
      await worker.stop();
    }
    expect([...receiver.effects.keys()].sort()).toEqual(["r1", "r2", "r3", "r4", "r5"]);
    expect(receiver.requests.length).toBeGreaterThan(5);
    const status = await outboxStatus(database.db, "r1");
    expect(status).toMatchObject({ state: "delivered", lastError: null });
    expect(status?.result).toMatchObject({ refund: expect.any(Number) });
  });

  it("delivers again with the same key after a worker died mid-delivery: the receiver acts once", async () => {
    await enqueue(database.db, { kind: "refund", key: "crash", payload: {} });
    // The first worker reaches the receiver, then dies before it can record the delivery.
    const dying: OutboxHandler = async (message) => {
      await refund(message);
      throw new Error("process killed");
    };
    const first = new OutboxWorker(database, new Map([["refund", dying]]), { ...FAST, backoffMs: () => 50 });
    expect(await first.deliverDue()).toBe(1);
    const second_ = new OutboxWorker(second, new Map([["refund", refund]]), FAST);
    // Due again once its backoff has passed: the other worker takes it then.
    await vi.waitFor(async () => expect(await second_.deliverDue()).toBe(1), { timeout: 10_000, interval: 10 });
    expect(receiver.requests).toEqual(["crash", "crash"]);
    expect(receiver.effects.get("crash")).toBe(1);
    expect(await states()).toEqual(["crash:delivered"]);
  });

  it("takes again a message whose worker's lease ran out", async () => {
    await enqueue(database.db, { kind: "refund", key: "stuck", payload: {} });
    await database.db
      .update(outboxMessages)
      .set({ state: "delivering", attempts: 1, leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(outboxMessages.key, "stuck"));
    const worker = new OutboxWorker(database, new Map([["refund", refund]]), FAST);
    expect(await worker.deliverDue()).toBe(1);
    expect(await outboxStatus(database.db, "stuck")).toMatchObject({ state: "delivered", attempts: 2 });
  });

  it("never gives one message to two workers at once", async () => {
    for (let n = 0; n < 40; n++) await enqueue(database.db, { kind: "refund", key: `p${n}`, payload: {} });
    const handlers = new Map([["refund", refund]]);
    // A lease long enough to outlast a slow machine: here two live workers share the queue, and a
    // lease that lapses mid-delivery is meant to let the other one try again (the test above).
    const held = { ...FAST, leaseMs: 60_000 };
    const counts = await Promise.all([
      new OutboxWorker(database, handlers, held).deliverDue(),
      new OutboxWorker(second, handlers, held).deliverDue(),
    ]);
    expect(counts[0] + counts[1]).toBe(40);
    expect(receiver.requests).toHaveLength(40);
    expect(new Set(receiver.requests).size).toBe(40);
  });

  it("marks failed what cannot succeed: a refusal for good, or too many tries", async () => {
    await enqueue(database.db, { kind: "refund", key: "refused", payload: {} });
    await enqueue(database.db, { kind: "unknown kind", key: "orphan", payload: {} });
    const refusing: OutboxHandler = async () => {
      throw new PermanentFailure("order already fully refunded");
    };
    await new OutboxWorker(database, new Map([["refund", refusing]]), FAST).deliverDue();
    expect(await outboxStatus(database.db, "refused")).toMatchObject({
      state: "failed",
      lastError: "order already fully refunded",
    });
    expect(await outboxStatus(database.db, "orphan")).toMatchObject({ state: "failed" });

    receiver.downFor = 100;
    await enqueue(database.db, { kind: "refund", key: "tired", payload: {} });
    const worker = new OutboxWorker(database, new Map([["refund", refund]]), {
      ...FAST,
      maxAttempts: 3,
      backoffMs: () => 0,
    });
    for (let round = 0; round < 3; round++) await worker.deliverDue();
    expect(await outboxStatus(database.db, "tired")).toMatchObject({ state: "failed", attempts: 3 });
  });
});
