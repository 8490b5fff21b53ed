// Lighthouse's performance figures, mobile (its default emulation and simulated throttling), for
// the sign-in page, the customer's pay page and the dashboard signed in, against the built console
// (run `npm run build` first) in Debian's Chromium. Goals: ≥ 90 on /login and the pay page, ≥ 80
// on the dashboard. The figures move with the machine: run it idle (the load is recorded beside
// them). Each page runs RUNS times (default 3), each in a fresh browser; the median is recorded.
//   WEB_DIST=<dir>  measures a build made elsewhere (`vite build --outDir <dir>`).
//   BENCH_PORT=<n>  the server's port (default 18192); the MQTT broker takes n + 3, Chromium's
//                   debugging port n + 6.
//   REPORTS=<dir>   also writes each page's median run as a full Lighthouse report (JSON) there.
//   PAGES=<list>    only these pages (comma-separated: login,pay,dashboard), printed, not recorded.
//   FRONT=tls       through the front the operations guide deploys (HAProxy with TLS and HTTP/2, on
//                   port n + 7) instead of the server's own plain HTTP/1.1; recorded as
//                   lighthouse-tls.json.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, root, startServer, writeResult } from "./lib.mjs";
import { startTlsFront } from "./tls-front.mjs";

const port = Number(process.env.BENCH_PORT ?? 18192);
const chromePort = port + 6;
const runs = Number(process.env.RUNS ?? 3);
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, "apps/web/dist");
const viaTls = process.env.FRONT === "tls";
const direct = `http://127.0.0.1:${port}`;
let base = direct;
const API_KEY = process.env.API_KEY ?? "washboard-console";
const GOALS = { login: 90, pay: 90, dashboard: 80 };

if (!fs.existsSync(path.join(dist, "index.html"))) throw new Error(`no built console in ${dist}`);

const load = () => os.loadavg().map((l) => Math.round(l * 100) / 100);
const loadBefore = load();
if (loadBefore[0] >= 1)
  console.log(`warning: load ${loadBefore[0]} (≥ 1): the figures are lower than on an idle machine`);

async function api(apiPath, body) {
  const response = await fetch(`${direct}${apiPath}`, {
    method: "POST",
    headers: { "api-key": API_KEY, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const envelope = await response.json();
  if (envelope.status !== 200) throw new Error(`${apiPath}: ${JSON.stringify(envelope)}`);
  return envelope.result;
}

/** The customer's page of the demo's first pay QR code (as the orders browser test finds it). */
async function payUrl() {
  const { token } = await api("/api/Auth/login", { login: "vendor_admin", password: "demo1234" });
  const codes = await api("/api/v3/Payqr/get_payqr_all", { token, page_size: 50 });
  const code = codes.items[0]?.code;
  if (!code) throw new Error("the demo has no pay QR code");
  return `${base}/pay/qr/${encodeURIComponent(code)}`;
}

/** Signs in through the console's form in this Chromium: the session stays in its local storage. */
async function signIn(chrome) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${base}/#/login`);
    await page.locator("#login").fill("vendor_admin");
    await page.locator("#password").fill("demo1234");
    await page.getByTestId("login-submit").click();
    await page.getByTestId("dashboard").waitFor();
    await page.close();
  } finally {
    // Disconnects; Chromium stays up for Lighthouse (which clears its cache, not local storage).
    await browser.close();
  }
}

const JS = /\.m?js(\?|$)/;

function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue;
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === "Script" || JS.test(r.url));
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp_ms: Math.round(audit("first-contentful-paint")),
    lcp_ms: Math.round(audit("largest-contentful-paint")),
    tbt_ms: Math.round(audit("total-blocking-time")),
    cls: Math.round(audit("cumulative-layout-shift") * 1000) / 1000,
    speed_index_ms: Math.round(audit("speed-index")),
    js_kb: Math.round(scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 102.4) / 10,
    js_files: scripts.length,
  };
}

