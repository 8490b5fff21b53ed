// Soak (issue 26): the compiled server on PostgreSQL and a real MQTT broker under a steady mix for
// SOAK_MINUTES (default 30): console reads and writes at CONSOLE_RATE requests/s (default 200) from
// CONSOLE_USERS users (default 50), a live stream per 10 of them, DEVICES simulated machines (default
// 2,000) with their normal traffic (status, heartbeats, a sale every ~2 minutes each, in a process of
// their own) plus the demo fleet, and payments and refunds through the sandbox provider.
// Every minute it records p50/p95/p99 per call class, the server's RSS and heap, event-loop delay,
// database connections, outbox backlog and errors (from the server's /metrics and pg_stat_activity),
// then writes bench/results/soak.json and PNG charts beside it (bench/soak/charts.mjs).
// Goals: RSS and heap flat after warm-up (< 5 % growth over the last 20 minutes), outbox backlog never
// above one minute of work, 0 errors. Needs `npm run build`, DATABASE_URL (a server where it may
// create and drop a database) and MQTT_URL (e.g. the machine's Mosquitto). Loopback only.
import { fork, spawn } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import mqtt from "mqtt";
import pg from "pg";
import { bundleIsCurrent, bundleOutput } from "../../scripts/server-build.mjs";
import { randomSuffix, root, writeResult } from "../lib.mjs";
import { writeCharts } from "./charts.mjs";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const WARMUP_MINUTES = Math.min(Number(process.env.SOAK_WARMUP_MINUTES ?? 5), Math.max(0, MINUTES - 1));
const CONSOLE_RATE = Number(process.env.CONSOLE_RATE ?? 200);
const CONSOLE_USERS = Number(process.env.CONSOLE_USERS ?? 50);
const DEVICES = Number(process.env.DEVICES ?? 2_000);
/** Sales per second across the bench machines: each machine about one every two minutes. */
const SALES_RATE = DEVICES / 120;
/** Payments through the sandbox per second (each later half refunded). */
const PAYMENT_RATE = Number(process.env.PAYMENT_RATE ?? 0.5);
const serverUrl = process.env.DATABASE_URL;
const brokerUrl = process.env.MQTT_URL;
if (!serverUrl || !brokerUrl) throw new Error("the soak needs DATABASE_URL and MQTT_URL");
for (const name of ["server", "simulator"]) {
  if (!bundleIsCurrent(root, name)) throw new Error(`the ${name} bundle is stale: run npm run build first`);
}

const port = 18850;
const base = `http://127.0.0.1:${port}`;
const API_KEY = "washboard-console";
const METRICS_TOKEN = randomBytes(16).toString("hex");
const MEMORY_SAMPLE_MS = 5_000;
const dbName = `wb_soak_${randomSuffix()}`;
const run = randomBytes(3).toString("hex").toUpperCase();
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${dbName}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wb-soak-"));
const children = [];

function startChild(args, env = {}) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", fs.openSync(path.join(dataDir, `${children.length}.log`), "a"), "inherit"],
  });
  children.push(child);
  return child;
}

startChild(["--enable-source-maps", bundleOutput("server")], {
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  DATABASE_URL: dbUrl.toString(),
  MQTT_URL: brokerUrl,
  MQTT_ALLOW_INSECURE: "1",
  MQTT_SHARED_GROUP: `soak-${run}`,
  METRICS_TOKEN,
  // Every customer of the soak pays from this one address: the per-address and per-machine payment
  // limits (abuse protection) would otherwise stop its payments after ten.
  PAYMENTS_PER_ADDRESS: "1000000",
  PAYMENTS_PER_MACHINE: "1000000",
  LOG_LEVEL: "warn",
  WEB_DIST: "none",
});
const db = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });

async function post(pathname, body, token) {
  const started = performance.now();
  const response = await fetch(`${base}${pathname}`, {
    method: "POST",
    headers: { "api-key": API_KEY, "content-type": "application/json" },
    body: JSON.stringify(token ? { ...body, token, token_type: 1 } : body),
  });
  const envelope = await response.json();
  return {
    ok: response.ok && envelope.status === 200,
    result: envelope.result,
    code: envelope.code,
    ms: performance.now() - started,
  };
}

