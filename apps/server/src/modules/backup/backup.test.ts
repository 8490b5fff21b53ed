import { type ChildProcess, execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../platform/db/client.js";
import { devices } from "../devices/tables.js";
import { balanceMovements } from "../members/tables.js";
import { orders } from "../orders/tables.js";

/**
 * The real server on the embedded database with the demo seeded: `npm run cli -- backup` while it
 * runs (it holds the database, so the CLI asks it), a restore into a new data directory, and every
 * order, balance movement and device found there as in the original; the same with the server
 * stopped (the CLI opens the database itself).
 */

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../../../../..");
const PORT = 18641;
const MQTT_PORT = 18642;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "wb-backup-"));
const original = path.join(work, "original");

const baseEnv = {
  ...process.env,
  DATABASE_URL: "",
  REDIS_URL: "",
  MQTT_URL: "",
  SECRET_KEY: "",
  NODE_ENV: "",
  INIT_CWD: work,
};

function cli(env: NodeJS.ProcessEnv, ...args: string[]) {
  return run(process.execPath, ["--import", "tsx", "apps/server/src/cli/main.ts", ...args], {
    cwd: root,
    env,
    maxBuffer: 1 << 24,
  });
}
const cliOf = (dataDir: string, ...args: string[]) => cli({ ...baseEnv, DATA_DIR: dataDir }, ...args);
const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ code: 0, stderr: "" }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr.trim() }),
  );

let server: ChildProcess | undefined;
let serverOutput = "";

async function stopServer(): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

beforeAll(async () => {
  server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    env: {
      ...baseEnv,
      DATA_DIR: original,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      MQTT_EMBEDDED_PORT: String(MQTT_PORT),
      WEB_DIST: "none",
      SEED_DEMO: "1",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const child = server;
  child.stdout?.on("data", (chunk: Buffer) => {
    serverOutput += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    serverOutput += chunk.toString("utf8");
  });
  // Ready once it prints where it listens (after migrating and seeding the demo, with admin.json written).
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", () => {
      if (serverOutput.includes("Washboard console: http://localhost:")) resolve();
    });
    child.once("exit", () => reject(new Error(`the server did not start:\n${serverOutput}`)));
  });
}, 900_000);

afterAll(async () => {
  await stopServer();
  fs.rmSync(work, { recursive: true, force: true });
});

interface Snapshot {
  orders: unknown[];
  movements: unknown[];
  devices: (typeof devices.$inferSelect)[];
  key: string;
  uploads: Record<string, string>;
}

