// Seconds from `npm start` on a prepared checkout (installed and built) until the console answers: a
// demo sign-in through the API succeeds, the dashboard's account summary and revenue list answer with
// the seeded machines and history, and the login page renders in Chromium. Measured for a first start
// (fresh DATA_DIR: embedded database created, migrated, demo seeded) and a later start on the same
// DATA_DIR; median of 3 each. Goals: first start ≤ 20 s, later start ≤ 5 s (issue 25, point 12).
// The machine's load (os.loadavg, as `uptime` prints it) is written beside the figures: on a shared
// machine the figures move with it.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { consoleBuildIsCurrent } from "../scripts/console-build.mjs";
import { buildStaleBundles } from "../scripts/server-build.mjs";
import { CHROMIUM_ARGS, root, writeResult } from "./lib.mjs";

const RUNS = Number(process.env.STARTUP_RUNS ?? 3);
const GOALS = { first_start: 20, later_start: 5 };
const port = 18790;
const mqttPort = 18791;
const base = `http://127.0.0.1:${port}`;
const API_KEY = "washboard-console";
const DEMO = { login: "vendor_admin", password: "demo1234" };
// Past this the start counts as failed rather than slow.
const GIVE_UP_MS = 300_000;

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/**
 * `npm start` builds the console and bundles the server and simulator first when their sources are
 * newer than their builds (scripts/start.mjs, the same rules): a prepared checkout has them built, so
 * a stale build is built here, unmeasured.
 */
async function ensureBuilt() {
  if (!consoleBuildIsCurrent(root)) {
    console.log("The console's build is older than its sources: building it first (not measured).");
    const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) throw new Error("console build failed");
  }
  const bundled = await buildStaleBundles(root);
  if (bundled.length > 0) console.log(`Bundled ${bundled.join(" and ")} first (not measured).`);
}

async function post(pathname, body) {
  const response = await fetch(`${base}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", "api-key": API_KEY },
    body: JSON.stringify(body),
  });
  if (!response.ok) return null;
  const answer = await response.json();
  return answer.status === 200 ? answer.result : null;
}

/**
 * Polls until a demo sign-in answers and its dashboard shows the seeded fleet and history. While the
 * server is not listening the request is refused at once; the poll is cheap, as a person reloading.
 */
async function consoleAnswers(started, isAlive) {
  for (;;) {
    if (!isAlive()) throw new Error("npm start exited");
    if (performance.now() - started > GIVE_UP_MS) throw new Error("the console did not answer");
    try {
      const session = await post("/api/Auth/login", DEMO);
      if (session?.token) {
        const auth = { token: session.token, token_type: 1 };
        const summary = await post("/api/v3/Dashboard/get_account_summary", auth);
        const revenue = await post("/api/v3/Dashboard/get_revenue_list", auth);
        const orders = revenue?.vendors?.reduce((n, v) => n + v.trend.reduce((m, d) => m + d.orders, 0), 0) ?? 0;
        const seededDays = revenue?.vendors?.[0]?.trend.filter((d) => d.orders > 0).length ?? 0;
        if (summary?.device_count > 0 && seededDays >= 28) return { devices: summary.device_count, orders };
      }
    } catch {
      // not listening yet
    }
    await pause(100);
  }
}

/** Waits for the server to listen (a cheap request, as a person waits for the printed URL), then renders the login page. */
async function loginPageRenders(browser, started, isAlive) {
  for (;;) {
    if (!isAlive()) throw new Error("npm start exited");
    if (performance.now() - started > GIVE_UP_MS) throw new Error("the console did not answer");
    try {
      if ((await fetch(`${base}/`)).ok) break;
    } catch {
      // not listening yet
    }
    await pause(100);
  }
  const page = await browser.newPage();
  try {
    await page.goto(`${base}/#/login`);
    await page.getByTestId("login-card").waitFor({ timeout: 30_000 });
  } finally {
    await page.close();
  }
}

/** One `npm start`: seconds until the console answers (API and rendered login page), then stopped. */
async function measuredStart(browser, dataDir, label) {
  const logFile = path.join(dataDir, `npm-start-${label.replaceAll(" ", "-")}.log`);
  const log = fs.openSync(logFile, "a");
  const loadBefore = load();
  const started = performance.now();
  const child = spawn("npm", ["start"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      MQTT_EMBEDDED_PORT: String(mqttPort),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", log, log],
    detached: true,
  });
  const isAlive = () => child.exitCode === null && child.signalCode === null;
  let seen;
  let api;
  let seconds;
  try {
    // As a person does: the login page opens as soon as the server listens, while the demo account
    // signs in; the console answers when both are done.
    const answered = consoleAnswers(started, isAlive).then((answer) => {
      api = (performance.now() - started) / 1000;
      return answer;
    });
    [seen] = await Promise.all([answered, loginPageRenders(browser, started, isAlive)]);
    seconds = (performance.now() - started) / 1000;
  } finally {
    await stop(child);
    fs.closeSync(log);
  }
  if (fs.readFileSync(logFile, "utf8").includes("Building the console")) {
    throw new Error(`${label}: npm start rebuilt the console (not a prepared checkout)`);
  }
  console.log(
    `${label}: ${seconds.toFixed(2)} s (API answered at ${api.toFixed(2)} s; ${seen.devices} machines, ` +
      `${seen.orders} orders in 30 days; load before ${loadBefore})`,
  );
  return { seconds: Math.round(seconds * 100) / 100, api_seconds: Math.round(api * 100) / 100, load: loadBefore };
}

/** Stops `npm start` and everything it started (its process group), waiting until none of them is left. */
async function stop(child) {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  const deadline = performance.now() + 30_000;
  for (;;) {
    try {
      process.kill(-child.pid, 0);
    } catch {
      return;
    }
    if (performance.now() > deadline) {
      process.kill(-child.pid, "SIGKILL");
      return;
    }
    await pause(50);
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

await ensureBuilt();
const loadAtStart = load();
console.log(`load average (1, 5, 15 min) at start: ${loadAtStart}`);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: CHROMIUM_ARGS,
});
const first = [];
const later = [];
try {
  for (let i = 1; i <= RUNS; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wb-start-"));
    try {
      first.push(await measuredStart(browser, dataDir, `run ${i} first start`));
      later.push(await measuredStart(browser, dataDir, `run ${i} later start`));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await browser.close();
}
const loadAtEnd = load();
const summary = (runs, goal) => ({
  goal_seconds: goal,
  runs_seconds: runs.map((r) => r.seconds),
  api_answered_seconds: runs.map((r) => r.api_seconds),
  load_before_each: runs.map((r) => r.load),
  median_seconds: median(runs.map((r) => r.seconds)),
});
const result = {
  measures:
    "npm start until a demo sign-in and the dashboard answer with the seeded history, and the login page renders",
  load_average_at_start: loadAtStart,
  load_average_at_end: loadAtEnd,
  first_start: summary(first, GOALS.first_start),
  later_start: summary(later, GOALS.later_start),
};
writeResult("startup", result);
for (const [name, goal] of Object.entries(GOALS)) {
  const figure = result[name].median_seconds;
  console.log(`${name}: median ${figure} s (goal ${goal} s) ${figure <= goal ? "met" : "NOT met"}`);
}
