import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { SimulatedDevice } from "@washboard/device-sim";
import { API, type EndpointContract, type SseEvent } from "@washboard/shared";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain ES module of the start script, without types of its own
import { buildStaleBundles } from "../../../scripts/server-build.mjs";
import { provisionDevice } from "./modules/devices/provision.js";
import { type Database, openDatabase } from "./platform/db/client.js";
import { haproxyConfig } from "./test/cluster/haproxy-config.js";
import { openLive, until } from "./test/cluster/live-client.js";
import { Balancer, freePorts, hasProgram, Instance, killAll } from "./test/cluster/processes.js";

/**
 * Issue 26, "a cluster on one machine": two compiled instances on one PostgreSQL database, one
 * Mosquitto (a shared subscription: each machine message reaches one instance) and Redis (or the
 * database) as the live bus, behind a real HAProxy on loopback. Through the balancer: a session made
 * on one instance is good on the other; a live stream outlives the instance it was on; a command
 * issued on one instance is answered to either; and both instances restart one after the other
 * under steady load with no failed request and no lost machine event. Runs in CI's PostgreSQL pass
 * (DATABASE_URL, MQTT_URL, and Debian's haproxy installed by .ci/run).
 */
const root = path.resolve(import.meta.dirname, "../../..");
const API_KEY = "washboard-console";
const PASSWORD = "demo1234";
const enabled = Boolean(process.env.DATABASE_URL && process.env.MQTT_URL && hasProgram("haproxy"));
const run = randomBytes(4).toString("hex");

interface Envelope<Result = unknown> {
  status: number;
  result: Result;
  code?: string;
}

