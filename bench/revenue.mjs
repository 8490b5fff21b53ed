// Revenue at scale, on PostgreSQL: 10 million orders across 100 vendors (10 shops of 10 machines
// each, a year of days), bulk-loaded with the rollup triggers off and rolled up by the rebuild, as a
// data migration would be. Then: the rollup rebuild's time,
// the server time of the 5-year revenue view, the month-by-shop view and the dashboard's three
// calls (goal p95 ≤ 30 ms each), and what keeping the rollups adds to paying an order (the same
// payments with the rollup triggers on and off).
// Run: node bench/revenue.mjs   (ORDERS, VENDORS, SAMPLES; DATABASE_URL names the PostgreSQL server)
import { randomBytes } from "node:crypto";
import pg from "pg";
import { benchDatabase, startServer, writeResult } from "./lib.mjs";

const ORDERS = Number(process.env.ORDERS ?? 10_000_000);
const VENDORS = Number(process.env.VENDORS ?? 100);
const SAMPLES = Number(process.env.SAMPLES ?? 200);
const PAYMENTS = Number(process.env.PAYMENTS ?? 2_000);
const SHOPS = 10;
const MACHINES = 10;
const port = 18199;
const API_KEY = "washboard-console";

const database = await benchDatabase("wb_bench_revenue");
const server = await startServer({
  port,
  env: { DATABASE_URL: database.url, DEMO_FLEET: "0", SEED_DEMO_SHOPS: "0", MQTT_EMBEDDED_PORT: String(port + 1) },
});
const db = new pg.Client({ connectionString: database.url });
await db.connect();

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: +percentile(sorted, 50).toFixed(2),
    p95: +percentile(sorted, 95).toFixed(2),
    max: +sorted.at(-1).toFixed(2),
  };
};

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
  return summary(times);
}

