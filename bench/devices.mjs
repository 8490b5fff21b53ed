// Devices at scale, on PostgreSQL and a real MQTT broker (MQTT_URL; by default a Mosquitto of the
// bench's own, configured as docs/device-protocol.md asks of a production broker — see `ownBroker`):
// how many simulated machines connect, how many of their messages the gateway ingests per second,
// sustained, with the server's CPU and memory, and the round trip of a command (cash-box audit) under
// that load — from the command's row being written to the device's answer being recorded.
// The fleet runs in FLEET_PROCESSES child processes of its own (bench/fleet-worker.mjs), in the same
// run, so generating the load does not share a thread with measuring it.
// Run: node --import tsx bench/devices.mjs   (DEVICES, SECONDS, RATE = coins/s asked of the fleet,
// each coin being two messages; FLEET_PROCESSES; POISON_SHARE = the share of all messages that are
// poison — refused by the schema, by the money ceilings, or not JSON — sent by HOSTILE machines of
// their own among the valid traffic; the result says how many valid events were stored of those sent).
import { fork } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { benchDatabase, startServer, writeResult } from "./lib.mjs";
import { ownBroker } from "./mosquitto.mjs";

const broker = process.env.MQTT_URL ? null : await ownBroker();
const brokerUrl = process.env.MQTT_URL ?? broker.url;
const DEVICES = Number(process.env.DEVICES ?? 2_000);
const SECONDS = Number(process.env.SECONDS ?? 60);
/** Coin insertions asked per second across the fleet; each is two messages (an event and the shadow). */
const RATE = Number(process.env.RATE ?? 2_500);
const FLEET_PROCESSES = Number(process.env.FLEET_PROCESSES ?? 1);
const POISON_SHARE = Number(process.env.POISON_SHARE ?? 0);
const HOSTILE = POISON_SHARE > 0 ? Number(process.env.HOSTILE ?? 20) : 0;
/** How long the gateway may take after the load to store what it received, before a shortfall counts as lost. */
const DRAIN_LIMIT_MS = 120_000;
const port = 18196;
const run = randomBytes(3).toString("hex").toUpperCase();

const database = await benchDatabase("wb_bench_devices");
const server = await startServer({
  port,
  // The machine's Mosquitto is open to anyone on loopback: a bench rig, the server need not warn.
  env: {
    DATABASE_URL: database.url,
    MQTT_URL: brokerUrl,
    DEMO_FLEET: "0",
    SEED_DEMO_SHOPS: "0",
    MQTT_ALLOW_INSECURE: "1",
  },
  // SERVER_PROFILE=dir writes the server's CPU profile there (where the time goes under load).
  ...(process.env.SERVER_PROFILE
    ? {
        command: [
          "--cpu-prof",
          `--cpu-prof-dir=${process.env.SERVER_PROFILE}`,
          "--import",
          "tsx",
          "apps/server/src/main.ts",
        ],
      }
    : {}),
});
const db = new pg.Client({ connectionString: database.url });
await db.connect();

