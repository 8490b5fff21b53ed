// Throughput of ten ordinary read calls on PostgreSQL, each divided by a bare Fastify hello-world
// measured in the same run with the same load tool and connections, with no answers kept
// (ANSWER_CACHE=0): vendor info, shops, locations, devices, members, an order list, the operation
// log, two revenue views and the account summary, on the demo's data. Goal: median ratio ≥ 0.12,
// none below 0.06. Also the database round trips per request: transactions committed on the bench
// database over the requests answered (each statement outside a transaction is one; statements
// several requests share, like the session lookup under load, count once).
// Needs DATABASE_URL (a server where it may create and drop a database). Loopback only.
// BENCH_ANSWER_CACHE=1 keeps answers as the server does by default, for comparison.
// The machine's own ceiling for a list is measured beside them: a bare Fastify and the pg driver
// (no session, no query builder, no validation) answering the shop list's page statement, as the
// server sends it, on the same database ("bare_list").
import { spawn } from "node:child_process";
import autocannon from "autocannon";
import pg from "pg";
import { benchDatabase, root, startServer, writeResult } from "./lib.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
// Each call is loaded this long before it is measured, so the figures are of compiled code (the
// hello-world is warm from its first request).
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const ANSWER_CACHE = process.env.BENCH_ANSWER_CACHE === "1";
const GOAL = { median: 0.12, lowest: 0.06 };
const port = 18194;
const helloPort = 18195;
const barePort = 18196;

const HELLO = `
  import Fastify from "fastify";
  const app = Fastify({ logger: false });
  app.post("/", async () => ({ hello: "world" }));
  await app.listen({ port: ${helloPort}, host: "127.0.0.1" });
  console.log("ready");
`;

/** The shops page statement (apps/server/src/modules/shops/service.ts, first page, no filter). */
const BARE_LIST = (databaseUrl) => `
  import Fastify from "fastify";
  import pg from "pg";
  const pool = new pg.Pool({ connectionString: ${JSON.stringify(databaseUrl)}, max: 20 });
  const text = \`select (select count(*)::int from shops where shops.vendor_id = $1), 0, id, vendor_id,
    location_id, name, address, icon, images, service_type, brand_id, alliance_id, epay_laundry_points,
    epay_member_cards, mqtt_username, mqtt_password_sealed, mqtt_client_id, mqtt_host, mqtt_port,
    product_key, payment_id_sealed, created_at,
    (select locations.name from locations where locations.id = shops.location_id),
    (select brands.name from brands where brands.id = shops.brand_id),
    (select alliances.name from alliances where alliances.id = shops.alliance_id),
    (select count(*)::int from devices where devices.shop_id = shops.id),
    (select count(*)::int from pay_qr_codes where pay_qr_codes.shop_id = shops.id)
    from shops where shops.vendor_id = $2 order by shops.id desc limit $3\`;
  const vendor = (await pool.query("select id from vendors where name = 'Demo Laundry Kuala Lumpur'")).rows[0].id;
  const app = Fastify({ logger: false });
  app.post("/", async () => ({ items: (await pool.query({ name: "page", text, values: [vendor, vendor, 21] })).rows }));
  await app.listen({ port: ${barePort}, host: "127.0.0.1" });
  console.log("ready");
`;

async function startHello(script = HELLO) {
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    cwd: `${root}/apps/server`,
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve) => child.stdout.once("data", resolve));
  return { stop: () => new Promise((resolve) => child.once("exit", resolve) && child.kill("SIGTERM")) };
}

function load(url, body, headers = {}, duration = SECONDS) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method: "POST",
        connections: CONNECTIONS,
        duration,
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
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

/**
 * The committed transactions once every server connection has reported its own: PostgreSQL's
 * backends report theirs at most once a second while busy and within ten seconds once idle.
 */
async function settledTransactions(client) {
  let last = await transactions(client);
  for (let tries = 0; tries < 12; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = await transactions(client);
    // Our own query is one transaction a second: anything more is still being reported.
    if (now - last <= 2) return now;
    last = now;
  }
  return last;
}

const summary = (result) => ({
  requests_per_second: Math.round(result.requests.average),
  p50_ms: result.latency.p50,
  p99_ms: result.latency.p99,
  non_2xx: result.non2xx,
  errors: result.errors,
});

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const month = (offset) => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + offset);
  return d.toISOString().slice(0, 7);
};