try {
  // ── data: the demo vendor and VENDORS − 1 others of its group, each with SHOPS shops of MACHINES machines ──
  const { rows } = await db.query("select id, group_id from vendors where name = 'Demo Laundry Kuala Lumpur'");
  const { id: measured, group_id: groupId } = rows[0];
  await db.query(
    `insert into vendors (group_id, name, currency, language, time_zone)
     select $1, 'Bench vendor ' || n, 'MYR', 'en', 'Asia/Kuala_Lumpur' from generate_series(2, $2) n`,
    [groupId, VENDORS],
  );
  const vendorIds = (await db.query("select id from vendors order by id")).rows.map((r) => r.id).slice(0, VENDORS);
  await db.query(
    `insert into shops (vendor_id, name, address, service_type)
     select v, 'Shop ' || s, 'Bench street ' || s, 1 from unnest($1::int[]) v, generate_series(1, $2) s`,
    [vendorIds, SHOPS],
  );
  const tag = randomBytes(2).toString("hex");
  await db.query(
    `insert into devices (vendor_id, shop_id, serial_number, name, machine_type)
     select s.vendor_id, s.id, 'RB${tag}-' || s.id || '-' || m, 'Machine ' || m,
            case when m % 3 = 0 then 'dryer' else 'washer' end
     from shops s, generate_series(1, $1) m`,
    [MACHINES],
  );
  // Each vendor's machines in one array, in vendor order: order n goes to vendor n % V, machine n / V % M·S.
  const machines = (
    await db.query(
      "select vendor_id, array_agg(id order by id) as ids, array_agg(shop_id order by id) as shops from devices group by vendor_id order by vendor_id",
    )
  ).rows;
  const perVendor = SHOPS * MACHINES;
  const deviceIds = machines.flatMap((m) => m.ids);
  const shopIds = machines.flatMap((m) => m.shops);
  const indexes = (
    await db.query(
      "select indexname, indexdef from pg_indexes where tablename = 'orders' and indexname not like '%pkey' and indexname not like '%_unique'",
    )
  ).rows;
  for (const index of indexes) await db.query(`drop index ${index.indexname}`);
  await db.query("alter table orders disable trigger orders_roll_up_insert");
  const loadStarted = performance.now();
  const CHUNK = 500_000;
  for (let from = 0; from < ORDERS; from += CHUNK) {
    const to = Math.min(ORDERS, from + CHUNK) - 1;
    // Sources: cash, cards and three providers; amounts 1.00 to 20.99; paid over the past 365 days;
    // 30 or 40 minutes a cycle. Spread by multiplicative hashes of n.
    await db.query(
      `insert into orders (vendor_id, source, pay_type, order_no, pay_unique_no, amount, currency, pay_status,
         paid_at, created_at, shop_id, device_id, program, minutes)
       select ($1::int[])[1 + n % $2],
              case when r < 400 then 'coin' when r < 700 then 'mem_card' when r < 850 then 'wechatpay'
                   when r < 950 then 'alipay' else 'stripe' end,
              case when r < 400 then 'COIN' when r < 700 then '6' when r < 850 then '1' when r < 950 then '3' else 'SP' end,
              'R${tag}' || n, 'R${tag}' || n, 100 + (n::bigint * 7919) % 2000, 'MYR', 1, t, t,
              ($6::int[])[1 + (n % $2) * $7 + (n / $2) % $7], ($5::int[])[1 + (n % $2) * $7 + (n / $2) % $7],
              case when r % 3 = 0 then 'Dry' else 'Wash' end, 30 + 10 * (r % 2)
       from (select n, (n::bigint * 2654435761) % 1000 as r,
                    now() - ((n::bigint * 40503) % 31536000) * interval '1 second' as t
             from generate_series($3::int, $4::int) n) g`,
      [vendorIds, vendorIds.length, from, to, deviceIds, shopIds, perVendor],
    );
    console.log(`loaded ${to + 1} orders`);
  }
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  await db.query("alter table orders enable trigger orders_roll_up_insert");
  const indexStarted = performance.now();
  for (const index of indexes) await db.query(index.indexdef);
  await db.query("vacuum analyze orders");
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  console.log(`load ${loadSeconds.toFixed(0)} s, indexes ${indexSeconds.toFixed(0)} s`);

  // ── the rollups rebuilt from scratch (all vendors; writes wait meanwhile) ──
  const rebuildStarted = performance.now();
  await db.query("select rebuild_revenue_rollups()");
  const rebuildSeconds = (performance.now() - rebuildStarted) / 1000;
  for (const table of ["revenue_daily", "revenue_monthly", "usage_hourly"]) await db.query(`vacuum analyze ${table}`);
  const size = async (table) => Number((await db.query(`select count(*) as n from ${table}`)).rows[0].n);
  const rollupRows = {
    revenue_daily: await size("revenue_daily"),
    revenue_monthly: await size("revenue_monthly"),
    usage_hourly: await size("usage_hourly"),
  };
  console.log(`rebuild ${rebuildSeconds.toFixed(1)} s`, rollupRows);

  // ── the views, as vendor_admin (the measured vendor) ──
  const { token } = await call("/api/Auth/login", { login: "vendor_admin", password: "demo1234" });
  const signed = { token, token_type: 1 };
  const month = new Date().toISOString().slice(0, 7);
  const fiveYearsAgo = `${Number(month.slice(0, 4)) - 4}-${month.slice(5, 7)}`;
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  const views = {
    five_year_revenue: () =>
      call("/api/v3/Revenue/get_vendor_earnings_month", { ...signed, from: fiveYearsAgo, to: month }),
    data_center: () => call("/api/v3/Data_center/get_shop_analysis_report", signed),
    month_by_shop: () =>
      call("/api/v3/Revenue/get_shop_realtime_earnings_by_date", { ...signed, from: monthAgo, to: today }),
    dashboard_revenue: () => call("/api/v3/Dashboard/get_revenue_list", signed),
    dashboard_shops: () => call("/api/v3/Dashboard/get_shop_list", signed),
    dashboard_devices: () => call("/api/v3/Dashboard/get_device_list", signed),
  };
  const viewMs = {};
  for (const [name, run] of Object.entries(views)) {
    await run();
    viewMs[name] = await timed(SAMPLES, run);
    console.log(name, viewMs[name]);
  }
  const shopRows = (await views.month_by_shop()).items.length;

  // ── the cost of keeping rollups: PAYMENTS unpaid orders paid one by one, with the triggers, then without ──
  const payTag = randomBytes(2).toString("hex");
  await db.query(
    `insert into orders (vendor_id, source, pay_type, order_no, pay_unique_no, amount, currency, shop_id, device_id, minutes)
     select $1, 'wechatpay', '1', 'P${payTag}' || n, 'P${payTag}' || n, 500, 'MYR', $2, $3, 30
     from generate_series(1, $4) n`,
    [measured, shopIds[0], deviceIds[0], PAYMENTS * 2],
  );
  const unpaid = (await db.query("select id from orders where order_no like $1 order by id", [`P${payTag}%`])).rows.map(
    (r) => r.id,
  );
  const pay = async (ids) => {
    const times = [];
    for (const id of ids) {
      const started = performance.now();
      await db.query("update orders set pay_status = 1, paid_at = now() where id = $1 and pay_status = 0", [id]);
      times.push(performance.now() - started);
    }
    return summary(times);
  };
  const withRollups = await pay(unpaid.slice(0, PAYMENTS));
  await db.query("alter table orders disable trigger orders_roll_up_update");
  const withoutRollups = await pay(unpaid.slice(PAYMENTS));
  await db.query("alter table orders enable trigger orders_roll_up_update");
  console.log("paying an order, ms: with rollups", withRollups, "without", withoutRollups);

  writeResult("revenue", {
    orders: ORDERS,
    vendors: VENDORS,
    shops_per_vendor: SHOPS,
    machines_per_shop: MACHINES,
    days: 365,
    load_seconds: Math.round(loadSeconds),
    index_seconds: Math.round(indexSeconds),
    rollup_rows: rollupRows,
    rebuild_seconds: +rebuildSeconds.toFixed(1),
    view_ms: viewMs,
    month_by_shop_rows: shopRows,
    samples: SAMPLES,
    pay_order_ms: { with_rollups: withRollups, without_rollups: withoutRollups, payments: PAYMENTS },
    note: "view ms measured by the client on loopback, one call at a time; paying an order is one UPDATE statement in its own transaction, measured by the client",
  });
} finally {
  await db.end();
  await server.stop();
  await database.drop();
}