/** CPU seconds and resident memory of a process, from /proc. */
function usage(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  const ticks = Number(stat[11]) + Number(stat[12]);
  const rssPages = Number(stat[21]);
  return { cpuSeconds: ticks / 100, rssMb: Math.round((rssPages * 4096) / 1048576) };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? null;

let workers = [];
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
  if (HOSTILE > 0) {
    await db.query(
      `insert into devices (vendor_id, serial_number, name, machine_type, secret_hash)
       select $1, 'H${run}-' || n, 'Hostile ' || n, 'washer', $2 from generate_series(1, $3) n`,
      [vendorId, hash, HOSTILE],
    );
  }
  // Connect, each process its share of the machines.
  const connectStarted = performance.now();
  workers = Array.from({ length: FLEET_PROCESSES }, (_, w) => {
    const child = fork(
      new URL("./fleet-worker.mjs", import.meta.url),
      [
        JSON.stringify({
          brokerUrl,
          prefix: `B${run}-`,
          count: DEVICES,
          stride: FLEET_PROCESSES,
          offset: w,
          secret,
          rate: RATE / FLEET_PROCESSES,
          hostile: Array.from({ length: HOSTILE }, (_, n) => n + 1)
            .filter((n) => n % FLEET_PROCESSES === w)
            .map((n) => `H${run}-${n}`),
          poisonShare: POISON_SHARE,
        }),
      ],
      {
        // FLEET_PROFILE=dir writes each fleet process's CPU profile there.
        execArgv: [
          ...(process.env.FLEET_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.FLEET_PROFILE}`] : []),
          "--import",
          "tsx",
        ],
      },
    );
    const next = (type) =>
      new Promise((resolve) => {
        const listener = (message) => {
          if (message.type !== type) return;
          child.off("message", listener);
          resolve(message);
        };
        child.on("message", listener);
      });
    return { child, next };
  });
  const connectedCounts = await Promise.all(workers.map((w) => w.next("connected")));
  const connected = { connected: connectedCounts.reduce((n, m) => n + m.connected, 0) };
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  console.log(`connected ${connected.connected}/${DEVICES} in ${connectSeconds.toFixed(1)} s`);
  await new Promise((r) => setTimeout(r, 3_000));

  // Sustained load: coins into machines round-robin at RATE per second across the processes.
  for (const w of workers) w.child.send({ type: "load" });

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
  /** Events of the valid machines stored: each coin asked of them is one. */
  const validStored = async () =>
    Number(
      (
        await db.query(
          "select count(*) as n from device_log l join devices d on d.id = l.device_id where d.serial_number like $1",
          [`B${run}-%`],
        )
      ).rows[0].n,
    );
  const before = { events: await count(), usage: usage(server.child.pid), at: performance.now() };
  let peakRss = before.usage.rssMb;
  const samples = [];
  for (let s = 0; s < SECONDS; s += 5) {
    await new Promise((r) => setTimeout(r, 5_000));
    const now = usage(server.child.pid);
    peakRss = Math.max(peakRss, now.rssMb);
    samples.push({ t: s + 5, events: await count(), server_rss_mb: now.rssMb });
  }
  const askedCounts = workers.map((w) => w.next("asked"));
  for (const w of workers) w.child.send({ type: "stop" });
  clearInterval(commander);
  const after = { events: await count(), usage: usage(server.child.pid), at: performance.now() };
  const reports = await Promise.all(askedCounts);
  const asked = reports.reduce((n, m) => n + m.asked, 0);
  const poisonSent = reports.reduce((n, m) => n + (m.poisoned ?? 0), 0);
  const elapsed = (after.at - before.at) / 1000;
  await new Promise((r) => setTimeout(r, 3_000));
  const drained = await count();
  // Every valid event the machines sent must be stored: wait until it is, or the limit passes.
  const drainStarted = performance.now();
  let stored = await validStored();
  while (stored < asked && performance.now() - drainStarted < DRAIN_LIMIT_MS) {
    await new Promise((r) => setTimeout(r, 1_000));
    stored = await validStored();
  }
  const drainSeconds = (performance.now() - drainStarted) / 1000 + 3;
  const deadLetters = Number((await db.query("select count(*) as n from device_dead_letters")).rows[0].n);

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
    fleet_processes: FLEET_PROCESSES,
    connected: connected.connected,
    connect_seconds: Number(connectSeconds.toFixed(1)),
    load_seconds: Number(elapsed.toFixed(1)),
    coins_asked_per_second: Math.round(asked / elapsed),
    events_ingested_per_second: Math.round(eventsPerSecond),
    // Each coin is an event and a reported shadow: messages the gateway took in.
    messages_ingested_per_second: Math.round(eventsPerSecond * 2),
    backlog_after_load: drained - after.events,
    poison_share: POISON_SHARE,
    poison_messages_sent: poisonSent,
    valid_events_sent: asked,
    valid_events_stored: stored,
    valid_events_lost: asked - stored,
    drained_after_seconds: Number(drainSeconds.toFixed(1)),
    dead_letters_kept: deadLetters,
    broker_queue: broker ? "own Mosquitto, max_queued_messages 1000000" : "MQTT_URL as configured",
    broker_drop_warnings: broker ? broker.dropped() : null,
    server_cpu_cores: Number(((after.usage.cpuSeconds - before.usage.cpuSeconds) / elapsed).toFixed(2)),
    server_peak_rss_mb: peakRss,
    commands: rtt.length,
    commands_succeeded: succeeded.length,
    commands_by_state: Object.fromEntries(
      [...new Set(rtt.map((r) => r.state))].map((state) => [state, rtt.filter((r) => r.state === state).length]),
    ),
    command_round_trip_ms: {
      p50: percentile(succeeded, 50),
      p95: percentile(succeeded, 95),
      max: succeeded.at(-1) ?? null,
    },
    samples,
  };
  console.log(JSON.stringify(result, null, 2));
  writeResult(POISON_SHARE > 0 ? "devices-poison" : "devices", result);
} finally {
  // Each process clears its machines' retained status before it leaves.
  await Promise.all(
    workers.map(
      (w) =>
        new Promise((resolve) => {
          if (w.child.exitCode !== null) return resolve();
          w.child.once("exit", resolve);
          w.child.send({ type: "stop" });
        }),
    ),
  );
  await db.end();
  await server.stop();
  await database.drop();
  broker?.stop();
}
