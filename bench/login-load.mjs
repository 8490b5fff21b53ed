// Login latency with 50 concurrent users on PostgreSQL: each virtual user signs in as its own
// account, again and again, for a fixed time. Reports p50/p95/p99 and throughput.
// Needs DATABASE_URL (a server where it may create and drop a database). Loopback only.
import pg from "pg";
import { benchDatabase, startServer, writeResult } from "./lib.mjs";

const USERS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const port = 18193;

const database = await benchDatabase("wb_bench");
const server = await startServer({
  port,
  env: { DATABASE_URL: database.url, LOGIN_MAX_FAILURES_PER_ADDRESS: "100000" },
});

try {
  // Fifty merchant accounts sharing the demo password hash.
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  await db.query(`
    INSERT INTO accounts (username, nickname, level, password_hash, vendor_id)
    SELECT 'bench' || n, 'Bench ' || n, 3, a.password_hash, a.vendor_id
    FROM generate_series(1, ${USERS}) n, (SELECT password_hash, vendor_id FROM accounts WHERE username = 'vendor_admin') a`);
  await db.end();

  const latencies = [];
  let errors = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const user = async (n) => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}/api/Auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "api-key": "washboard-console" },
        body: JSON.stringify({ login: `bench${n}`, password: "demo1234" }),
      });
      const body = await response.json();
      if (body.status === 200) latencies.push(performance.now() - started);
      else errors += 1;
    }
  };
  await Promise.all(Array.from({ length: USERS }, (_, i) => user(i + 1)));
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]);
  const result = {
    concurrent_users: USERS,
    seconds: SECONDS,
    logins: latencies.length,
    errors,
    per_second: Math.round(latencies.length / SECONDS),
    p50_ms: at(0.5),
    p95_ms: at(0.95),
    p99_ms: at(0.99),
  };
  console.log(result);
  writeResult("login-load", result);
} finally {
  await server.stop();
  await database.drop();
}
