// Orders at scale, on PostgreSQL: 10 million orders across 100 vendors, then the server time of one
// vendor's order list with a date filter — its first page, and a page 1,000 pages deep (keyset, so
// the depth should not matter) — and the server's memory while it writes 100,000 orders as export
// files (Excel, then CSV) that stream to the client; and what paying one order costs the database
// (an UPDATE that the rollup triggers follow), and recording its machine's start.
// Run: node bench/orders.mjs   (ORDERS, VENDORS, SAMPLES; DATABASE_URL names the PostgreSQL server)
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { benchDatabase, startServer, writeResult } from "./lib.mjs";

const ORDERS = Number(process.env.ORDERS ?? 10_000_000);
const VENDORS = Number(process.env.VENDORS ?? 100);
const SAMPLES = Number(process.env.SAMPLES ?? 200);
const DEEP_PAGE = Number(process.env.DEEP_PAGE ?? 1_000);
const PAGE = 20;
const port = 18197;
const API_KEY = "washboard-console";

const database = await benchDatabase("wb_bench_orders");
const serverOptions = {
  port,
  env: { DATABASE_URL: database.url, DEMO_FLEET: "0", SEED_DEMO_SHOPS: "0", MQTT_EMBEDDED_PORT: String(port + 1) },
};
let server;
const db = new pg.Client({ connectionString: database.url });

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const rssMb = (pid) =>
  Math.round((Number(fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[21]) * 4096) / 1048576);

async function call(path, body) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "api-key": API_KEY },
    body: JSON.stringify(body),
  });
  const envelope = await response.json();
  if (envelope.status !== 200) throw new Error(`${path}: ${JSON.stringify(envelope).slice(0, 300)}`);
  return envelope.result;
}

/** Milliseconds of each of `samples` calls, one after another (loopback: the server's time and a little). */
async function timed(samples, run) {
  const times = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    p50: +percentile(times, 50).toFixed(2),
    p95: +percentile(times, 95).toFixed(2),
    max: +times.at(-1).toFixed(2),
  };
}

