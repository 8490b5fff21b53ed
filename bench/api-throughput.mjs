// Throughput of ordinary calls on PostgreSQL, each divided by a bare Fastify hello-world measured in
// the same run with the same load tool and connections: an authenticated list call
// (get_shopall_by_vendor, 20 shops a page) and get_vendor_info. Also the database round trips per
// request (transactions committed on the bench database over the requests answered).
// Needs DATABASE_URL (a server where it may create and drop a database). Loopback only.
import { spawn } from "node:child_process";
import autocannon from "autocannon";
import pg from "pg";
import { randomSuffix, root, startServer, writeResult } from "./lib.mjs";

const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
// Each call is loaded this long before it is measured, so the figures are of compiled code (the
// hello-world is warm from its first request).
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const port = 18194;
const helloPort = 18195;
const dbName = `wb_bench_${randomSuffix()}`;

const HELLO = `
  import Fastify from "fastify";
  const app = Fastify({ logger: false });
  app.post("/", async () => ({ hello: "world" }));
  await app.listen({ port: ${helloPort}, host: "127.0.0.1" });
  console.log("ready");
`;

async function startHello() {
  const child = spawn(process.execPath, ["--input-type=module", "-e", HELLO], {
    cwd: `${root}/apps/server`,
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve) => child.stdout.once("data", resolve));
  return { stop: () => new Promise((resolve) => child.once("exit", resolve) && child.kill("SIGTERM")) };
}

function load(url, body, headers = {}, duration = SECONDS) {
  // A function gives each request a payload of its own.
  const bodies =
    typeof body === "function"
      ? { requests: [{ setupRequest: (r) => ({ ...r, body: JSON.stringify(body()) }) }] }
      : { body: JSON.stringify(body) };
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method: "POST",
        connections: CONNECTIONS,
        duration,
        headers: { "content-type": "application/json", ...headers },
        ...bodies,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function transactions(client) {
  const { rows } = await client.query(
    "select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()",
  );
  return Number(rows[0].n);
}

const summary = (result) => ({
  requests_per_second: Math.round(result.requests.average),
  p50_ms: result.latency.p50,
  p99_ms: result.latency.p99,
  non_2xx: result.non2xx,
  errors: result.errors,
});

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(serverUrl);
url.pathname = `/${dbName}`;
const hello = await startHello();
const server = await startServer({ port, env: { DATABASE_URL: url.toString() } });
const stats = new pg.Client({ connectionString: url.toString() });
await stats.connect();

try {
  const api = `http://127.0.0.1:${port}`;
  const headers = { "api-key": "washboard-console" };
  const signIn = await fetch(`${api}/api/Auth/login`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ login: "vendor_admin", password: "demo1234" }),
  }).then((r) => r.json());
  const token = signIn.result.token;
  // Twenty shops, so a page is full.
  await stats.query(`
    INSERT INTO shops (vendor_id, name, address, service_type)
    SELECT v.id, 'Bench shop ' || n, n || ' Jalan Bench', 1
    FROM generate_series(1, 20) n, (SELECT id FROM vendors WHERE name = 'Demo Laundry Kuala Lumpur') v`);

  const runs = {};
  runs.hello = summary(await load(`http://127.0.0.1:${helloPort}/`, {}));
  for (const [name, path, body] of [
    ["list", "/api/Shop/get_shopall_by_vendor", { token, token_type: 1, page_size: 20 }],
    ["vendor_info", "/api/Vendor/get_vendor_info", { token, token_type: 1 }],
    // Every request a search of its own (which no shop matches): no answer is kept for it, so the
    // list's queries run each time, the session still held. Roughly what a call costs right after a
    // change; no goal is set for it.
    [
      "list_not_kept",
      "/api/Shop/get_shopall_by_vendor",
      () => ({ token, token_type: 1, page_size: 20, name: `Bench shop ${Math.floor(Math.random() * 1e9)}` }),
    ],
  ]) {
    await load(`${api}${path}`, body, headers, WARMUP_SECONDS);
    const before = await transactions(stats);
    const result = await load(`${api}${path}`, body, headers);
    const after = await transactions(stats);
    runs[name] = {
      ...summary(result),
      ratio_to_hello: Number((result.requests.average / runs.hello.requests_per_second).toFixed(3)),
      database_round_trips_per_request: Number(((after - before) / result.requests.total).toFixed(2)),
    };
  }
  console.log(JSON.stringify(runs, null, 2));
  writeResult("api-throughput", {
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmup_seconds: WARMUP_SECONDS,
    database: "PostgreSQL",
    ...runs,
  });
} finally {
  await stats.end();
  await server.stop();
  await hello.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