/** A call as the console makes it: POST, JSON, api-key header, the session token in the body. */
async function call<Result = unknown>(
  baseUrl: string,
  contract: EndpointContract,
  body: Record<string, unknown>,
  token?: string,
): Promise<{ http: number; servedBy: string | null; body: Envelope<Result> }> {
  const answer = await fetch(`${baseUrl}${contract.path}`, {
    method: "POST",
    headers: { "api-key": API_KEY, "content-type": "application/json" },
    body: JSON.stringify(token ? { ...body, token } : body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await answer.text();
  let parsed: Envelope<Result>;
  try {
    parsed = JSON.parse(text) as Envelope<Result>;
  } catch {
    parsed = { status: answer.status, result: text as Result };
  }
  return { http: answer.status, servedBy: answer.headers.get("x-served-by"), body: parsed };
}

async function signIn(baseUrl: string, login = "vendor_admin"): Promise<string> {
  const { body } = await call<{ token: string }>(baseUrl, API.auth.login, { login, password: PASSWORD });
  if (body.status !== 200) throw new Error(`sign-in failed: ${body.code}`);
  return body.result.token;
}

interface Location {
  id: number;
  name: string;
}
interface Command {
  id: string;
  state: string;
}

describe.runIf(enabled)("a cluster of two instances behind HAProxy", { timeout: 180_000 }, () => {
  const serverUrl = process.env.DATABASE_URL ?? "";
  const dbName = `wb_cluster_${run}`;
  const dbUrl = (() => {
    const url = new URL(serverUrl || "postgres://localhost/x");
    url.pathname = `/${dbName}`;
    return url.toString();
  })();
  let temp = "";
  let a: Instance;
  let b: Instance;
  let balancer: Balancer;
  let database: Database | undefined;
  let sql: pg.Client | undefined;
  let token = "";
  let vendorId = 0;
  let shopId = 0;
  const machines: SimulatedDevice[] = [];
  let databaseCreated = false;

  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    temp = fs.mkdtempSync(path.join(os.tmpdir(), "wb-cluster-"));
    await buildStaleBundles(root);
    await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
    databaseCreated = true;
    const [portA, portB, portLb] = (await freePorts(3)) as [number, number, number];
    const env: Record<string, string> = {
      DATABASE_URL: dbUrl,
      MQTT_URL: process.env.MQTT_URL ?? "",
      MQTT_SHARED_GROUP: `wb-cluster-${run}`,
      MQTT_ALLOW_INSECURE: "1",
      SECRET_KEY: randomBytes(32).toString("base64"),
      WEB_DIST: "none",
      LOG_LEVEL: "warn",
      STOP_TIMEOUT_MS: "10000",
      TRUST_PROXY: "1",
      ...(process.env.REDIS_URL
        ? { REDIS_URL: process.env.REDIS_URL, REDIS_LIVE_STREAM: `wb-cluster:${run}` }
        : { REDIS_URL: "" }),
    };
    a = new Instance({ root, name: "a", port: portA, dataDir: path.join(temp, "a"), env, seedDemo: true });
    b = new Instance({ root, name: "b", port: portB, dataDir: path.join(temp, "b"), env, seedDemo: false });
    // The first seeds the demo (and migrates); only then does the second start, seeding nothing.
    await a.start();
    await b.start();
    balancer = await Balancer.start(
      haproxyConfig({
        listen: { host: "127.0.0.1", port: portLb },
        instances: [
          { name: "a", host: "127.0.0.1", port: portA },
          { name: "b", host: "127.0.0.1", port: portB },
        ],
      }),
      temp,
      portLb,
    );
    database = await openDatabase({ url: dbUrl, dataDir: "" });
    sql = new pg.Client({ connectionString: dbUrl });
    await sql.connect();
    const vendor = await sql.query<{ id: number }>("select id from vendors where name = 'Demo Laundry Kuala Lumpur'");
    vendorId = vendor.rows[0]?.id ?? 0;
    const shop = await sql.query<{ id: number }>("select id from shops where vendor_id = $1 order by id limit 1", [
      vendorId,
    ]);
    shopId = shop.rows[0]?.id ?? 0;
    expect(vendorId).toBeGreaterThan(0);
    expect(shopId).toBeGreaterThan(0);
    // Both instances in rotation before the checks begin.
    await waitBothServing();
  }, 240_000);

  afterAll(async () => {
    await Promise.all(machines.map((m) => m.disconnect({ forget: true }).catch(() => undefined)));
    await sql?.end().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await Promise.all([a?.stop(), b?.stop(), balancer?.stop()].map((p) => p?.catch(() => undefined)));
    killAll();
    if (databaseCreated) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
    if (process.env.REDIS_URL) {
      // The run's own live stream on the shared Redis.
      const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
      await redis
        .connect()
        .then(() => redis.del(`wb-cluster:${run}`))
        .catch(() => undefined);
      redis.disconnect();
    }
    if (temp) fs.rmSync(temp, { recursive: true, force: true });
  }, 60_000);

  /** Until answers through the balancer have come from both instances. */
  async function waitBothServing(): Promise<void> {
    const seen = new Set<string>();
    const deadline = Date.now() + 15_000;
    while (seen.size < 2) {
      if (Date.now() > deadline) throw new Error(`the balancer served from ${[...seen].join(", ")} only`);
      const answer = await fetch(`${balancer.url}/healthz`);
      await answer.body?.cancel();
      const by = answer.headers.get("x-served-by");
      if (by) seen.add(by);
      await sleep(50);
    }
  }

  /** The session of check 1 (signed in on instance a), or a new one when a check runs alone. */
  async function session(): Promise<string> {
    token ||= await signIn(a.url);
    return token;
  }

  const instanceNamed = (name: string | null) => (name === "a" ? a : name === "b" ? b : null);

  it("signs in on one instance and uses the session on the other and through the balancer", async () => {
    token = await signIn(a.url);
    const created = await call<Location>(
      a.url,
      API.locations.create,
      { name: `Cluster ${run}`, address: "1 Jalan" },
      token,
    );
    expect(created.body.status).toBe(200);
    for (const where of [b.url, balancer.url, balancer.url]) {
      const listed = await call<{ items: Location[] }>(where, API.locations.list, {}, token);
      expect(listed.http).toBe(200);
      expect(listed.body.status).toBe(200);
      expect(listed.body.result.items.map((l) => l.name)).toContain(`Cluster ${run}`);
    }
  });

  it("keeps a live stream through the balancer when its instance stops: resumed with Last-Event-ID, nothing missed or doubled", async () => {
    await session();
    const path = API.live.events.path;
    const isOperation = (e: SseEvent) => e.event === "operationLog.recorded";
    const actionOf = (e: SseEvent) => JSON.parse(e.data) as { id: number; action: string; target?: string | null };
    const first = await openLive(balancer.url, path, { apiKey: API_KEY, token });
    expect(first.status).toBe(200);
    const holder = instanceNamed(first.servedBy);
    expect(holder, `served by ${first.servedBy}`).not.toBeNull();
    if (!holder) return;
    const other = holder === a ? b : a;
    const made: number[] = [];
    const create = async (base: string, name: string) => {
      const answer = await call<Location>(base, API.locations.create, { name, address: "2 Jalan" }, token);
      expect(answer.body.status, name).toBe(200);
      made.push(answer.body.result.id);
    };
    await create(balancer.url, `Before ${run}`);
    await until(() => first.events.filter(isOperation).length >= 1, "the first event");

    // The instance holding the stream stops: it ends the stream with a retry hint and exits.
    const stopping = holder.stop();
    await first.ended;
    const retry = first.retryMs();
    expect(retry).not.toBeNull();
    const lastId = [...first.events].reverse().find((e) => e.id)?.id ?? null;
    expect(lastId).toBeTruthy();
    // Meanwhile (the browser waits `retry` ms), the other instance records changes.
    for (const n of [1, 2, 3]) await create(other.url, `Meanwhile ${n} ${run}`);
    await sleep(Math.min(retry ?? 1000, 3_000));
    const second = await openLive(balancer.url, path, { apiKey: API_KEY, token, lastEventId: lastId });
    expect(second.status).toBe(200);
    expect(second.servedBy).toBe(other.name);
    for (const n of [4, 5]) await create(balancer.url, `After ${n} ${run}`);
    const all = () => [...first.events, ...second.events].filter(isOperation);
    await until(() => all().length >= made.length, `${made.length} operation events`, 15_000);
    await sleep(500);
    second.close();
    const stopped = await stopping;
    expect(stopped.code).toBe(0);

    const received = all();
    const ids = received.map((e) => e.id);
    expect(new Set(ids).size, "no event twice").toBe(ids.length);
    const operations = received.map(actionOf);
    expect(new Set(operations.map((o) => o.id)).size, "no operation twice").toBe(operations.length);
    expect(operations.filter((o) => o.action === "locations.create")).toHaveLength(made.length);
    console.info(
      `live stream: on ${holder.name}, ended with retry ${retry} ms, stop took ${stopped.ms} ms; ` +
        `resumed on ${second.servedBy}; ${received.length} events, ${made.length} made`,
    );
    const restart = await holder.start(false);
    console.info(`live stream: ${holder.name} ready again after ${restart} ms`);
    await waitBothServing();
  });

  it("issues a command through one instance and records the machine's answer, whichever instance hears it", async () => {
    if (!database) throw new Error("no database");
    await session();
    const { id, serial, secret } = await provisionDevice(database.db, {
      vendorId,
      shopId,
      serialNumber: `CL${run.toUpperCase()}-CMD`,
      name: "Cluster washer",
      machineType: "washer",
    });
    const device = new SimulatedDevice(
      { serial, secret, machineType: "washer", firmware: "2.0.0" },
      { brokerUrl: process.env.MQTT_URL ?? "", timeScale: 600 },
    );
    machines.push(device);
    await device.connect();
    await expect
      .poll(
        async () => {
          const { body } = await call<{ items: { id: number; presence: string }[] }>(
            b.url,
            API.devices.list,
            { search: serial },
            token,
          );
          return body.result.items.find((d) => d.id === id)?.presence;
        },
        { timeout: 15_000 },
      )
      .toBe("online");

    const issued: Command[] = [];
    const restart = await call<{ commands: Command[] }>(a.url, API.devices.reboot, { device_ids: [id] }, token);
    expect(restart.body.status).toBe(200);
    issued.push(...restart.body.result.commands);
    await device.waitFor((s) => s.online && s.handledCommands.length === 1, 15_000);
    // A few cash box audits too: with the shared subscription their answers land on either instance.
    for (let i = 0; i < 4; i++) {
      const audit = await call<{ commands: Command[] }>(
        a.url,
        API.devices.coinCollection,
        { device_ids: [id], action: "audit" },
        token,
      );
      expect(audit.body.status).toBe(200);
      issued.push(...audit.body.result.commands);
    }
    expect(issued).toHaveLength(5);
    for (const [where, label] of [
      [b.url, "b"],
      [balancer.url, "the balancer"],
    ] as const) {
      await expect
        .poll(
          async () => {
            const { body } = await call<{ items: Command[] }>(where, API.devices.commands, { device_id: id }, token);
            return issued.map((c) => body.result.items.find((item) => item.id === c.id)?.state);
          },
          { timeout: 20_000, message: `the commands' outcome through ${label}` },
        )
        .toEqual(issued.map(() => "succeeded"));
    }
    expect(device.stats.commandsReceived).toBe(5);

    // And one answered to the other instance for certain: the machine answers late, after the
    // instance that sent the command has stopped, so only the other one is left to hear it.
    device.answerDelayMs = 3_000;
    const late = await call<{ commands: Command[] }>(
      a.url,
      API.devices.coinCollection,
      { device_ids: [id], action: "audit" },
      token,
    );
    expect(late.body.result.commands[0]?.state).toBe("sent");
    await until(() => device.stats.commandsReceived === 6, "the sixth command at the machine", 5_000);
    const stopped = await a.stop();
    expect(stopped.code).toBe(0);
    expect(device.stats.commandsAnswered, "answered after a stopped").toBe(5);
    await expect
      .poll(
        async () => {
          const { body } = await call<{ items: Command[] }>(
            balancer.url,
            API.devices.commands,
            { device_id: id },
            token,
          );
          return body.result.items.find((item) => item.id === late.body.result.commands[0]?.id)?.state;
        },
        { timeout: 20_000, message: "the late answer, heard by b" },
      )
      .toBe("succeeded");
    device.answerDelayMs = 0;
    console.info(`device command: a stopped in ${stopped.ms} ms; its command's answer recorded by b`);
    await a.start(false);
    await waitBothServing();
  });

  it("restarts both instances one after the other under steady load: no failed request, no lost machine event", async () => {
    if (!database || !sql) throw new Error("no database");
    await session();
    // Machines that keep selling (coins in, one event each) while the instances restart.
    const fleet: { id: number; device: SimulatedDevice; published: number }[] = [];
    for (let i = 0; i < 4; i++) {
      const { id, serial, secret } = await provisionDevice(database.db, {
        vendorId,
        shopId,
        serialNumber: `CL${run.toUpperCase()}-L${i}`,
        name: `Load ${i}`,
        machineType: "washer",
      });
      const device = new SimulatedDevice(
        { serial, secret, machineType: "washer", firmware: "2.0.0" },
        { brokerUrl: process.env.MQTT_URL ?? "", timeScale: 600, heartbeatMs: 1_000 },
      );
      machines.push(device);
      await device.connect();
      fleet.push({ id, device, published: 0 });
    }
    let running = true;
    const selling = fleet.map(async (machine) => {
      while (running) {
        machine.device.insertCoins(100);
        machine.published++;
        await sleep(50);
      }
    });
    // Eight consoles reading through the balancer without a pause, on kept-alive connections.
    const requests = { made: 0, failed: [] as string[], by: new Map<string, number>() };
    const readers = Array.from({ length: 8 }, async (_, n) => {
      while (running) {
        const contract = n % 2 === 0 ? API.locations.list : API.devices.list;
        try {
          const answer = await call(balancer.url, contract, {}, token);
          requests.made++;
          requests.by.set(answer.servedBy ?? "?", (requests.by.get(answer.servedBy ?? "?") ?? 0) + 1);
          if (answer.http !== 200 || answer.body.status !== 200) {
            requests.failed.push(
              `${answer.http} ${answer.body.status} ${answer.body.code ?? ""} from ${answer.servedBy}`,
            );
          }
        } catch (error) {
          requests.made++;
          requests.failed.push(
            `error: ${(error as Error).message} ${(error as { cause?: Error }).cause?.message ?? ""}`,
          );
        }
      }
    });
    const timings: string[] = [];
    try {
      await sleep(2_000);
      for (const instance of [a, b]) {
        const stopped = await instance.stop();
        expect(stopped.code, `${instance.name} exit code`).toBe(0);
        await sleep(1_000);
        const ready = await instance.start(false);
        timings.push(`${instance.name}: stopped in ${stopped.ms} ms, ready again in ${ready} ms`);
        await waitBothServing();
        await sleep(1_000);
      }
    } finally {
      running = false;
      await Promise.all([...selling, ...readers]);
    }
    const published = fleet.reduce((sum, m) => sum + m.published, 0);
    const ids = fleet.map((m) => m.id);
    const stored = async () =>
      Number(
        (await sql?.query<{ n: string }>("select count(*) as n from device_log where device_id = any($1)", [ids]))
          ?.rows[0]?.n ?? 0,
      );
    // The device log is written in batches: wait until the count stops growing.
    let count = await stored();
    for (let last = -1, deadline = Date.now() + 20_000; count !== last && Date.now() < deadline; ) {
      last = count;
      await sleep(1_000);
      count = await stored();
      if (count === published) break;
    }
    const refused = await sql.query<{ n: string }>(
      "select count(*) as n from device_dead_letters where device_id = any($1)",
      [ids],
    );
    console.info(
      `rolling restart: ${timings.join("; ")}; ${requests.made} requests (${[...requests.by]
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}), ${requests.failed.length} failed; ` +
        `device events published ${published}, stored ${count}, set aside ${refused.rows[0]?.n}; ` +
        `requests HAProxy retried: ${balancer.log().filter((l) => l.split(" ")[3] !== "0").length}`,
    );
    if (requests.failed.length > 0) console.info(`failed requests: ${requests.failed.slice(0, 10).join("; ")}`);
    expect(requests.failed.slice(0, 10)).toEqual([]);
    expect(requests.made).toBeGreaterThan(100);
    expect(count, "device events stored").toBe(published);
  });
});