try {
  // A first start migrates and seeds the demo tenant; no server runs during the load, whose dropped
  // indexes would turn its sweeps (paid starts, lapsed payments) into scans of the growing table.
  await (await startServer(serverOptions)).stop();
  await db.connect();
  // ── data: the demo vendor and VENDORS − 1 others of its group; ORDERS orders, dropped indexes rebuilt after ──
  const { rows } = await db.query("select id, group_id from vendors where name = 'Demo Laundry Kuala Lumpur'");
  const { id: measured, group_id: groupId } = rows[0];
  await db.query(
    `insert into vendors (group_id, name, currency, language, time_zone)
     select $1, 'Bench vendor ' || n, 'MYR', 'en', 'Asia/Kuala_Lumpur' from generate_series(2, $2) n`,
    [groupId, VENDORS],
  );
  const vendorIds = (await db.query("select id from vendors order by id")).rows.map((r) => r.id).slice(0, VENDORS);
  const indexes = (
    await db.query(
      "select indexname, indexdef from pg_indexes where tablename = 'orders' and indexname not like '%pkey' and indexname not like '%_unique'",
    )
  ).rows;
  for (const index of indexes) await db.query(`drop index ${index.indexname}`);
  const loadStarted = performance.now();
  const CHUNK = 1_000_000;
  const tag = randomBytes(2).toString("hex");
  for (let from = 0; from < ORDERS; from += CHUNK) {
    const to = Math.min(ORDERS, from + CHUNK) - 1;
    // Sources: most through WeChat Pay (the list measured), then cards, Alipay and the sandbox; dates over 180 days.
    await db.query(
      // Spread by multiplicative hashes of n (a random() in a subquery would be evaluated once for all rows).
      `insert into orders (vendor_id, source, pay_type, order_no, pay_unique_no, amount, currency, pay_status, paid_at, created_at)
       select ($1::int[])[1 + n % $2],
              case when r < 600 then 'wechatpay' when r < 800 then 'mem_card' when r < 900 then 'alipay' else 'sandbox' end,
              case when r < 600 then '1' when r < 800 then '6' when r < 900 then '3' else 'SBX' end,
              'B${tag}' || n, 'B${tag}' || n, 100 + (n::bigint * 7919) % 2000, 'MYR', 1, t, t
       from (select n, (n::bigint * 2654435761) % 1000 as r,
                    now() - ((n::bigint * 40503) % 15552000) * interval '1 second' as t
             from generate_series($3::int, $4::int) n) g`,
      [vendorIds, vendorIds.length, from, to],
    );
    console.log(`loaded ${to + 1} orders`);
  }
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const indexStarted = performance.now();
  for (const index of indexes) await db.query(index.indexdef);
  // What autovacuum does to a table that is mostly appended to: the visibility map it sets lets the
  // screens' count and totals read the index alone (run by hand here, right after the bulk load).
  await db.query("vacuum analyze orders");
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  server = await startServer(serverOptions);
  const { rows: counted } = await db.query("select count(*)::int as n from orders where vendor_id = $1", [measured]);
  console.log(
    `measured vendor has ${counted[0].n} orders; load ${loadSeconds.toFixed(0)} s, indexes ${indexSeconds.toFixed(0)} s`,
  );

  // ── the list: vendor_admin's WeChat Pay orders of the last 120 days ──
  const { token } = await call("/api/Auth/login", { login: "vendor_admin", password: "demo1234" });
  const filter = {
    token,
    token_type: 1,
    from: Math.floor(Date.now() / 1000) - 120 * 86_400,
    to: Math.floor(Date.now() / 1000),
  };
  const list = (body) => call("/api/Order/get_wx_orders", { ...filter, ...body });
  const first = await list({ page_size: PAGE });
  console.log(`filtered total ${first.total}`);
  let cursor = first.next_cursor;
  for (let page = 2; page < DEEP_PAGE && cursor; page++) cursor = (await list({ page_size: PAGE, cursor })).next_cursor;
  if (!cursor) throw new Error(`fewer than ${DEEP_PAGE} pages`);
  const firstPage = await timed(SAMPLES, () => list({ page_size: PAGE }));
  const deepPage = await timed(SAMPLES, () => list({ page_size: PAGE, cursor }));
  console.log("first page", firstPage, "page 1000", deepPage);

  // ── the write every payment makes: one unpaid order paid (an UPDATE, the rollup triggers with it),
  // then the machine's start recorded on it (an update that counts in no rollup) ──
  await db.query(
    `insert into orders (vendor_id, source, pay_type, order_no, pay_unique_no, amount, currency, pay_status, created_at)
     select $1, 'wechatpay', '1', 'P${tag}' || n, 'P${tag}' || n, 500, 'MYR', 0, now() from generate_series(1, $2::int) n`,
    [measured, SAMPLES],
  );
  const unpaid = (await db.query("select id from orders where order_no like $1 order by id", [`P${tag}%`])).rows;
  const toPay = unpaid.map((row) => row.id);
  const payOne = await timed(SAMPLES, () =>
    db.query("update orders set pay_status = 1, paid_at = now() where id = $1", [toPay.pop()]),
  );
  const toStart = unpaid.map((row) => row.id);
  const startOne = await timed(SAMPLES, () =>
    db.query("update orders set start_state = 'started' where id = $1", [toStart.pop()]),
  );
  console.log("pay one order", payOne, "record its start", startOne);

  // ── the export: the server writes the vendor's four order lists (WeChat Pay, card, Alipay, sandbox:
  // 100,000 orders) as files while they download, first as Excel workbooks, then as CSV; the server's
  // memory sampled every 250 ms. Flat means the file is streamed, not held ──
  const exportSamples = { xlsx: [], csv: [] };
  const exported = { rows: 0, bytes: { xlsx: 0, csv: 0 }, seconds: { xlsx: 0, csv: 0 } };
  for (const format of ["xlsx", "csv"]) {
    const started = performance.now();
    exportSamples[format].push(rssMb(server.child.pid));
    const sampler = setInterval(() => exportSamples[format].push(rssMb(server.child.pid)), 250);
    for (const path of ["get_wx_orders", "get_user_card_orders", "get_alipay_orders", "get_sandbox_orders"]) {
      if (format === "xlsx")
        exported.rows += (await call(`/api/Order/${path}`, { token, token_type: 1, page_size: 1 })).total;
      const response = await fetch(`http://127.0.0.1:${port}/api/Order/${path}/export`, {
        method: "POST",
        headers: { "content-type": "application/json", "api-key": API_KEY },
        body: JSON.stringify({ token, token_type: 1, format, language: "en" }),
      });
      if (!response.headers.get("content-disposition")) throw new Error(`${path}: ${await response.text()}`);
      for await (const chunk of response.body) exported.bytes[format] += chunk.length;
    }
    clearInterval(sampler);
    exportSamples[format].push(rssMb(server.child.pid));
    exported.seconds[format] = +((performance.now() - started) / 1000).toFixed(1);
  }
  console.log(`exported ${exported.rows} rows`, exported, "server RSS MB", exportSamples);

  writeResult("orders", {
    orders: ORDERS,
    vendors: VENDORS,
    measured_vendor_orders: counted[0].n,
    filtered_total: first.total,
    load_seconds: Math.round(loadSeconds),
    index_seconds: Math.round(indexSeconds),
    list_first_page_ms: firstPage,
    list_page_1000_ms: deepPage,
    pay_one_order_ms: payOne,
    record_a_start_ms: startOne,
    samples: SAMPLES,
    export: { ...exported, server_rss_mb: exportSamples },
    note: "ms measured by the client on loopback, one call at a time: the server's time plus well under a millisecond",
  });
} finally {
  await db.end();
  await server?.stop();
  await database.drop();
}
