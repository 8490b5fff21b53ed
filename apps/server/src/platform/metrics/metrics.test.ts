import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { API } from "@washboard/shared";
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../modules/orders/tables.js";
import { payMachine, payPlace } from "../../modules/pay/test-place.js";
import { listening, openEventStream } from "../../test/event-stream.js";
import { demoVendors } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { rawMachine, testMachines } from "../../test/machines.js";
import { outboxMessages } from "../outbox/tables.js";
import { installMetrics, METRICS_PATH } from "./registry.js";

/**
 * GET /metrics: refused without the token (and absent without METRICS_TOKEN), Prometheus text with
 * it, and counters that move by exactly what the traffic driven here did: API calls (one refused),
 * a machine's messages (one refused) and a command, a live stream, a refused webhook, the outbox's
 * backlog, and a sandbox payment and its refund.
 */
const TOKEN = "metrics-test-token";
let server: TestServer;
const machines = testMachines("M");

beforeAll(async () => {
  server = await startTestServer({ metricsToken: TOKEN });
  await server.app.ready();
});
afterAll(async () => {
  await machines.stopAll();
  await server.close();
});

const scrapeAs = (authorization?: string) =>
  server.app.inject({ method: "GET", url: METRICS_PATH, headers: authorization ? { authorization } : {} });

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text answer (label values here never hold quotes or commas). */
function samplesOf(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]),
    );
    samples.push({ name: match[1] ?? "", labels, value: Number(match[3]) });
  }
  return samples;
}

interface Scrape {
  text: string;
  /** The sum of the samples of `name` whose labels include `labels` (0 when there are none). */
  value(name: string, labels?: Record<string, string>): number;
}

async function scrape(): Promise<Scrape> {
  const answer = await scrapeAs(`Bearer ${TOKEN}`);
  expect(answer.statusCode, answer.body).toBe(200);
  const samples = samplesOf(answer.body);
  return {
    text: answer.body,
    value: (name, labels = {}) =>
      samples
        .filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value))
        .reduce((sum, s) => sum + s.value, 0),
  };
}

/** How much a sample moved since `before`. */
const moved = async (before: Scrape, name: string, labels?: Record<string, string>) =>
  (await scrape()).value(name, labels) - before.value(name, labels);