function uploadsOf(dataDir: string): Record<string, string> {
  const folder = path.join(dataDir, "uploads");
  if (!fs.existsSync(folder)) return {};
  return Object.fromEntries(
    (fs.readdirSync(folder, { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter((entry) => entry.isFile() && !entry.name.endsWith(".tmp"))
      .map((entry) => {
        const full = path.join(entry.parentPath, entry.name);
        return [path.relative(folder, full), fs.readFileSync(full).toString("base64")];
      }),
  );
}

/** What a server started on `dataDir` finds: it opens and migrates the database as every start does. */
async function snapshotOf(dataDir: string): Promise<Snapshot> {
  const database: Database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    return {
      orders: await database.db.select().from(orders).orderBy(asc(orders.id)),
      movements: await database.db.select().from(balanceMovements).orderBy(asc(balanceMovements.id)),
      devices: await database.db.select().from(devices).orderBy(asc(devices.id)),
      key: fs.readFileSync(path.join(dataDir, "secret.key"), "utf8"),
      uploads: uploadsOf(dataDir),
    };
  } finally {
    await database.close();
  }
}

describe("backup and restore of the embedded database", () => {
  const whileRunning = path.join(work, "while-running.tar.gz");
  const whileStopped = path.join(work, "while-stopped.tar.gz");
  const restored = path.join(work, "restored");
  const restoredStopped = path.join(work, "restored-stopped");

  it("refuses a backup request without the admin token, or from anyone but the CLI's token", async () => {
    const bare = await fetch(`http://127.0.0.1:${PORT}/admin/backup`, { method: "POST" });
    expect(bare.status).toBe(403);
    const wrong = await fetch(`http://127.0.0.1:${PORT}/admin/backup`, {
      method: "POST",
      headers: { authorization: "Bearer not-the-token" },
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toBe("");
  });

  it("backs up the running server through it, with the warning about the key", async () => {
    // A machine the server registers just before: the backup has every commit up to its start.
    const provisioned = await cliOf(original, "provision-device", "--serial", "BACKUP-LAST-1", "--type", "washer");
    expect(provisioned.stdout).toContain("Device BACKUP-LAST-1 registered");
    const { stdout } = await cliOf(original, "backup", "while-running.tar.gz");
    expect(stdout).toContain(`Backup written by the running server at http://127.0.0.1:${PORT}: ${whileRunning}`);
    expect(stdout).toMatch(
      /It holds the embedded database \(PostgreSQL [\d.]+, [\d.]+ MB\), the secret key, \d+ uploaded/,
    );
    expect(stdout).toMatch(/The database was copied in \d+ ms \(its queries waited meanwhile\)\./);
    expect(stdout).toContain("WARNING: this file holds the secret key that unseals the stored payment-provider");
    expect(fs.statSync(whileRunning).mode & 0o777).toBe(0o600);
  }, 300_000);

  it("restores it into a new data directory, and refuses to restore it again over that install", async () => {
    const { stdout } = await cliOf(original, "restore", whileRunning, "--data-dir", "restored");
    expect(stdout).toContain(`Restored ${whileRunning} (made `);
    expect(stdout).toContain(`into ${restored}.`);
    expect(stdout).toContain(`Start the server with DATA_DIR=${restored}`);
    const again = await refusalOf(cliOf(original, "restore", whileRunning, "--data-dir", restored));
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(
      `${restored} is not empty (it holds pglite, secret.key, uploads): a restore never overwrites an install. ` +
        "Restore into a new or empty folder (--data-dir), or move this one aside first.",
    );
  }, 300_000);

  it("backs up with the server stopped by opening the database itself", async () => {
    await stopServer();
    const { stdout } = await cliOf(original, "backup", whileStopped);
    expect(stdout).toContain(`Backup written of ${original} (no server running): ${whileStopped}`);
    await cliOf(original, "restore", whileStopped, "--data-dir", restoredStopped);
  }, 300_000);

  it("finds every order, balance movement and device, the key and the uploads of the original", async () => {
    const source = await snapshotOf(original);
    // The demo: ninety days of orders, members' balance movements, the demo fleet.
    expect(source.orders.length).toBeGreaterThan(1000);
    expect(source.movements.length).toBeGreaterThan(100);
    expect(source.devices.length).toBeGreaterThan(50);
    expect(Object.keys(source.uploads).length).toBeGreaterThan(0);
    for (const dataDir of [restored, restoredStopped]) {
      const copy = await snapshotOf(dataDir);
      expect(copy.devices.map((device) => device.serialNumber)).toContain("BACKUP-LAST-1");
      expect(copy.orders.length, `${dataDir}: orders`).toBe(source.orders.length);
      expect(copy.orders, `${dataDir}: orders`).toEqual(source.orders);
      expect(copy.movements.length, `${dataDir}: balance movements`).toBe(source.movements.length);
      expect(copy.movements, `${dataDir}: balance movements`).toEqual(source.movements);
      expect(copy.devices.length, `${dataDir}: devices`).toBe(source.devices.length);
      expect(copy.devices, `${dataDir}: devices`).toEqual(source.devices);
      expect(copy.key, `${dataDir}: secret key`).toBe(source.key);
      expect(copy.uploads, `${dataDir}: uploads`).toEqual(source.uploads);
    }
  }, 300_000);

  it("refuses a damaged or foreign file in plain words and writes nothing", async () => {
    const bytes = fs.readFileSync(whileStopped);
    const damaged = Buffer.from(bytes);
    const middle = Math.floor(damaged.length / 2);
    for (let i = middle; i < middle + 64; i++) damaged[i] = (damaged[i] as number) ^ 0xff;
    const cases: [string, Buffer, RegExp][] = [
      ["damaged", damaged, /is damaged: /],
      ["cut-short", bytes.subarray(0, middle), /is damaged: /],
      [
        "foreign",
        Buffer.from("name,amount\nsoap,3\n"),
        /is not a Washboard backup \(it is not a gzip-compressed archive\)\.$/,
      ],
    ];
    for (const [name, data, message] of cases) {
      const file = path.join(work, `${name}.tar.gz`);
      fs.writeFileSync(file, data);
      const target = path.join(work, `target-${name}`);
      const refused = await refusalOf(cliOf(original, "restore", file, "--data-dir", target));
      expect(refused.code, name).toBe(1);
      expect(refused.stderr, name).toMatch(message);
      expect(refused.stderr, name).toContain(file);
      expect(fs.existsSync(target), `${name}: nothing written`).toBe(false);
    }
  }, 300_000);
});

describe("backup with DATABASE_URL (PostgreSQL)", () => {
  it("writes the key and uploads only, and explains pg_dump and pg_restore", async () => {
    const dataDir = path.join(work, "postgres-install");
    fs.mkdirSync(path.join(dataDir, "uploads", "ab"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "secret.key"), Buffer.alloc(32, 7).toString("base64"));
    fs.writeFileSync(path.join(dataDir, "uploads", "ab", "abc.png"), "png");
    const env = { ...baseEnv, DATA_DIR: dataDir, DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" };
    const { stdout } = await cli(env, "backup", "postgres-install.tar.gz");
    expect(stdout).toContain("It holds no database (the install uses PostgreSQL), the secret key, 1 uploaded file");
    expect(stdout).toContain("The database is NOT in this backup: with DATABASE_URL it lives in PostgreSQL.");
    expect(stdout).toContain('pg_dump --format=custom --file=washboard.dump "$DATABASE_URL"');
    const restoredHere = path.join(work, "postgres-restored");
    const restore = await cli(env, "restore", "postgres-install.tar.gz", "--data-dir", restoredHere);
    expect(restore.stdout).toContain("restore it with pg_restore");
    expect(fs.readFileSync(path.join(restoredHere, "uploads", "ab", "abc.png"), "utf8")).toBe("png");
  }, 120_000);
});

it("lists backup and restore in the usage", async () => {
  const { stdout } = await cliOf(original, "help");
  expect(stdout).toContain("npm run cli -- backup FILE");
  expect(stdout).toContain("npm run cli -- restore FILE [--data-dir DIR]");
}, 60_000);
