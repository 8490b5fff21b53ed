import { randomBytes } from "node:crypto";
import { PROTOCOL_EXAMPLES } from "@washboard/device-protocol";
import { API } from "@washboard/shared";
import { eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { demoVendors, testShop } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { rawMachine, testMachines } from "../../test/machines.js";
import { orders } from "../orders/tables.js";
import { deviceDeadLetters, deviceLog, deviceShadows } from "./tables.js";

/**
 * The device protocol's fuzz test, driven by its schemas as the HTTP fuzz test is by the contracts:
 * every field of every message a machine sends gets a bounded set of hostile values, sent by one
 * machine while machines of both demo vendors sell, report and answer as usual through the same
 * broker — in the same batches. Every valid message's effect (orders, device-log rows, shadows) must
 * be there; the hostile machine's refused messages are set aside and book nothing; the server keeps
 * answering. A new message kind or field is fuzzed the moment the protocol has it.
 */
function deeplyNested(depth = 200): unknown {
  let value: unknown = "bottom";
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

const HOSTILE_VALUES: Record<string, unknown> = {
  "NUL byte": "a\u0000b",
  "lone surrogate": "a\ud800b",
  "control character": "a\u0007b",
  "100 kB string": "x".repeat(100_000),
  "wrong type (object)": { an: "object" },
  "wrong type (array)": [1, 2, 3],
  "wrong type (boolean)": true,
  null: null,
  "2^31": 2 ** 31,
  "2^31-1": 2 ** 31 - 1,
  "-1": -1,
  "2^53": 2 ** 53,
  "1e308": 1e308,
  "0.5": 0.5,
  "far future (year 5138)": 99_999_999_999,
  "NaN-like": "NaN",
  "emoji and right-to-left text": "😀🧺 \u202Eשלום",
  "deep nesting": deeplyNested(),
};

/** Whole messages that are not messages at all. */
const HOSTILE_PAYLOADS: Record<string, string> = {
  "not JSON": "{not json",
  empty: "{}",
  array: "[]",
  "wrong version": JSON.stringify({ v: 2, online: true }),
  "JSON null": "null",
  "deep nesting": JSON.stringify(deeplyNested(2_000)),
};

const ROUNDS = 8;
const as = { as: "vendor_admin" } as const;
let server: TestServer;
const machines = testMachines("FUZZ");
const run = randomBytes(2).toString("hex");

beforeAll(async () => {
  server = await startTestServer();
  await server.app.ready();
});
afterAll(async () => {
  await machines.stopAll();
  await server.close();
});

/** The hostile messages: each up message's example with one field replaced by each hostile value. */
function hostileMessages(): { kind: string; payload: string; field: string }[] {
  const out: { kind: string; payload: string; field: string }[] = [];
  let n = 0;
  for (const entry of PROTOCOL_EXAMPLES.filter((e) => e.direction === "up")) {
    const shape = entry.schema instanceof z.ZodObject ? Object.keys(entry.schema.shape) : Object.keys(entry.example);
    for (const field of shape) {
      for (const [label, value] of Object.entries(HOSTILE_VALUES)) {
        // A fresh event id for every message (unless the id is what is fuzzed): none is a repeat.
        const fresh = "id" in entry.example && field !== "id" ? { id: `h${run}-${++n}` } : {};
        out.push({
          kind: entry.topicKind,
          field: `${entry.name}.${field} = ${label}`,
          payload: JSON.stringify({ ...entry.example, ...fresh, [field]: value }),
        });
      }
    }
  }
  for (const kind of ["status", "event", "ack", "shadow/reported"]) {
    for (const [label, payload] of Object.entries(HOSTILE_PAYLOADS))
      out.push({ kind, field: `${kind}: ${label}`, payload });
  }
  return out;
}

it("stores every valid message of every other machine while one machine sends every hostile value", async () => {
  const { kl, bkk } = await demoVendors(server.database);
  const place = async (vendorId: number) => ({
    vendorId,
    shopId: await testShop(server.database, vendorId, `Fuzz ${vendorId} ${run}`),
  });
  const klPlace = await place(kl.id);
  const places = [klPlace, await place(bkk.id)];
  const good = await Promise.all(
    Array.from({ length: 6 }, async (_, n) => {
      const provisioned = await machines.provision(server, places[n % 2] ?? klPlace, `G${n}`);
      return { ...provisioned, client: await rawMachine(server, provisioned.serial, provisioned.secret) };
    }),
  );
  const hostileMachine = await machines.provision(server, klPlace, "HOSTILE");
  const hostile = await rawMachine(server, hostileMachine.serial, hostileMachine.secret);
  const messages = hostileMessages();
  expect(messages.length).toBeGreaterThan(500);

  // Valid traffic and hostile messages interleaved, so they share the gateway's batches.
  const now = () => Math.floor(Date.now() / 1000);
  let next = 0;
  const perRound = Math.ceil(messages.length / ROUNDS);
  for (let round = 1; round <= ROUNDS; round++) {
    const sends: Promise<void>[] = [];
    for (const machine of good) {
      sends.push(
        machine.client.publish("status", {
          v: 1,
          online: true,
          busy: false,
          fault: null,
          firmware: `2.0.${round}`,
          ts: now(),
        }),
      );
      sends.push(
        machine.client.publish("event", {
          v: 1,
          id: `sale-${round}`,
          ts: now(),
          type: "cycle_started",
          program: "Warm",
          price: 500 + round,
          minutes: 30,
          start_type: "coins",
        }),
      );
      sends.push(
        machine.client.publish("event", { v: 1, id: `coin-${round}`, ts: now(), type: "coin_inserted", amount: 100 }),
      );
      sends.push(
        machine.client.publish("shadow/reported", {
          v: 1,
          params: { price_lo: 500 + round },
          cashbox: { current: round * 100, cumulative: round * 100 },
          firmware: `2.0.${round}`,
        }),
      );
    }
    for (const message of messages.slice(next, next + perRound)) {
      sends.push(hostile.publish(message.kind as "event", message.payload));
    }
    next += perRound;
    await Promise.all(sends);
  }

  const ids = good.map((g) => g.id);
  await expect
    .poll(
      async () => {
        const booked = await server.database.db.select().from(orders).where(inArray(orders.deviceId, ids));
        return booked.length;
      },
      { timeout: 20_000 },
    )
    .toBe(good.length * ROUNDS);
  await expect
    .poll(
      async () => (await server.database.db.select().from(deviceLog).where(inArray(deviceLog.deviceId, ids))).length,
      {
        timeout: 10_000,
      },
    )
    .toBe(good.length * ROUNDS * 2);
  await expect
    .poll(async () => {
      const shadows = await server.database.db.select().from(deviceShadows).where(inArray(deviceShadows.deviceId, ids));
      return shadows.map((s) => `${s.firmware}/${s.cashboxCurrent}`).sort();
    })
    .toEqual(good.map(() => `2.0.${ROUNDS}/${ROUNDS * 100}`));
  // Each good machine's sales are its own, at the prices it said.
  for (const machine of good) {
    const booked = await server.database.db
      .select()
      .from(orders)
      .where(like(orders.payUniqueNo, `${machine.serial}:%`));
    expect(booked.map((o) => o.amount).sort(), machine.serial).toEqual(
      Array.from({ length: ROUNDS }, (_, r) => 501 + r).sort(),
    );
  }

  // The hostile machine's refusals are set aside with their reasons (the first 30 of the minute),
  // and nothing it sent above a ceiling or outside the schema was booked.
  const letters = await server.database.db
    .select()
    .from(deviceDeadLetters)
    .where(eq(deviceDeadLetters.deviceId, hostileMachine.id));
  expect(letters.length).toBeGreaterThan(0);
  expect(letters.every((l) => l.reason.length > 0 && !l.payload.includes("\u0000"))).toBe(true);
  const hostileOrders = await server.database.db.select().from(orders).where(eq(orders.deviceId, hostileMachine.id));
  expect(hostileOrders.every((o) => o.amount <= 100_000)).toBe(true);
  // The server answers as before.
  const { http } = await server.send(API.devices.list, {}, as);
  expect(http).toBe(200);
  await hostile.end();
  await Promise.all(good.map((g) => g.client.end()));
});
