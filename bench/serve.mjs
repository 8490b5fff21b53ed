// Start time and memory of the two ways to run the server, on the embedded database:
// - `npm run serve` (the production command: the compiled server, NODE_ENV=production, an install
//   with its first administrator and no demo), seconds from the command until /readyz answers 200;
// - `npm start` (the one-command demo: the same compiled server with the demo seeded and its
//   simulated fleet), a later start on a seeded DATA_DIR, seconds until /readyz answers 200.
// Memory: the server process's resident set (VmRSS) and V8 heap are not visible from outside, so
// RSS only, read from /proc 10 s after ready (the server's pid from DATA_DIR/admin.json), and for
// `npm start` also the simulator's. Median of RUNS (default 3). Run `npm run build` first.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { bundleIsCurrent, bundleOutput } from "../scripts/server-build.mjs";
import { root, writeResult } from "./lib.mjs";

const RUNS = Number(process.env.RUNS ?? 3);
const port = 18830;
const base = `http://127.0.0.1:${port}`;
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

for (const name of ["server", "cli", "simulator"]) {
  if (!bundleIsCurrent(root, name)) throw new Error(`the ${name} bundle is stale: run npm run build first`);
}

const env = (dataDir, extra = {}) => ({
  ...process.env,
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  MQTT_URL: "",
  MQTT_EMBEDDED_PORT: String(port + 1),
  LOG_LEVEL: "warn",
  ...extra,
});

/** Resident memory of a process in MB, from /proc. */
function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

/** Child pids of a process (the simulator is a child of `npm start`'s script). */
function descendants(pid) {
  const out = spawnSync("ps", ["-o", "pid=,args=", "--ppid", String(pid)], { encoding: "utf8" }).stdout;
  return out
    .trim()
    .split("\n")
    .filter(Boolean)
    .flatMap((line) => {
      const [child, ...args] = line.trim().split(/\s+/);
      return [{ pid: Number(child), args: args.join(" ") }, ...descendants(child)];
    });
}

async function ready(started, child) {
  for (;;) {
    if (child.exitCode !== null) throw new Error("exited before it was ready");
    if (performance.now() - started > 180_000) throw new Error("not ready in 180 s");
    try {
      if ((await fetch(`${base}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await pause(50);
  }
}

async function stop(child) {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  while (child.exitCode === null && child.signalCode === null) await pause(50);
  await pause(300);
}

async function measure(command, dataDir, extraEnv) {
  const loadBefore = load();
  const started = performance.now();
  const child = spawn("npm", ["run", command], {
    cwd: root,
    env: env(dataDir, extraEnv),
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  try {
    await ready(started, child);
    const seconds = (performance.now() - started) / 1000;
    await pause(10_000);
    const serverPid = JSON.parse(fs.readFileSync(path.join(dataDir, "admin.json"), "utf8")).pid;
    const simulator = descendants(child.pid).find((p) => p.args.includes(bundleOutput("simulator")));
    return {
      seconds: Math.round(seconds * 100) / 100,
      server_rss_mb: rssMb(serverPid),
      ...(simulator ? { simulator_rss_mb: rssMb(simulator.pid) } : {}),
      load: loadBefore,
    };
  } finally {
    await stop(child);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = (runs) => ({
  runs,
  median_seconds: median(runs.map((r) => r.seconds)),
  median_server_rss_mb: median(runs.map((r) => r.server_rss_mb)),
  ...(runs[0]?.simulator_rss_mb !== undefined
    ? { median_simulator_rss_mb: median(runs.map((r) => r.simulator_rss_mb)) }
    : {}),
});

const serve = [];
const demo = [];
for (let i = 0; i < RUNS; i++) {
  const production = fs.mkdtempSync(path.join(os.tmpdir(), "wb-serve-"));
  const seeded = fs.mkdtempSync(path.join(os.tmpdir(), "wb-serve-demo-"));
  try {
    const admin = spawnSync(
      process.execPath,
      [bundleOutput("cli"), "create-admin", "--username", "owner", "--password", "Bench2026x", "--group", "Bench"],
      { cwd: root, env: env(production, { NODE_ENV: "production" }), encoding: "utf8" },
    );
    if (admin.status !== 0) throw new Error(`create-admin failed: ${admin.stderr}`);
    const publicUrl = { PUBLIC_URL: "https://pay.example.com" };
    serve.push(await measure("serve", production, publicUrl));
    console.log(`npm run serve: ${JSON.stringify(serve.at(-1))}`);
    // The first `npm start` seeds the demo (not measured here: bench/startup.mjs); the second is measured.
    await measure("start", seeded, {});
    demo.push(await measure("start", seeded, {}));
    console.log(`npm start (later start): ${JSON.stringify(demo.at(-1))}`);
  } finally {
    fs.rmSync(production, { recursive: true, force: true });
    fs.rmSync(seeded, { recursive: true, force: true });
  }
}
writeResult("serve", {
  measures:
    "seconds from the command until GET /readyz answers 200, and resident memory (MB) 10 s after, on the embedded database",
  load_average_at_end: load(),
  serve: { command: "npm run serve", mode: "production, empty install with its administrator", ...summary(serve) },
  start: { command: "npm start", mode: "demo, later start (seeded, simulated fleet running)", ...summary(demo) },
});
