import { randomBytes } from "node:crypto";
import { API, type CommandItem, type DeviceItem } from "@washboard/shared";
import mqtt, { type MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, testShop } from "../../test/fixtures.js";
import { brokerUrlOf, startTestServer, type TestServer } from "../../test/harness.js";
import { provisionDevice } from "./provision.js";

/**
 * A controller written by an outsider from docs/device-protocol.md and the JSON Schemas the server
 * serves — nothing of ours (no `@washboard/device-protocol`, no simulator): plain mqtt.js, topics
 * read off the schema index, messages built from the served examples. If this machine cannot be
 * built, the document is not enough.
 */
const as = { as: "vendor_admin" } as const;
const run = randomBytes(3).toString("hex").toUpperCase();

interface IndexEntry {
  name: string;
  url: string;
  topic: string;
  direction: "up" | "down";
  retained: boolean;
}
interface JsonSchema {
  required?: string[];
  examples: Record<string, unknown>[];
}

let server: TestServer;
let shopId: number;
let index: IndexEntry[];
const schemas = new Map<string, JsonSchema>();

/** The served schema of a message. */
function schema(name: string): JsonSchema {
  const found = schemas.get(name);
  if (!found) throw new Error(`the server serves no schema ${name}`);
  return found;
}
/** A served example of a message (the first one `pick` accepts). */
function example(name: string, pick: (e: Record<string, unknown>) => boolean = () => true) {
  const found = schema(name).examples.find(pick);
  if (!found) throw new Error(`no example of ${name} fits`);
  return structuredClone(found);
}
/** A message's topic for this machine, as the index names it (`wb/v1/d/<serial>/…`). */
function topicOf(name: string, serial: string): string {
  const entry = index.find((e) => e.name === name);
  if (!entry) throw new Error(`the index lists no ${name}`);
  return entry.topic.replace("<serial>", serial);
}
const now = () => Math.floor(Date.now() / 1000);

async function listed(id: number): Promise<DeviceItem | undefined> {
  const { body } = await server.send(API.devices.list, { page_size: 200 }, as);
  return body.result.items.find((item) => item.id === id);
}

beforeAll(async () => {
  server = await startTestServer();
  await server.app.ready();
  const { kl } = await demoVendors(server.database);
  shopId = await testShop(server.database, kl.id, `Outsider shop ${run}`);
  // What an outsider downloads: the index, then every schema it lists (no api-key).
  const answer = await server.app.inject({ method: "GET", url: "/api/device-protocol/" });
  expect(answer.statusCode).toBe(200);
  index = answer.json<{ schemas: IndexEntry[] }>().schemas;
  for (const entry of index) {
    const served = await server.app.inject({ method: "GET", url: entry.url });
    expect(served.statusCode, entry.url).toBe(200);
    schemas.set(entry.name, served.json<JsonSchema>());
  }
});
afterAll(async () => {
  await server?.close();
});

