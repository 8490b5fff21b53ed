import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  parseFleet,
  profileFor,
  SimulatedDevice,
  salesOf,
  templatePrograms,
  tradeOffline,
} from "@washboard/device-sim";
import {
  API,
  type EndpointContract,
  formatMoney,
  minorUnits,
  type PriceTemplateItem,
  templateParams,
} from "@washboard/shared";
import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { hashDeviceSecret, newDeviceSecret, secretMatches } from "../modules/devices/broker/device-secrets.js";
import { devices } from "../modules/devices/tables.js";
import { systemConfig } from "../modules/system-config/tables.js";
import { MODULES } from "../modules.js";
import { type Config, loadConfig } from "../platform/config.js";
import { type Database, openDatabase } from "../platform/db/client.js";
import type { ServerModule } from "../platform/module.js";
import { type Prepared, prepareDatabase, type StartMode } from "../startup.js";
import { freePort, TEST_API_KEY } from "../test/harness.js";
import { DEMO_PASSWORD } from "./demo.js";
import { DEMO_FLEET_FILE, type FleetEntry } from "./demo-fleet.js";

/**
 * Issue 23, defect 1: a restart re-seeded the demo fleet once a demo vendor had added a shop — every
 * demo machine's secret rotated (the running simulator was refused) and seven machines were added to
 * the operator's shop. Here a server starts on a database that outlives it (PGlite in DATA_DIR, or a
 * database of its own on DATABASE_URL's PostgreSQL), an operator adds a shop through the API, and
 * the server restarts twice: the register, every secret and the fleet file stay as they were, and
 * every demo machine connects with the file's credentials.
 *
 * The start is main.ts's own (prepareDatabase, then buildApp); the demo is seeded as far as the fleet
 * hangs on it — the seed's foundation: the tenant, its shops and the fleet — without any module's own
 * demo seed (cli.test.ts and demo-history.test.ts seed the ninety days of orders and members).
 */
// The modules without their own demo seeds: the foundation acts through their services, whose ports they fill.
const SEEDING: readonly ServerModule[] = MODULES.map(({ seedDemo: _ownSeed, ...module }) => module);
const DEMO: StartMode = { production: false, allowDemoData: false, seedDemo: true, tenantOnly: false };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wb-demo-restart-"));
let url: string | undefined;