try {
  for (const deadline = Date.now() + 300_000; ; await pause(250)) {
    if (Date.now() > deadline) throw new Error("the server was not ready in 5 minutes");
    const ready = await fetch(`${base}/readyz`).catch(() => null);
    if (ready?.status === 200) break;
  }
  // The demo fleet the server wrote, and the bench's own machines.
  startChild([
    bundleOutput("simulator"),
    "--broker",
    brokerUrl,
    "--fleet",
    path.join(dataDir, "demo-fleet.json"),
    "--time-scale",
    "10",
  ]);
  const secret = "soak-device-secret";
  const { rows } = await db.query("select id from vendors where name = 'Demo Laundry Kuala Lumpur'");
  await db.query(
    `insert into devices (vendor_id, serial_number, name, machine_type, secret_hash)
     select $1, 'S${run}-' || n, 'Soak ' || n, 'washer', $2 from generate_series(1, $3) n`,
    [rows[0].id, createHash("sha256").update(secret).digest("hex"), DEVICES],
  );
  const fleet = fork(
    new URL("../fleet-worker.mjs", import.meta.url),
    [JSON.stringify({ brokerUrl, prefix: `S${run}-`, count: DEVICES, stride: 1, offset: 0, secret, rate: SALES_RATE })],
    { execArgv: ["--import", "tsx"] },
  );
  children.push(fleet);
  await new Promise((resolve) => fleet.on("message", (m) => m.type === "connected" && resolve()));
  fleet.send({ type: "load" });

  const users = [];
  for (let i = 0; i < CONSOLE_USERS; i++) {
    const login = await post("/api/Auth/login", {
      login: i % 2 ? "vendor_admin" : "vendor2_admin",
      password: "demo1234",
    });
    users.push(login.result.token);
  }
  const codes = await post("/api/v3/Payqr/get_payqr_all", { page_size: 50 }, users[1]);
  const payCode = codes.result.items[0].code;

  // The minute's samples, by call class.
  let samples = { read: [], write: [], pay: [], refund: [] };
  let errors = 0;
  const errorKinds = new Map();
  const failed = (kind) => {
    errors++;
    errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
  };
  /** Payments not made, by the server's reason (a machine taken meanwhile is normal, not an error). */
  const skips = new Map();
  const skipped = (code) => void skips.set(code, (skips.get(code) ?? 0) + 1);
  let streamEvents = 0;
  const streams = Array.from({ length: Math.ceil(CONSOLE_USERS / 10) }, (_, i) =>
    http.get(
      {
        host: "127.0.0.1",
        port,
        path: "/api/live/events",
        headers: { "api-key": API_KEY, authorization: `Bearer ${users[i]}` },
      },
      (response) => {
        if (response.statusCode !== 200) failed("stream");
        response.on("data", (chunk) => {
          streamEvents += (String(chunk).match(/^id: /gm) ?? []).length;
        });
      },
    ),
  );

  const READS = [
    ["/api/Shop/get_shopall_by_vendor", {}],
    ["/api/Vendor/get_devicelist", { page_size: 20 }],
    ["/api/Order/get_sandbox_orders", { page_size: 20 }],
    ["/api/v3/Dashboard/get_account_summary", {}],
    ["/api/Location/get_locationall_by_vendor", {}],
  ];
  let tick = 0;
  const consoleCall = async () => {
    const token = users[tick % users.length];
    tick++;
    // One call in ten writes (a location renamed back and forth); the rest read.
    if (tick % 10 === 0) {
      const list = await post("/api/Location/get_locationall_by_vendor", {}, token);
      const location = list.result?.items?.[0];
      if (!location) return failed("write");
      const answer = await post(
        "/api/Location/modify_location",
        { id: location.id, name: location.name, address: `${location.address.replace(/ #\d+$/, "")} #${tick % 7}` },
        token,
      );
      return answer.ok ? samples.write.push(answer.ms) : failed(`write ${answer.code}`);
    }
    const [pathname, body] = READS[tick % READS.length];
    const answer = await post(pathname, body, token);
    return answer.ok ? samples.read.push(answer.ms) : failed(`read ${answer.code}`);
  };
  let paid = 0;
  let refunded = 0;
  const payment = async () => {
    const page = await post("/api/Pay/get_pay_page", { code: payCode });
    const machine = page.result?.machines.find((m) => m.state === "idle" && m.programs.length > 0);
    if (!machine) return skipped("no idle machine"); // a customer waits, no error
    const started = performance.now();
    const created = await post("/api/Pay/create_payment", {
      place: { code: payCode },
      device_id: machine.id,
      option: machine.programs[0].option,
      provider: "sandbox",
    });
    if (!created.ok) return skipped(created.code); // e.g. taken by another payment meanwhile
    const done = await post("/api/Pay/sandbox_pay", { order_no: created.result.order_no });
    if (!done.ok) return failed(`pay ${done.code}`);
    samples.pay.push(performance.now() - started);
    paid++;
    if (paid % 2 === 0) {
      const order = await db.query("select id, amount from orders where order_no = $1", [created.result.order_no]);
      const refund = await post(
        "/api/Order/sandbox/refund_by_vendor",
        {
          order_id: Number(order.rows[0].id),
          amount: Number(order.rows[0].amount),
          reason: "soak",
          idempotency_key: randomUUID(),
        },
        users[1],
      );
      if (refund.ok) {
        samples.refund.push(refund.ms);
        refunded++;
      } else failed(`refund ${refund.code}`);
    }
  };

  /** Calls `fn` `rate` times a second on a fixed schedule (an open model: a slow answer does not slow the arrivals). */
  const steady = (rate, fn) => {
    let due = performance.now();
    let running = true;
    const loop = (async () => {
      while (running) {
        due += 1000 / rate;
        const wait = due - performance.now();
        if (wait > 0) await pause(wait);
        fn().catch(() => failed("exception"));
      }
    })();
    return async () => {
      running = false;
      await loop;
    };
  };

  async function scrape() {
    const text = await (
      await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    const value = (name, labels = "") => {
      const line = text.split("\n").find((l) => l.startsWith(`${name}${labels}`) && !l.startsWith("#"));
      return line ? Number(line.split(" ").at(-1)) : null;
    };
    const sum = (name) =>
      text
        .split("\n")
        .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
        .reduce((n, l) => n + Number(l.split(" ").at(-1)), 0);
    const oldest = Math.max(
      0,
      ...text
        .split("\n")
        .filter((l) => l.startsWith("washboard_outbox_oldest_pending_age_seconds"))
        .map((l) => Number(l.split(" ").at(-1))),
    );
    return {
      rss_mb: Math.round((value("process_resident_memory_bytes") ?? 0) / 1048576),
      heap_mb: Math.round((value("nodejs_heap_size_used_bytes") ?? 0) / 1048576),
      heap_after_gc_mb: Math.round((value("washboard_heap_used_after_full_gc_bytes") ?? 0) / 1048576),
      event_loop_p99_ms: Math.round((value("nodejs_eventloop_lag_p99_seconds") ?? 0) * 10000) / 10,
      outbox_backlog: sum("washboard_outbox_backlog"),
      outbox_oldest_s: oldest,
      device_messages: sum("washboard_device_messages_total"),
    };
  }

  const percentile = (values, p) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length
      ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10
      : null;
  };

  // Memory is read every 5 s, not once a minute: heap and RSS swing by tens of MB with each
  // collection, so one reading a minute lands anywhere on the sawtooth. A minute's floor (its lowest
  // reading, just after a collection) is what the process holds on to; its peak is shown beside it.
  let memory = [];
  const memoryTimer = setInterval(() => {
    scrape()
      .then((m) => memory.push(m))
      .catch(() => {});
  }, MEMORY_SAMPLE_MS);

  const stops = [steady(CONSOLE_RATE, consoleCall), steady(PAYMENT_RATE, payment)];
  const minutes = [];
  let lastMessages = 0;
  console.log(`soak: ${MINUTES} min, ${CONSOLE_RATE} console req/s, ${DEVICES} machines, ${streams.length} streams`);
  for (let minute = 1; minute <= MINUTES; minute++) {
    await pause(60_000);
    const taken = samples;
    samples = { read: [], write: [], pay: [], refund: [] };
    const metrics = await scrape();
    const readings = [...memory, metrics];
    memory = [];
    const floor = (key) => Math.min(...readings.map((m) => m[key]));
    const peak = (key) => Math.max(...readings.map((m) => m[key]));
    const connections = await db.query("select count(*)::int as n from pg_stat_activity where datname = $1", [dbName]);
    const row = {
      minute,
      ...Object.fromEntries(
        Object.entries(taken).map(([kind, ms]) => [
          kind,
          { count: ms.length, p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99) },
        ]),
      ),
      ...metrics,
      rss_mb: floor("rss_mb"),
      rss_peak_mb: peak("rss_mb"),
      heap_mb: floor("heap_mb"),
      heap_peak_mb: peak("heap_mb"),
      memory_readings: readings.length,
      device_messages_per_s: Math.round((metrics.device_messages - lastMessages) / 60),
      db_connections: connections.rows[0].n,
      errors,
      stream_events: streamEvents,
    };
    lastMessages = metrics.device_messages;
    minutes.push(row);
    console.log(
      `min ${minute}: reads ${row.read.count} (p95 ${row.read.p95} ms), writes ${row.write.count}, pay ${row.pay.count}, rss ${row.rss_mb}–${row.rss_peak_mb} MB, heap ${row.heap_mb}–${row.heap_peak_mb} MB, loop p99 ${row.event_loop_p99_ms} ms, outbox ${row.outbox_backlog} (oldest ${row.outbox_oldest_s} s), db ${row.db_connections}, errors ${errors}`,
    );
  }
  clearInterval(memoryTimer);
  await Promise.all(stops.map((stop) => stop()));
  for (const stream of streams) stream.destroy();

  const after = minutes.filter((m) => m.minute > WARMUP_MINUTES);
  const last20 = minutes.slice(-Math.min(20, after.length));
  // Growth of what the process keeps: the per-minute floors (see the sampler above), compared as the
  // medians of the window's first and last five minutes, not two single readings.
  const growth = (key) => {
    if (last20.length < 10) return null;
    const median = (rows) => rows.map((m) => m[key]).sort((a, b) => a - b)[Math.floor(rows.length / 2)];
    const first = median(last20.slice(0, 5));
    return Math.round(((median(last20.slice(-5)) - first) / first) * 1000) / 10;
  };
  const result = {
    minutes: MINUTES,
    warmup_minutes: WARMUP_MINUTES,
    mix: {
      console_requests_per_second: CONSOLE_RATE,
      console_users: CONSOLE_USERS,
      live_streams: streams.length,
      bench_machines: DEVICES,
      sales_per_second: SALES_RATE,
      payments_per_second: PAYMENT_RATE,
    },
    paid,
    refunded,
    errors,
    error_kinds: Object.fromEntries(errorKinds),
    payments_not_made: Object.fromEntries(skips),
    rss_growth_last_20_min_percent: growth("rss_mb"),
    heap_growth_last_20_min_percent: growth("heap_mb"),
    // The heap after the last full collection (read at each minute's end): what the process holds.
    heap_after_gc_growth_last_20_min_percent: growth("heap_after_gc_mb"),
    outbox_oldest_max_seconds: Math.max(...minutes.map((m) => m.outbox_oldest_s)),
    goals: {
      memory_growth_percent_below: 5,
      outbox_oldest_seconds_at_most: 60,
      errors: 0,
    },
    load_average_at_end: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" "),
    growth_method:
      "per-minute floors of RSS and heap used (the lowest of a reading every 5 s), medians of the first and the last five minutes of the last 20",
    per_minute: minutes,
  };
  writeResult("soak", result);
  await writeCharts(minutes, path.join(root, "bench/results"));
} finally {
  for (const child of children.reverse()) child.kill("SIGTERM");
  await pause(2_000);
  // The machines' retained statuses and last wills stay in the broker: thousands of them would be
  // replayed to every gateway that subscribes later (other benches, the tests in CI).
  await clearRetained(brokerUrl).catch((error) => console.error(`retained messages not cleared: ${error.message}`));
  await db.end().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** Clears the retained messages this soak's machines (its serials and the demo fleet's) left. */
async function clearRetained(url) {
  const fleetFile = path.join(dataDir, "demo-fleet.json");
  const demo = fs.existsSync(fleetFile)
    ? new Set(JSON.parse(fs.readFileSync(fleetFile, "utf8")).map((machine) => machine.serial))
    : new Set();
  const client = await mqtt.connectAsync(url, { clientId: `soak-cleaner-${run}`, clean: true });
  const retained = [];
  client.on("message", (topic, payload, packet) => {
    const serial = topic.split("/")[3] ?? "";
    if (packet.retain && payload.length > 0 && (serial.startsWith(`S${run}-`) || demo.has(serial)))
      retained.push(topic);
  });
  await client.subscribeAsync("wb/v1/d/#");
  await pause(3_000);
  for (const topic of retained) await client.publishAsync(topic, "", { retain: true, qos: 1 });
  await client.endAsync();
  console.log(`cleared ${retained.length} retained messages`);
}
