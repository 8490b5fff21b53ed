// Devices at scale, on PostgreSQL and a real MQTT broker (MQTT_URL, default the machine's Mosquitto):
// how many simulated machines connect, how many of their messages the gateway ingests per second,
// sustained, with the server's CPU and memory, and the round trip of a command (cash-box audit) under
// that load — from the command's row being written to the device's answer being recorded.
// Run: node --import tsx bench/devices.mjs   (DEVICES, SECONDS, RATE = messages/s asked of the fleet)
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import { Fleet } from "@washboard/device-sim";
import pg from "pg";
import { randomSuffix, startServer, writeResult } from "./lib.mjs";

const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const brokerUrl = process.env.MQTT_URL ?? "mqtt://127.0.0.1:1883";
const DEVICES = Number(process.env.DEVICES ?? 2_000);
const SECONDS = Number(process.env.SECONDS ?? 60);
/** Coin insertions asked per second across the fleet; each is two messages (an event and the shadow). */
const RATE = Number(process.env.RATE ?? 2_500);
const port = 18196;
const dbName = `wb_bench_devices_${randomSuffix()}`;
const run = randomBytes(3).toString("hex").toUpperCase();

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(serverUrl);
url.pathname = `/${dbName}`;
const server = await startServer({
  port,
  env: { DATABASE_URL: url.toString(), MQTT_URL: brokerUrl, DEMO_FLEET: "0", SEED_DEMO_SHOPS: "0" },
});
const db = new pg.Client({ connectionString: url.toString() });
await db.connect();

/** CPU seconds and resident memory of a process, from /proc. */
function usage(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  const ticks = Number(stat[11]) + Number(stat[12]);
  const rssPages = Number(stat[21]);
  return { cpuSeconds: ticks / 100, rssMb: Math.round((rssPages * 4096) / 1048576) };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? null;

let fleet;
try {
  const secret = "bench-device-secret";
  const hash = createHash("sha256").update(secret).digest("hex");
  const { rows } = await db.query("select id from vendors where name = 'Demo Laundry Kuala Lumpur'");
  const vendorId = rows[0].id;
  await db.query(
    `insert into devices (vendor_id, serial_number, name, machine_type, secret_hash)
     select $1, 'B${run}-' || n, 'Bench ' || n, 'washer', $2 from generate_series(1, $3) n`,
    [vendorId, hash, DEVICES],
  );
  const identities = Array.from({ length: DEVICES }, (_, i) => ({
    serial: `B${run}-${i + 1}`,
    secret,
    machineType: "washer",
  }));

  // Connect.
  fleet = new Fleet(identities, { brokerUrl, autonomous: false, timeScale: 60 });
  const connectStarted = performance.now();
  const connected = await fleet.start({ concurrency: 200 });
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  console.log(`connected ${connected.connected}/${DEVICES} in ${connectSeconds.toFixed(1)} s`);
  await new Promise((r) => setTimeout(r, 3_000));

  // Sustained load: coins into machines round-robin at RATE per second, in 10 ms slices.
  const devices = fleet.devices;
  let next = 0;
  let asked = 0;
  const slice = setInterval(() => {
    const count = Math.round(RATE / 100);
    for (let i = 0; i < count; i++) {
      devices[next % devices.length].insertCoins(100);
      next += 1;
      asked += 1;
    }
  }, 10);

  // Commands under load: an audit of a random machine every 500 ms, through the API.
  const login = await fetch(`http://127.0.0.1:${port}/api/Auth/login`, {
    method: "POST",
    headers: { "api-key": "washboard-console", "content-type": "application/json" },
    body: JSON.stringify({ login: "vendor_admin", password: "demo1234" }),
  }).then((r) => r.json());
  const token = login.result.token;
  const { rows: ids } = await db.query("select id from devices where serial_number like $1", [`B${run}-%`]);
  const commander = setInterval(() => {
    const id = ids[Math.floor(Math.random() * ids.length)].id;
    void fetch(`http://127.0.0.1:${port}/api/Manager/coin_collection_device`, {
      method: "POST",
      headers: { "api-key": "washboard-console", "content-type": "application/json" },
      body: JSON.stringify({ token, token_type: 1, device_ids: [id], action: "audit" }),
    }).catch(() => undefined);
  }, 500);

  const count = async () => Number((await db.query("select count(*) as n from device_log")).rows[0].n);
  const before = { events: await count(), usage: usage(server.child.pid), at: performance.now() };
  let peakRss = before.usage.rssMb;
  const samples = [];
  for (let s = 0; s < SECONDS; s += 5) {
    await new Promise((r) => setTimeout(r, 5_000));
    const now = usage(server.child.pid);
    peakRss = Math.max(peakRss, now.rssMb);
    samples.push({ t: s + 5, events: await count() });
  }
  clearInterval(slice);
  clearInterval(commander);
  const after = { events: await count(), usage: usage(server.child.pid), at: performance.now() };
  const elapsed = (after.at - before.at) / 1000;
  await new Promise((r) => setTimeout(r, 3_000));
  const drained = await count();

  const { rows: rtt } = await db.query(
    `select extract(epoch from (finished_at - created_at)) * 1000 as ms, state from device_commands
     where kind = 'cashbox_audit'`,
  );
  const succeeded = rtt
    .filter((r) => r.state === "succeeded")
    .map((r) => Number(r.ms))
    .sort((a, b) => a - b);
  const eventsPerSecond = (after.events - before.events) / elapsed;
  const result = {
    broker: brokerUrl,
    devices: DEVICES,
    connected: connected.connected,
    connect_seconds: Number(connectSeconds.toFixed(1)),
    load_seconds: Number(elapsed.toFixed(1)),
    coins_asked_per_second: Math.round(asked / elapsed),
    events_ingested_per_second: Math.round(eventsPerSecond),
    // Each coin is an event and a reported shadow: messages the gateway took in.
    messages_ingested_per_second: Math.round(eventsPerSecond * 2),
    backlog_after_load: drained - after.events,
    server_cpu_cores: Number(((after.usage.cpuSeconds - before.usage.cpuSeconds) / elapsed).toFixed(2)),
    server_peak_rss_mb: peakRss,
    commands: rtt.length,
    commands_succeeded: succeeded.length,
    command_round_trip_ms: {
      p50: percentile(succeeded, 50),
      p95: percentile(succeeded, 95),
      max: succeeded.at(-1) ?? null,
    },
    samples,
  };
  console.log(JSON.stringify(result, null, 2));
  writeResult("devices", result);
} finally {
  // The run's machines leave no retained status behind on a shared broker.
  await fleet?.stop({ forget: true }).catch(() => undefined);
  await db.end();
  await server.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