/** The ten calls, as the console makes them: a list's first page of 20. */
const CALLS = [
  ["vendor_info", "/api/Vendor/get_vendor_info", {}],
  ["shops", "/api/Shop/get_shopall_by_vendor", { page_size: 20 }],
  ["locations", "/api/Location/get_locationall_by_vendor", { page_size: 20 }],
  ["devices", "/api/Vendor/get_devicelist", { page_size: 20 }],
  ["members", "/api/Account/get_user_accts", { page_size: 20 }],
  ["orders", "/api/Order/get_stripe_orders", { page_size: 20 }],
  ["operation_log", "/api/v2/Log/get_account_log_details", { page_size: 20 }],
  ["revenue_by_shop", "/api/v3/Revenue/get_shop_realtime_earnings_by_date", { from: day(-30), to: day(0) }],
  ["revenue_by_month", "/api/v3/Revenue/get_vendor_earnings_month", { from: month(-2), to: month(0) }],
  ["account_summary", "/api/v3/Dashboard/get_account_summary", {}],
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const database = await benchDatabase("wb_bench");
const hello = await startHello();
const server = await startServer({
  port,
  env: { DATABASE_URL: database.url, ANSWER_CACHE: ANSWER_CACHE ? "1" : "0" },
});
const stats = new pg.Client({ connectionString: database.url });
await stats.connect();

try {
  const api = `http://127.0.0.1:${port}`;
  const headers = { "api-key": "washboard-console" };
  const signIn = await fetch(`${api}/api/Auth/login`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ login: "vendor_admin", password: "demo1234" }),
  }).then((r) => r.json());
  const session = { token: signIn.result.token, token_type: 1 };
  // Twenty shops, so a page is full.
  await stats.query(`
    INSERT INTO shops (vendor_id, name, address, service_type)
    SELECT v.id, 'Bench shop ' || n, n || ' Jalan Bench', 1
    FROM generate_series(1, 20) n, (SELECT id FROM vendors WHERE name = 'Demo Laundry Kuala Lumpur') v`);

  const hellos = [];
  const runs = {};
  for (const [name, path, body] of CALLS) {
    const payload = { ...session, ...body };
    const check = await fetch(`${api}${path}`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(payload),
    });
    if (check.status !== 200) throw new Error(`${name}: ${check.status} ${await check.text()}`);
    // The hello-world beside each call, so a neighbour's load on the machine weighs on both alike.
    const helloRun = summary(await load(`http://127.0.0.1:${helloPort}/`, {}));
    hellos.push(helloRun.requests_per_second);
    await load(`${api}${path}`, payload, headers, WARMUP_SECONDS);
    const before = await settledTransactions(stats);
    const result = await load(`${api}${path}`, payload, headers);
    const after = await settledTransactions(stats);
    runs[name] = {
      ...summary(result),
      hello_requests_per_second: helloRun.requests_per_second,
      ratio_to_hello: Number((result.requests.average / helloRun.requests_per_second).toFixed(3)),
      database_round_trips_per_request: Number(((after - before) / result.requests.total).toFixed(2)),
    };
    console.log(name, JSON.stringify(runs[name]));
  }
  const bare = await startHello(BARE_LIST(database.url));
  const helloBeside = summary(await load(`http://127.0.0.1:${helloPort}/`, {}));
  await load(`http://127.0.0.1:${barePort}/`, {}, {}, WARMUP_SECONDS);
  const bareRun = summary(await load(`http://127.0.0.1:${barePort}/`, {}));
  await bare.stop();
  const bareList = {
    ...bareRun,
    hello_requests_per_second: helloBeside.requests_per_second,
    ratio_to_hello: Number((bareRun.requests_per_second / helloBeside.requests_per_second).toFixed(3)),
  };
  console.log("bare_list", JSON.stringify(bareList));
  const ratios = Object.values(runs).map((r) => r.ratio_to_hello);
  const figures = {
    median_ratio: Number(median(ratios).toFixed(3)),
    lowest_ratio: Math.min(...ratios),
    goal: GOAL,
    met: median(ratios) >= GOAL.median && Math.min(...ratios) >= GOAL.lowest,
  };
  console.log(JSON.stringify(figures, null, 2));
  writeResult(ANSWER_CACHE ? "api-throughput-answer-cache" : "api-throughput", {
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmup_seconds: WARMUP_SECONDS,
    database: "PostgreSQL",
    answer_cache: ANSWER_CACHE,
    hello_requests_per_second: Math.round(median(hellos)),
    ...figures,
    calls: runs,
    bare_list: bareList,
  });
} finally {
  await stats.end();
  await server.stop();
  await hello.stop();
  await database.drop();
}