describe("GET /metrics", () => {
  it("refuses a request without the token or with another one, and answers Prometheus text with it", async () => {
    const none = await scrapeAs();
    expect(none.statusCode).toBe(401);
    expect(none.headers["www-authenticate"]).toContain("Bearer");
    expect((await scrapeAs(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrapeAs(TOKEN)).statusCode).toBe(401);
    const answer = await scrapeAs(`Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const family of [
      "# TYPE washboard_http_requests_total counter",
      "# TYPE washboard_http_request_duration_seconds histogram",
      "# TYPE washboard_db_query_duration_seconds histogram",
      "# TYPE washboard_device_messages_total counter",
      "# TYPE washboard_device_command_round_trip_seconds histogram",
      "# TYPE washboard_outbox_backlog gauge",
      "# TYPE washboard_live_streams_open gauge",
      "# TYPE washboard_payments_total counter",
      "# TYPE washboard_webhook_verifications_refused_total counter",
      // prom-client's process metrics.
      "# TYPE process_cpu_user_seconds_total counter",
      "# TYPE nodejs_eventloop_lag_seconds gauge",
    ]) {
      expect(answer.body).toContain(family);
    }
    // Every line parses, and the process metrics come once although every test app has a registry.
    expect(samplesOf(answer.body).filter((s) => s.name === "process_cpu_user_seconds_total")).toHaveLength(1);
  });

  it("shows the heap in use after the last full collection, set by a full collection", async () => {
    // A full collection on demand: the flag exposes gc() to contexts made after it is set.
    v8.setFlagsFromString("--expose-gc");
    const collect = runInNewContext("gc") as () => void;
    const retained = Array.from({ length: 200_000 }, (_, i) => ({ i }));
    collect();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const withArray = (await scrape()).value("washboard_heap_used_after_full_gc_bytes");
    expect(withArray).toBeGreaterThan(0);
    expect(retained.length).toBe(200_000);
    retained.length = 0;
    collect();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The 200,000 objects (several MB) no longer held: the figure after the next full collection is lower.
    expect((await scrape()).value("washboard_heap_used_after_full_gc_bytes")).toBeLessThan(withArray - 2_000_000);
  });

  it("is off without METRICS_TOKEN: no endpoint", async () => {
    const app = Fastify({ logger: false });
    installMetrics(app, { config: { ...server.config, metricsToken: undefined }, database: server.database });
    const answer = await app.inject({
      method: "GET",
      url: METRICS_PATH,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.statusCode).toBe(404);
    await app.close();
  });

  it("counts requests by route pattern and status, with their latency and the database's", async () => {
    await server.login("vendor_admin");
    const before = await scrape();
    const shops = { method: "POST", route: API.shops.list.path };
    for (let i = 0; i < 2; i++) {
      expect((await server.send(API.shops.list, { page_size: 10 }, { as: "vendor_admin" })).http).toBe(200);
    }
    const refused = await server.send(API.shops.list, { page_size: 10 }, { token: "no-such-session" });
    expect(refused.http).not.toBe(200);
    const unknown = await server.app.inject({ method: "GET", url: "/no/such/page/4711" });
    expect(unknown.statusCode).toBe(404);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      after.value(name, labels) - before.value(name, labels);
    expect(delta("washboard_http_requests_total", { ...shops, status: "200" })).toBe(2);
    expect(delta("washboard_http_requests_total", { ...shops, status: String(refused.http) })).toBe(1);
    expect(delta("washboard_http_request_duration_seconds_count", shops)).toBe(3);
    expect(delta("washboard_http_request_duration_seconds_sum", shops)).toBeGreaterThan(0);
    expect(delta("washboard_http_requests_total", { route: "unmatched", status: "404" })).toBe(1);
    // The pattern, never the URL. (Not the bare number: a latency or byte figure may contain those digits.)
    expect(after.text).not.toContain("/no/such/page");
    expect(delta("washboard_db_query_duration_seconds_count", {})).toBeGreaterThanOrEqual(2);
    // The scrape before this one is counted too, under its own route.
    expect(delta("washboard_http_requests_total", { route: METRICS_PATH, status: "200" })).toBe(1);
  });

  it("counts a machine's messages and refusals, machines online, and a command's outcome and round trip", async () => {
    const { kl } = await demoVendors(server.database);
    const place = await payPlace(server, kl.id, "Metrics shop");
    const before = await scrape();
    const { id } = await payMachine(server, machines, place, "M1");
    // Online in the register: the gauge reads it at scrape time.
    expect((await scrape()).value("washboard_devices", { presence: "online" })).toBeGreaterThanOrEqual(1);
    expect(await moved(before, "washboard_device_messages_total", { kind: "status" })).toBeGreaterThanOrEqual(1);

    const beforeCommand = await scrape();
    const restart = await server.send(API.devices.reboot, { device_ids: [id] }, { as: "vendor_admin" });
    expect(restart.http, JSON.stringify(restart.body)).toBe(200);
    await expect
      .poll(() => moved(beforeCommand, "washboard_device_commands_total", { kind: "restart", outcome: "succeeded" }), {
        timeout: 15_000,
      })
      .toBe(1);
    expect(await moved(beforeCommand, "washboard_device_command_round_trip_seconds_count", { kind: "restart" })).toBe(
      1,
    );

    // A forged controller's message that is no message of the protocol: received, and refused. (Its
    // own machine's login, not M1's: one client id takes the other's connection over.)
    const forger = await machines.provision(server, { vendorId: kl.id, shopId: place.shopId }, "M2");
    const beforeForgery = await scrape();
    const raw = await rawMachine(server, forger.serial, forger.secret);
    await raw.publish("event", "{ not json");
    await raw.end();
    await expect
      .poll(() => moved(beforeForgery, "washboard_device_messages_refused_total", { reason: "invalid" }), {
        timeout: 10_000,
      })
      .toBe(1);
    expect(await moved(beforeForgery, "washboard_device_messages_total", { kind: "event" })).toBe(1);
    expect((await scrape()).text).not.toContain(forger.serial);
  });

  it("counts a sandbox payment and its refund by provider and outcome", async () => {
    const { kl } = await demoVendors(server.database);
    const place = await payPlace(server, kl.id, "Metrics pay");
    const { id } = await payMachine(server, machines, place, "P1");
    const before = await scrape();
    const started = await server.send(API.pay.create, {
      place: { code: place.code },
      device_id: id,
      provider: "sandbox",
    });
    expect(started.http, JSON.stringify(started.body)).toBe(200);
    const orderNo = started.body.result.order_no;
    expect((await server.send(API.pay.sandboxPay, { order_no: orderNo })).http).toBe(200);
    // Paying again changes nothing, and counts nothing.
    expect((await server.send(API.pay.sandboxPay, { order_no: orderNo })).http).toBe(200);
    expect(await moved(before, "washboard_payments_total", { provider: "sandbox", outcome: "paid" })).toBe(1);
    // The paid machine starts: a remote start that succeeded.
    await expect
      .poll(() => moved(before, "washboard_device_commands_total", { kind: "remote_start", outcome: "succeeded" }), {
        timeout: 15_000,
      })
      .toBe(1);

    const [order] = await server.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    if (!order) throw new Error("the order is missing");
    const refund = await server.send(
      API.orders.refundSandbox,
      { order_id: order.id, amount: order.amount, reason: "metrics test" },
      { as: "vendor_admin" },
    );
    expect(refund.http, JSON.stringify(refund.body)).toBe(200);
    await expect
      .poll(() => moved(before, "washboard_refunds_total", { provider: "sandbox", outcome: "succeeded" }), {
        timeout: 15_000,
      })
      .toBe(1);
  });

  it("counts a webhook refused by its verification, by provider and never by merchant", async () => {
    const before = await scrape();
    const forged = await server.app.inject({
      method: "POST",
      url: "/webhooks/stripe/987654",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      payload: JSON.stringify({ id: "evt_forged" }),
    });
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
    const after = await scrape();
    expect(
      after.value("washboard_webhook_verifications_refused_total", { provider: "stripe" }) -
        before.value("washboard_webhook_verifications_refused_total", { provider: "stripe" }),
    ).toBe(1);
    expect(after.value("washboard_http_requests_total", { route: "/webhooks/stripe/:vendorId" })).toBeGreaterThan(0);
    expect(after.text).not.toContain("987654");
  });

  it("shows the outbox's backlog and its oldest message's age by kind, read at scrape time", async () => {
    const kind = "metrics.test";
    await server.database.db.insert(outboxMessages).values([
      // Due in an hour, waiting for ten minutes already.
      {
        kind,
        key: "metrics-test-1",
        payload: {},
        nextAttemptAt: new Date(Date.now() + 3_600_000),
        createdAt: new Date(Date.now() - 600_000),
      },
      { kind, key: "metrics-test-2", payload: {}, nextAttemptAt: new Date(Date.now() + 3_600_000) },
    ]);
    const shown = await scrape();
    expect(shown.value("washboard_outbox_backlog", { kind })).toBe(2);
    const age = shown.value("washboard_outbox_oldest_pending_age_seconds", { kind });
    expect(age).toBeGreaterThanOrEqual(600);
    expect(age).toBeLessThan(900);
    await server.database.db.delete(outboxMessages).where(eq(outboxMessages.kind, kind));
    expect((await scrape()).text).not.toContain(kind);
  });

  it("shows the live streams open on the instance", async () => {
    const base = await listening(server.app);
    const before = (await scrape()).value("washboard_live_streams_open");
    const token = await server.login("vendor_admin");
    const streams = await Promise.all([1, 2].map(() => openEventStream(base, API.live.events.path, { token })));
    expect(streams.map((s) => s.status)).toEqual([200, 200]);
    await expect.poll(async () => (await scrape()).value("washboard_live_streams_open")).toBe(before + 2);
    streams[0]?.close();
    await expect.poll(async () => (await scrape()).value("washboard_live_streams_open")).toBe(before + 1);
    streams[1]?.close();
    await expect.poll(async () => (await scrape()).value("washboard_live_streams_open")).toBe(before);
  });
});