/** What Lighthouse says would save the most time, biggest first. */
function opportunities(lhr) {
  return Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null && a.score < 0.9 && (a.metricSavings?.LCP || a.metricSavings?.FCP || a.metricSavings?.TBT),
    )
    .map((a) => ({
      id: a.id,
      title: a.title,
      ...(a.displayValue ? { value: a.displayValue } : {}),
      savings_ms: Math.round(Math.max(a.metricSavings?.LCP ?? 0, a.metricSavings?.FCP ?? 0, a.metricSavings?.TBT ?? 0)),
    }))
    .sort((a, b) => b.savings_ms - a.savings_ms)
    .slice(0, 6);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round(((sorted[mid - 1] + sorted[mid]) / 2) * 1000) / 1000;
};

async function audit(url, { signedIn = false } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    port: chromePort,
    chromeFlags: viaTls ? [...CHROMIUM_ARGS, "--ignore-certificate-errors"] : CHROMIUM_ARGS,
    logLevel: "silent",
  });
  // Given a port, chrome-launcher uses a browser that already listens there instead of starting one.
  if (!chrome.process) throw new Error(`another browser listens on ${chromePort}: stop it, or set BENCH_PORT`);
  try {
    if (signedIn) await signIn(chrome);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    // The next run's Chromium takes the same debugging port: wait until this one has let it go.
    const exited = new Promise((resolve) => chrome.process.once("exit", resolve));
    chrome.kill();
    if (chrome.process.exitCode === null && chrome.process.signalCode === null) await exited;
  }
}

async function measure(label, url, options) {
  const lhrs = [];
  for (let i = 0; i < runs; i++) lhrs.push(await audit(url, options));
  const all = lhrs.map(figures);
  const med = Object.fromEntries(Object.keys(all[0]).map((key) => [key, median(all.map((f) => f[key]))]));
  // The run whose score is the median one says what costs the most.
  const middle = lhrs[all.map((f, i) => [f.score, i]).sort((a, b) => a[0] - b[0])[Math.floor(all.length / 2)][1]];
  if (process.env.REPORTS) {
    fs.mkdirSync(process.env.REPORTS, { recursive: true });
    fs.writeFileSync(path.join(process.env.REPORTS, `${label}.json`), JSON.stringify(middle));
  }
  const goal = GOALS[label];
  console.log(
    `${label}: performance ${med.score} (goal ≥ ${goal}; runs ${all.map((f) => f.score).join(", ")}), FCP ${med.fcp_ms} ms, LCP ${med.lcp_ms} ms, TBT ${med.tbt_ms} ms, CLS ${med.cls}, JS ${med.js_kb} kB in ${med.js_files} files`,
  );
  return { url: url.replace(base, ""), ...med, goal, runs: all, opportunities: opportunities(middle) };
}

const server = await startServer({ port, env: { WEB_DIST: dist, MQTT_EMBEDDED_PORT: String(port + 3) } });
const front = viaTls ? await startTlsFront({ port: port + 7, backendPort: port }) : undefined;
if (front) base = front.url;
const pages = process.env.PAGES?.split(",");
try {
  if (pages) {
    for (const page of pages) {
      if (page === "login") await measure("login", `${base}/#/login`);
      else if (page === "pay") await measure("pay", await payUrl());
      else if (page === "dashboard") await measure("dashboard", `${base}/#/dashboard`, { signedIn: true });
      else throw new Error(`unknown page ${page}`);
    }
  } else await measureAll();
} finally {
  await front?.stop();
  await server.stop();
}

async function measureAll() {
  const login = await measure("login", `${base}/#/login`);
  const pay = await measure("pay", await payUrl());
  const dashboard = await measure("dashboard", `${base}/#/dashboard`, { signedIn: true });
  writeResult(viaTls ? "lighthouse-tls" : "lighthouse", {
    lighthouse: JSON.parse(fs.readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8")).version,
    chromium: execFileSync(chromePath, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim(),
    settings: "mobile: Lighthouse's default emulation and simulated throttling",
    served: viaTls
      ? "through HAProxy with TLS and HTTP/2 (as docs/operations.md deploys it)"
      : "by the server itself, plain HTTP/1.1",
    runs_per_page: runs,
    load_average: { before: loadBefore, after: load() },
    goal_score: GOALS,
    login,
    pay,
    dashboard,
  });
}
