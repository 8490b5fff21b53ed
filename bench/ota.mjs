// A firmware rollout to a fleet (issue 27's benchmark): DEVICES simulated washers (default 10,000)
// on PostgreSQL and a Mosquitto of the bench's own, TRANSIENT of their updates failing in a way a
// retry cures (the line dies half-way), PERMANENT failing for good (the file damaged on the way),
// RESUMED dropping the line once and resuming by range, and BUSY_SHARE of the machines busy with a
// customer's cycle at any moment. The package is uploaded to the server, which serves it to each
// machine by its own signed address. One rollout of every machine, from a canary wave growing by a
// factor, with the default thresholds. Measured: the time until 99 % of the upgradable machines run
// the new version, the waves and whether their thresholds held, the server's CPU and memory, the
// bytes it served and the downloads that resumed, and how often a machine said "busy".
// Run: node bench/ota.mjs   (DEVICES, FLEET_PROCESSES, FIRST_WAVE, GROWTH, FILE_KB, TIME_LIMIT_S;
// DATABASE_URL: the PostgreSQL server to make the bench's database on)
import { fork } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { benchDatabase, startServer, writeResult } from "./lib.mjs";
import { ownBroker } from "./mosquitto.mjs";

const DEVICES = Number(process.env.DEVICES ?? 10_000);
const SHOPS = Number(process.env.SHOPS ?? 20);
const FLEET_PROCESSES = Number(process.env.FLEET_PROCESSES ?? 2);
const FIRST_WAVE = Number(process.env.FIRST_WAVE ?? 100);
const GROWTH = Number(process.env.GROWTH ?? 3);
const FILE_KB = Number(process.env.FILE_KB ?? 256);
const TIME_LIMIT_S = Number(process.env.TIME_LIMIT_S ?? 1_200);
const TROUBLE = {
  interrupted: Number(process.env.TRANSIENT ?? 0.01),
  corrupt: Number(process.env.PERMANENT ?? 0.005),
  resumed: Number(process.env.RESUMED ?? 0.02),
};
const BUSY_SHARE = Number(process.env.BUSY_SHARE ?? 0.2);
/** A customer's cycle: 30 simulated minutes at a time scale of 60, half a minute of real time. */
const CYCLE_SECONDS = 30;
const TIME_SCALE = 60;
const GOAL = { share: 0.99, seconds: 600, serverCores: 1 };

const port = 18197;
const base = `http://127.0.0.1:${port}`;
const metricsToken = randomBytes(16).toString("hex");
const run = randomBytes(3).toString("hex").toUpperCase();
const broker = await ownBroker();

const database = await benchDatabase("wb_bench_ota");
const server = await startServer({
  port,
  env: {
    DATABASE_URL: database.url,
    MQTT_URL: broker.url,
    MQTT_ALLOW_INSECURE: "1",
    DEMO_FLEET: "0",
    SEED_DEMO_SHOPS: "0",
    METRICS_TOKEN: metricsToken,
    OTA_TICK_MS: "1000",
  },
});
const db = new pg.Client({ connectionString: database.url });
await db.connect();

/** CPU seconds and resident memory of a process, from /proc. */
function usage(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return {
    cpuSeconds: (Number(stat[11]) + Number(stat[12])) / 100,
    rssMb: Math.round((Number(stat[21]) * 4096) / 1048576),
  };
}

async function api(path, body, token) {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "api-key": "washboard-console", "content-type": "application/json" },
    body: JSON.stringify({ ...body, ...(token ? { token, token_type: 1 } : {}) }),
  });
  const envelope = await response.json();
  if (envelope.status !== 200) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.result;
}

/** A counter of the server's /metrics, summed over its labels. */
async function metric(name) {
  const text = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } }).then((r) =>
    r.text(),
  );
  return text
    .split("\n")
    .filter((line) => line.startsWith(name) && !line.startsWith("#"))
    .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
}