beforeAll(async () => {
  const server = process.env.DATABASE_URL;
  if (!server) return;
  const name = `wb_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(server);
  target.pathname = `/${name}`;
  url = target.toString();
});

afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server = process.env.DATABASE_URL;
  if (!server || !url) return;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
  await admin.end();
});

interface Started {
  app: FastifyInstance;
  database: Database;
  config: Config;
  prepared: Prepared;
  stop(): Promise<void>;
}

/** One start of the server, as main.ts does it: migrate and seed, then build and start the app. */
async function start(): Promise<Started> {
  const config: Config = {
    ...loadConfig({}),
    dataDir,
    databaseUrl: url,
    apiKey: TEST_API_KEY,
    validateResponses: true,
    webDist: undefined,
    // No SECRET_KEY: the key generated into DATA_DIR/secret.key at the first start is kept.
    secretKey: undefined,
    mqttUrl: process.env.MQTT_URL || undefined,
    mqttAllowInsecure: Boolean(process.env.MQTT_URL),
    mqttEmbeddedPort: await freePort(),
    mqttGatewayPassword: "test-gateway-password",
  };
  const database = await openDatabase({ url, dataDir });
  const prepared = await prepareDatabase(config, database, DEMO, SEEDING);
  const app = await buildApp(config, database, { logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    prepared,
    stop: async () => {
      await app.close();
      await database.close();
    },
  };
}

async function call(app: FastifyInstance, contract: EndpointContract, body: object, token?: string) {
  const response = await app.inject({
    method: contract.method,
    url: contract.path,
    headers: { "api-key": TEST_API_KEY },
    payload: token ? { ...body, token, token_type: 1 } : body,
  });
  return response.json<{ status: number; result: never; code?: string }>();
}

async function signIn(app: FastifyInstance, username: string): Promise<string> {
  const answer = await call(app, API.auth.login, { login: username, password: DEMO_PASSWORD });
  expect(answer.status, username).toBe(200);
  return (answer.result as { token: string }).token;
}

/** Every machine of the register: what a restart must leave alone. */
const register = (database: Database) =>
  database.db
    .select({ id: devices.id, serial: devices.serialNumber, shopId: devices.shopId, secretHash: devices.secretHash })
    .from(devices)
    .orderBy(asc(devices.id));

const fleetFile = path.join(dataDir, DEMO_FLEET_FILE);
const readFleet = () => JSON.parse(fs.readFileSync(fleetFile, "utf8")) as FleetEntry[];

let firstRegister: Awaited<ReturnType<typeof register>> = [];
let firstFleet: FleetEntry[] = [];
let operatorShop = 0;

it("restarts twice after an operator added a shop: no machine added, no secret changed, every demo machine online", {
  timeout: 240_000,
}, async () => {
  const first = await start();
  try {
    // Five Kuala Lumpur shops of 61 machines, one Bangkok shop of 7.
    expect(first.prepared.demoFleet).toMatchObject({ file: fleetFile, machines: 68, leftOut: [] });
    firstRegister = await register(first.database);
    firstFleet = readFleet();
    expect(firstRegister).toHaveLength(68);
    expect(firstFleet).toHaveLength(68);
    // The file's secrets are the ones the register holds the hashes of.
    for (const entry of firstFleet) {
      const row = firstRegister.find((r) => r.serial === entry.serial);
      expect(row?.secretHash && secretMatches(entry.secret, row.secretHash), entry.serial).toBe(true);
    }
    await fleetChargesTheTemplates(first.app, firstFleet);
    // An operator of a demo vendor adds a shop, as the console does.
    const token = await signIn(first.app, "vendor_admin");
    const created = await call(
      first.app,
      API.shops.create,
      { name: "Operator's own", address: "1 Jalan Baru", service_type: 1 },
      token,
    );
    expect(created.status).toBe(200);
    operatorShop = (created.result as { id: number }).id;
  } finally {
    await first.stop();
  }

  for (const restart of [1, 2]) {
    const again = await start();
    try {
      expect(await register(again.database), `restart ${restart}`).toEqual(firstRegister);
      expect(again.prepared.demoFleet, `restart ${restart}`).toMatchObject({ machines: 68, leftOut: [] });
      expect(readFleet(), `restart ${restart}`).toEqual(firstFleet);
      const inOperatorShop = await again.database.db.select().from(devices).where(eq(devices.shopId, operatorShop));
      expect(inOperatorShop).toEqual([]);
      if (restart === 2) await everyMachineOnline(again);
    } finally {
      await again.stop();
    }
  }
});

/**
 * Issue 25, point 8: each machine of the fleet file carries its vendor's currency and coin and its
 * price template as the parameters the server pushes, read through the API as an operator sees
 * them; a day of the file's fleet, as the simulator lives it (`tradeOffline`, no waiting), charges
 * every cycle its template's price in the vendor's minor unit and takes a normal day's money.
 */
async function fleetChargesTheTemplates(app: FastifyInstance, fleet: FleetEntry[]) {
  const machines = new Map<
    string,
    { currency: string; coin: number; type: string; template: PriceTemplateItem | null; vendor: string }
  >();
  for (const username of ["vendor_admin", "vendor2_admin"]) {
    const token = await signIn(app, username);
    const profile = (await call(app, API.vendorProfile.profile, {}, token)).result as {
      currency: string;
      coin_denomination: number;
    };
    const templates = (await call(app, API.priceTemplates.list, { page_size: 50 }, token)).result as {
      items: PriceTemplateItem[];
    };
    const listed = (await call(app, API.devices.list, { page_size: 100 }, token)).result as {
      items: { serial_number: string; machine_type: string; price_template_id: number | null }[];
    };
    for (const device of listed.items) {
      machines.set(device.serial_number, {
        currency: profile.currency,
        coin: profile.coin_denomination,
        type: device.machine_type,
        template: templates.items.find((t) => t.id === device.price_template_id) ?? null,
        vendor: username,
      });
    }
  }
  for (const entry of fleet) {
    const machine = machines.get(entry.serial);
    expect(entry, entry.serial).toMatchObject({ currency: machine?.currency, coin: machine?.coin });
    expect(entry.params, entry.serial).toEqual(machine?.template ? templateParams(machine.template) : undefined);
  }
  // Washers, dryers and combos each run their type's template: RM 7.00, RM 5.00 and RM 12.00 in Kuala Lumpur, ฿50, ฿40 and ฿90 in Bangkok.
  expect(fleet.filter((e) => e.params).map((e) => machines.get(e.serial)?.currency)).toEqual(
    expect.arrayContaining(["MYR", "THB"]),
  );
  // One template per machine type and vendor: no dryer runs a washer's template.
  const templateOfType = new Map<string, Set<string>>();
  for (const { vendor, type, template } of machines.values()) {
    if (!template) continue;
    const key = `${vendor} ${type}`;
    templateOfType.set(key, (templateOfType.get(key) ?? new Set()).add(template.model_name));
  }
  expect(Object.fromEntries([...templateOfType].map(([key, names]) => [key, [...names]]))).toEqual({
    "vendor_admin washer": ["Wash 10 kg"],
    "vendor_admin dryer": ["Dry 30 minutes"],
    "vendor_admin combo": ["Wash & Dry 10 kg"],
    "vendor2_admin washer": ["ซัก 14 กก."],
    "vendor2_admin dryer": ["อบ 30 นาที"],
    "vendor2_admin combo": ["ซัก+อบ 14 กก."],
  });

  const sales = salesOf(tradeOffline(parseFleet(fleet), { hours: 24, timeScale: 10, seed: 25 }));
  const takings = new Map<string, number>();
  for (const sale of sales) {
    const machine = machines.get(sale.serial);
    if (!machine) throw new Error(`${sale.serial} is not in the register`);
    const { template } = machine;
    if (template) {
      const programs = templatePrograms(profileFor(machine.type), template);
      expect(programs, sale.serial).toContainEqual({ program: sale.program, price: sale.price, minutes: sale.minutes });
    }
    takings.set(machine.currency, (takings.get(machine.currency) ?? 0) + sale.price);
  }
  // A normal day: about ฿2,000 for the Bangkok shop, some RM 2,500 for the five Kuala Lumpur shops (61 machines).
  const bangkok = takings.get("THB") ?? 0;
  const kualaLumpur = takings.get("MYR") ?? 0;
  expect(bangkok, formatMoney(bangkok, "THB")).toBeGreaterThanOrEqual(minorUnits(1_000, "THB"));
  expect(bangkok, formatMoney(bangkok, "THB")).toBeLessThanOrEqual(minorUnits(3_500, "THB"));
  expect(kualaLumpur, formatMoney(kualaLumpur, "MYR")).toBeGreaterThanOrEqual(minorUnits(1_400, "MYR"));
  expect(kualaLumpur, formatMoney(kualaLumpur, "MYR")).toBeLessThanOrEqual(minorUnits(4_000, "MYR"));
}

/** The simulator's part: each machine of the fleet file connects with its secret, and the console lists it online. */
async function everyMachineOnline(server: Started) {
  const brokerUrl = server.config.mqttUrl ?? `mqtt://127.0.0.1:${server.config.mqttEmbeddedPort}`;
  const machines = readFleet().map(
    (entry) =>
      new SimulatedDevice(
        { serial: entry.serial, secret: entry.secret, machineType: entry.machine_type, firmware: entry.firmware },
        { brokerUrl, timeScale: 1, reconnectPeriodMs: 300 },
      ),
  );
  try {
    await Promise.all(machines.map((m) => m.connect()));
    const online = async () => {
      let count = 0;
      for (const username of ["vendor_admin", "vendor2_admin"]) {
        const token = await signIn(server.app, username);
        const listed = await call(server.app, API.devices.list, { page_size: 100 }, token);
        const items = (listed.result as { items: { online: boolean; serial_number: string }[] }).items;
        count += items.filter((d) => d.online && d.serial_number.startsWith("WB-")).length;
      }
      return count;
    };
    await expect.poll(online, { timeout: 30_000, interval: 250 }).toBe(machines.length);
  } finally {
    await Promise.all(machines.map((m) => m.disconnect({ forget: true }).catch(() => undefined)));
  }
}

it("keeps the secrets of an install seeded before they were derived, and never reissues a changed one", {
  timeout: 120_000,
}, async () => {
  // The state an older release left: random secrets, kept only in the fleet file; the shops marker
  // without the shop ids; no fleet marker, no marker of a finished seeding. One machine's secret was
  // changed since (the file's is stale).
  const older = await start();
  const [kept, changed] = firstRegister;
  if (!kept || !changed) throw new Error("no demo machines");
  const keptSecret = newDeviceSecret();
  try {
    await older.database.db
      .update(devices)
      .set({ secretHash: hashDeviceSecret(keptSecret) })
      .where(eq(devices.id, kept.id));
    await older.database.db
      .update(devices)
      .set({ secretHash: hashDeviceSecret(newDeviceSecret()) })
      .where(eq(devices.id, changed.id));
    await older.database.db.update(systemConfig).set({ value: "1" }).where(eq(systemConfig.name, "seed.demo.shops"));
    await older.database.db.delete(systemConfig).where(eq(systemConfig.name, "seed.demo.fleet"));
    // Nor had it the marker of a finished seeding: this start runs every step again.
    await older.database.db.delete(systemConfig).where(eq(systemConfig.name, "seed.demo.done"));
  } finally {
    await older.stop();
  }
  const file = readFleet().map((e) => (e.serial === kept.serial ? { ...e, secret: keptSecret } : e));
  fs.writeFileSync(fleetFile, JSON.stringify(file));
  const before = await (async () => {
    const peek = await openDatabase({ url, dataDir });
    try {
      return await register(peek);
    } finally {
      await peek.close();
    }
  })();

  const upgraded = await start();
  try {
    // Nothing in the register moved: the demo's shops were found by name, none of them lacked a machine.
    expect(await register(upgraded.database)).toEqual(before);
    expect(upgraded.prepared.demoFleet).toMatchObject({ machines: 67, leftOut: [changed.serial] });
    const fleet = readFleet();
    expect(fleet.find((e) => e.serial === kept.serial)?.secret).toBe(keptSecret);
    expect(fleet.some((e) => e.serial === changed.serial)).toBe(false);
  } finally {
    await upgraded.stop();
  }
});