describe("a controller built from the document alone", () => {
  let client: MqttClient | undefined;
  afterAll(async () => {
    await client?.endAsync(true).catch(() => undefined);
  });

  it("connects, sells, takes a remote start, reports a fault and leaves", async () => {
    const { kl } = await demoVendors(server.database);
    const { id, serial, secret } = await provisionDevice(server.database.db, {
      vendorId: kl.id,
      shopId,
      serialNumber: `X${run}-OUTSIDER`,
      name: "Outsider washer",
      machineType: "washer",
    });
    const topic = {
      status: topicOf("status", serial),
      event: topicOf("event", serial),
      ack: topicOf("ack", serial),
      reported: topicOf("shadow.reported", serial),
      cmd: topicOf("command", serial),
      desired: topicOf("shadow.desired", serial),
    };
    const commands: Record<string, unknown>[] = [];

    // Connect: client id = username = serial, password = secret, clean session, keepalive 30 s,
    // last will {"v":1,"online":false} retained QoS 1 on the status topic.
    const lastWill = example("status", (e) => e.online === false);
    expect(lastWill).toEqual({ v: 1, online: false });
    client = await mqtt.connectAsync(brokerUrlOf(server.config), {
      clientId: serial,
      username: serial,
      password: secret,
      clean: true,
      keepalive: 30,
      reconnectPeriod: 0,
      will: { topic: topic.status, payload: Buffer.from(JSON.stringify(lastWill)), qos: 1, retain: true },
    });
    client.on("message", (received, payload) => {
      if (received === topic.cmd) commands.push(JSON.parse(payload.toString("utf8")));
    });
    // On every connect: subscribe to cmd and shadow/desired, then publish status online (retained)
    // and the reported shadow.
    const granted = await client.subscribeAsync([topic.cmd, topic.desired], { qos: 1 });
    expect(granted.map((g) => g.qos)).toEqual([1, 1]);
    const online = { ...example("status", (e) => e.online === true), busy: false, fault: null, ts: now() };
    await client.publishAsync(topic.status, JSON.stringify(online), { qos: 1, retain: true });
    await client.publishAsync(topic.reported, JSON.stringify(example("shadow.reported")), { qos: 1 });
    await expect.poll(async () => (await listed(id))?.presence, { timeout: 10_000 }).toBe("online");

    // A coin cycle: the coin, then the cycle it paid for; fresh ids within a fresh boot, the time now.
    const boot = `t${randomBytes(4).toString("hex")}`;
    const coin = { ...example("event.coin_inserted"), id: "1", boot, ts: now(), amount: 700 };
    const cycle = {
      ...example("event.cycle_started", (e) => e.start_type === "coins"),
      id: "2",
      boot,
      ts: now(),
      program: "Outsider hot",
      price: 700,
    };
    for (const event of [coin, cycle]) await client.publishAsync(topic.event, JSON.stringify(event), { qos: 1 });
    const month = new Intl.DateTimeFormat("en-CA", { timeZone: kl.timeZone, year: "numeric", month: "2-digit" })
      .format(new Date())
      .slice(0, 7);
    await expect
      .poll(
        async () => {
          const { body } = await server.send(API.revenue.deviceRevenue, { month }, as);
          const row = body.result.items.find((r) => r.device_id === id);
          return row && { orders: row.orders, gross: row.gross };
        },
        { timeout: 10_000 },
      )
      .toEqual({ orders: 1, gross: 700 });
    // The cycle ends; a redelivery of the sale (same boot and id) is not a second order.
    await client.publishAsync(topic.event, JSON.stringify(cycle), { qos: 1 });
    const revenueRow = async () => {
      const { body } = await server.send(API.revenue.deviceRevenue, { month }, as);
      const row = body.result.items.find((r) => r.device_id === id);
      return row && { orders: row.orders, gross: row.gross };
    };
    const finished = { ...example("event.cycle_finished"), id: "3", boot, ts: now(), program: "Outsider hot" };
    await client.publishAsync(topic.event, JSON.stringify(finished), { qos: 1 });

    // A remote start from the console reaches the cmd topic; the controller checks it and answers ok.
    const started = await server.send(
      API.devices.remoteStart,
      { device_ids: [id], start_type: "free_start", program: "Outsider hot", price: 0 },
      as,
    );
    expect(started.http, JSON.stringify(started.body)).toBe(200);
    const issued = started.body.result.commands[0] as CommandItem;
    expect(issued).toMatchObject({ kind: "remote_start", state: "sent" });
    await expect.poll(() => commands.length, { timeout: 5_000 }).toBeGreaterThan(0);
    const command = commands[0] as Record<string, unknown>;
    for (const key of schema("command.remote_start").required ?? []) expect(command, key).toHaveProperty(key);
    expect(command).toMatchObject({ v: 1, id: issued.id, kind: "remote_start", start_type: "free_start" });
    const sentAt = Number(command.sent_at);
    const expiresAt = Number(command.expires_at);
    // sent_at is the server's clock; expires_at = sent_at + the answer window (10 s by default).
    expect(Math.abs(sentAt - now())).toBeLessThanOrEqual(5);
    expect(expiresAt - sentAt).toBeGreaterThanOrEqual(9);
    expect(expiresAt - sentAt).toBeLessThanOrEqual(11);
    expect(now()).toBeLessThanOrEqual(expiresAt + 5);
    // The answer "done" of the served example, without the cash box only an audit or reset reports.
    const done: Record<string, unknown> = { ...example("ack.ok"), id: command.id };
    delete done.cashbox;
    await client.publishAsync(topic.ack, JSON.stringify(done), { qos: 1 });
    await expect
      .poll(
        async () => {
          const { body } = await server.send(API.devices.commands, { device_id: id }, as);
          return body.result.items.find((c) => c.id === issued.id)?.state;
        },
        { timeout: 10_000 },
      )
      .toBe("succeeded");

    // A fault: the retained status says so. A status published now is a heartbeat too (the broker
    // forwards it unretained to the listening server): the machine was seen now.
    const faultedAt = now();
    const faulted = { ...online, fault: "E01", ts: faultedAt };
    await client.publishAsync(topic.status, JSON.stringify(faulted), { qos: 1, retain: true });
    await expect.poll(async () => (await listed(id))?.fault_code, { timeout: 10_000 }).toBe("E01");
    expect((await listed(id))?.last_seen_at).toBeGreaterThanOrEqual(faultedAt);
    // By now the repeated sale was handled too: still one order.
    expect(await revenueRow()).toEqual({ orders: 1, gross: 700 });

    // A clean disconnect, without the offline status first: the broker discards the will, so only
    // the broker can tell the server. The embedded broker does at once. CI's Mosquitto (MQTT_URL,
    // no auth plugin) tells nobody: the machine is then offline only after the presence window
    // (150 s), which this test does not wait for.
    await client.endAsync();
    client = undefined;
    if (server.config.mqttUrl) return;
    await expect.poll(async () => (await listed(id))?.presence, { timeout: 2_000, interval: 100 }).toBe("offline");
  });
});