let workers = [];
const ask = (type) =>
  Promise.all(
    workers.map(
      ({ child }) =>
        new Promise((resolve) => {
          const listener = (message) => {
            if (message.type !== type) return;
            child.off("message", listener);
            resolve(message);
          };
          child.on("message", listener);
          child.send({ type });
        }),
    ),
  );

try {
  const secret = "bench-ota-secret";
  const hash = createHash("sha256").update(secret).digest("hex");
  const { rows } = await db.query("select id from vendors where name = 'Demo Laundry Kuala Lumpur'");
  const vendorId = rows[0].id;
  const { rows: shops } = await db.query(
    `insert into shops (vendor_id, name, address, service_type)
     select $1, 'OTA bench ${run} ' || n, n || ' Firmware road', 1 from generate_series(1, $2) n returning id`,
    [vendorId, SHOPS],
  );
  const shopIds = shops.map((s) => s.id);
  await db.query(
    `insert into devices (vendor_id, shop_id, serial_number, name, machine_type, secret_hash)
     select $1, ($2::int[])[1 + n % $3], 'O${run}-' || n, 'Washer ' || n, 'washer', $4
     from generate_series(1, $5) n`,
    [vendorId, shopIds, shopIds.length, hash, DEVICES],
  );

  const connectStarted = performance.now();
  workers = Array.from({ length: FLEET_PROCESSES }, (_, w) => {
    const child = fork(
      new URL("./ota-worker.mjs", import.meta.url),
      [
        JSON.stringify({
          brokerUrl: broker.url,
          prefix: `O${run}-`,
          count: DEVICES,
          stride: FLEET_PROCESSES,
          offset: w,
          secret,
          trouble: TROUBLE,
          busyShare: BUSY_SHARE,
          cycleSeconds: CYCLE_SECONDS,
          timeScale: TIME_SCALE,
        }),
      ],
      { execArgv: ["--import", "tsx"] },
    );
    return { child };
  });
  const connected = (
    await Promise.all(
      workers.map(
        ({ child }) =>
          new Promise((resolve, reject) => {
            child.once("message", (m) => resolve(m.type === "connected" ? m : { connected: 0 }));
            child.once("exit", (code) => reject(new Error(`a fleet process exited (${code})`)));
          }),
      ),
    )
  ).reduce((n, m) => n + m.connected, 0);
  console.log(`connected ${connected}/${DEVICES} in ${((performance.now() - connectStarted) / 1000).toFixed(1)} s`);
  // The gateway has every machine's status (its version) before the rollout chooses them.
  for (;;) {
    const { rows: known } = await db.query(
      "select count(*)::int as n from device_shadows s join devices d on d.id = s.device_id where d.serial_number like $1 and s.firmware = '1.0.0'",
      [`O${run}-%`],
    );
    if (known[0].n >= DEVICES) break;
    await new Promise((r) => setTimeout(r, 1_000));
  }
  for (const { child } of workers) child.send({ type: "customers" });
  // Customers take machines until BUSY_SHARE of them are busy.
  await new Promise((r) => setTimeout(r, CYCLE_SECONDS * 1_000));
  const busyAtStart = (await ask("count")).reduce((n, m) => n + m.busy, 0);
  console.log(`busy at the start: ${busyAtStart} of ${DEVICES}`);

  const { token } = await api("/api/Auth/login", { login: "vendor_admin", password: "demo1234" });
  const bytes = randomBytes(FILE_KB * 1024);
  const form = new FormData();
  form.append("token", token);
  form.append("token_type", "1");
  form.append("file", new Blob([bytes]), "washer-2.0.0.bin");
  const uploaded = await fetch(`${base}/api/Ota/upload_firmware`, {
    method: "POST",
    headers: { "api-key": "washboard-console" },
    body: form,
  }).then((r) => r.json());
  if (uploaded.status !== 200) throw new Error(`upload: ${JSON.stringify(uploaded)}`);
  const pkg = await api(
    "/api/Ota/create_firmware",
    { version: "2.0.0", file_key: uploaded.result.file_key, machine_types: ["washer"] },
    token,
  );

  const before = usage(server.child.pid);
  let peakRss = before.rssMb;
  const started = performance.now();
  const rollout = await api(
    "/api/Ota/create_upgrade_batch",
    { package_id: pkg.id, shop_ids: shopIds, first_wave_count: FIRST_WAVE, growth_factor: GROWTH },
    token,
  );
  const upgradable = rollout.counts.total - rollout.counts.same_version - rollout.counts.not_compatible;
  console.log(`rollout #${rollout.id}: ${upgradable} machines in ${rollout.waves} waves`);
  const samples = [];
  let reachedAt = null;
  let last;
  while ((performance.now() - started) / 1000 < TIME_LIMIT_S) {
    await new Promise((r) => setTimeout(r, 5_000));
    const history = await api("/api/Ota/get_upgrade_history", { id: rollout.id }, token);
    last = history;
    const now = usage(server.child.pid);
    peakRss = Math.max(peakRss, now.rssMb);
    const t = Math.round((performance.now() - started) / 1000);
    const { succeeded, failed, in_progress } = history.rollout.counts;
    samples.push({
      t,
      succeeded,
      failed,
      in_progress,
      waves_started: history.rollout.waves_started,
      rss_mb: now.rssMb,
    });
    console.log(
      `${t} s: ${succeeded} upgraded, ${failed} failed, ${in_progress} on their way, wave ${history.rollout.waves_started}/${rollout.waves}, ${history.rollout.state}`,
    );
    if (reachedAt === null && succeeded >= GOAL.share * upgradable) reachedAt = t;
    if (reachedAt !== null || ["completed", "paused_by_errors", "aborted"].includes(history.rollout.state)) break;
  }
  const after = usage(server.child.pid);
  const elapsed = (performance.now() - started) / 1000;
  const fleetCounts = await ask("count");
  const versions = {};
  for (const m of fleetCounts) for (const [v, n] of Object.entries(m.versions)) versions[v] = (versions[v] ?? 0) + n;
  const { rows: notices } = await db.query(
    `select state, coalesce(reason, '') as reason, count(*)::int as n from device_commands
     where kind = 'firmware_notice' group by 1, 2 order by 3 desc`,
  );
  const { rows: reasons } = await db.query(
    `select state, reason, count(*)::int as n from firmware_targets where rollout_id = $1 group by 1, 2 order by 3 desc`,
    [rollout.id],
  );
  const events = last.events.map((e) => e.kind);
  const result = {
    devices: DEVICES,
    shops: SHOPS,
    fleet_processes: FLEET_PROCESSES,
    file_kb: FILE_KB,
    trouble: TROUBLE,
    busy_share_asked: BUSY_SHARE,
    busy_at_start: busyAtStart,
    plan: { first_wave: FIRST_WAVE, growth_factor: GROWTH, waves: rollout.waves, thresholds: "defaults" },
    upgradable,
    goal: GOAL,
    seconds_to_99_percent: reachedAt,
    met: reachedAt !== null && reachedAt <= GOAL.seconds && (after.cpuSeconds - before.cpuSeconds) / elapsed < 1,
    final: last.rollout.counts,
    state: last.rollout.state,
    waves: last.waves,
    events,
    thresholds_held: !events.includes("paused_by_errors") && !events.includes("held"),
    server_cpu_cores: Number(((after.cpuSeconds - before.cpuSeconds) / elapsed).toFixed(2)),
    server_peak_rss_mb: peakRss,
    bytes_served: await metric("washboard_firmware_bytes_served_total"),
    downloads_resumed: await metric("washboard_firmware_downloads_resumed_total"),
    notices_by_answer: notices,
    targets_by_state: reasons,
    fleet_versions: versions,
    samples,
  };
  console.log(JSON.stringify({ ...result, samples: undefined }, null, 2));
  writeResult("ota", result);
} finally {
  await Promise.all(
    workers.map(
      ({ child }) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once("exit", resolve);
          child.send({ type: "stop" });
        }),
    ),
  );
  await db.end();
  await server.stop();
  await database.drop();
  broker.stop();
}
