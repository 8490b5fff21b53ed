import { execFile } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { API } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { announceServerListening, provisionRoute } from "../modules/devices/admin-provision.js";
import { hashDeviceSecret } from "../modules/devices/broker/device-secrets.js";
import { devices } from "../modules/devices/tables.js";
import { systemConfig } from "../modules/system-config/tables.js";
import { loadConfig } from "../platform/config.js";
import { openDatabase } from "../platform/db/client.js";
import { demoVendors } from "../test/fixtures.js";
import { startTestServer, type TestServer } from "../test/harness.js";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../../../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wb-cli-"));
// The CLI runs on its own embedded database here, whatever the suite's DATABASE_URL.
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };
const cli = (...args: string[]) =>
  run(process.execPath, ["--import", "tsx", "apps/server/src/cli/main.ts", ...args], { cwd: root, env });

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it("migrates, seeds once, and creates an account that can sign in", async () => {
  expect((await cli("migrate")).stdout).toContain("Migrations applied.");
  expect((await cli("seed")).stdout).toContain("Demo tenant seeded.");
  expect((await cli("seed")).stdout).toContain("Demo tenant already present.");
  // The demo's orders are rolled up as they are written; a rebuild from scratch gives the same rows.
  expect((await cli("rebuild-rollups")).stdout).toMatch(
    /Revenue rollups rebuilt: [1-9]\d* daily rows; order totals: [1-9]\d* rows/,
  );
  const created = await cli(
    "create-account",
    "--username",
    "cli_owner",
    "--password",
    "secret123",
    "--level",
    "3",
    "--vendor-id",
    "1",
  );
  expect(created.stdout).toMatch(/Account cli_owner created \(id \d+\)\./);

  const database = await openDatabase({ dataDir });
  const app = await buildApp({ ...loadConfig({}), dataDir, webDist: undefined, secretKey: undefined }, database, {
    logger: false,
  });
  try {
    const response = await app.inject({
      method: "POST",
      url: API.auth.login.path,
      headers: { "api-key": "washboard-console" },
      payload: { login: "cli_owner", password: "secret123" },
    });
    expect(response.json()).toMatchObject({ status: 200, result: { level: 3, vendor_id: 1 } });
  } finally {
    await app.close();
    await database.close();
  }
}, 180_000);

it("refuses an incomplete create-account with the usage, and exits non-zero", async () => {
  const failure = await cli("create-account", "--username", "half").catch(
    (error: { code: number; stderr: string }) => error,
  );
  expect(failure).toMatchObject({ code: 1 });
  expect((failure as { stderr: string }).stderr).toContain("create-account needs --username, --password and --level");
}, 60_000);

const lines = (stdout: string) => stdout.trim().split("\n");

it("provisions a machine by opening the database when no server holds it, printing its secret once", async () => {
  const { stdout } = await cli("provision-device", "--serial", "CLI-DIRECT-1", "--type", "washer");
  expect(lines(stdout)).toEqual([
    expect.stringMatching(/^Device CLI-DIRECT-1 registered \(id \d+\)\.$/),
    "Broker username: CLI-DIRECT-1",
    expect.stringMatching(/^Broker password: [\w-]{43}$/),
    expect.stringMatching(/^Claim code: \S+$/),
  ]);
  const again = await cli("provision-device", "--serial", "CLI-DIRECT-1", "--type", "washer").catch(
    (error: { code: number; stderr: string }) => error,
  );
  expect(again).toMatchObject({ code: 1 });
  expect((again as { stderr: string }).stderr).toContain("a device with serial CLI-DIRECT-1 is already registered");
  const bad = await cli("provision-device", "--serial", "CLI/BAD", "--type", "washer").catch(
    (error: { code: number; stderr: string }) => error,
  );
  expect(bad).toMatchObject({ code: 1 });
  expect((bad as { stderr: string }).stderr).toContain("serial must be 4 to 64 letters");
}, 120_000);

it("sets the public address, refusing one that is not an http(s) address", async () => {
  const { stdout } = await cli("set-public-url", "--url", "https://pay.laundry.test/");
  expect(stdout.trim()).toBe("Public address set: https://pay.laundry.test");
  const database = await openDatabase({ dataDir });
  try {
    const [row] = await database.db.select().from(systemConfig).where(eq(systemConfig.name, "website"));
    expect(row?.value).toBe("https://pay.laundry.test");
  } finally {
    await database.close();
  }
  const bad = await cli("set-public-url", "--url", "ftp://x").catch((error: { code: number; stderr: string }) => error);
  expect(bad).toMatchObject({ code: 1 });
  expect((bad as { stderr: string }).stderr).toContain("PUBLIC_URL must be http(s)");
}, 120_000);

describe("provision-device while the server runs", () => {
  let server: TestServer;
  let baseUrl: string;
  // The server's DATA_DIR as the CLI sees it: admin.json only, no database the CLI could open.
  const serverDir = fs.mkdtempSync(path.join(os.tmpdir(), "wb-cli-server-"));
  const serverEnv = { ...process.env, DATA_DIR: serverDir, DATABASE_URL: "" };
  const cliOfServer = (...args: string[]) =>
    run(process.execPath, ["--import", "tsx", "apps/server/src/cli/main.ts", ...args], { cwd: root, env: serverEnv });

  beforeAll(async () => {
    server = await startTestServer();
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = server.app.server.address() as AddressInfo;
    baseUrl = `http://127.0.0.1:${port}`;
    // What main.ts does once it listens; the pid is this test's process, which is alive.
    announceServerListening(server.app, { dataDir: serverDir, host: "127.0.0.1" }, port);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(serverDir, { recursive: true, force: true });
  });

  it("asks the server, which registers the machine in its database, and prints the same lines", async () => {
    const { kl } = await demoVendors(server.database);
    const { stdout } = await cliOfServer(
      "provision-device",
      "--serial",
      "CLI-SERVER-1",
      "--type",
      "dryer",
      "--vendor-id",
      String(kl.id),
    );
    const printed = lines(stdout);
    expect(printed).toEqual([
      expect.stringMatching(/^Device CLI-SERVER-1 registered \(id \d+\)\.$/),
      "Broker username: CLI-SERVER-1",
      expect.stringMatching(/^Broker password: [\w-]{43}$/),
    ]);
    const secret = printed[2]?.slice("Broker password: ".length) ?? "";
    const [row] = await server.database.db.select().from(devices).where(eq(devices.serialNumber, "CLI-SERVER-1"));
    expect(row).toMatchObject({ vendorId: kl.id, machineType: "dryer", secretHash: hashDeviceSecret(secret) });
    // The CLI did not open an embedded database of its own.
    expect(fs.readdirSync(serverDir).sort()).toEqual(["admin.json", "admin.token"]);

    const unclaimed = await cliOfServer("provision-device", "--serial", "CLI-SERVER-2", "--type", "washer");
    expect(lines(unclaimed.stdout)[3]).toMatch(/^Claim code: \S+$/);
  }, 120_000);

  it("prints the server's refusal of a duplicate serial, and exits non-zero", async () => {
    const failure = await cliOfServer("provision-device", "--serial", "CLI-SERVER-1", "--type", "washer").catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { stderr: string }).stderr).toContain("a device with serial CLI-SERVER-1 is already registered");
  }, 60_000);

  describe("the choice between server and database", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wb-cli-choice-"));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
    const admin = (content: object) => fs.writeFileSync(path.join(dir, "admin.json"), JSON.stringify(content));
    const alivePid = process.pid;

    it("goes through the server that holds DATA_DIR and answers on its port", async () => {
      const { port } = server.app.server.address() as AddressInfo;
      admin({ pid: alivePid, port, host: "0.0.0.0", token: "t0ken" });
      expect(await provisionRoute({ databaseUrl: undefined, dataDir: dir })).toEqual({
        via: "server",
        baseUrl,
        token: "t0ken",
      });
    });

    it("opens the database itself with DATABASE_URL, which many processes share, whatever runs", async () => {
      const { port } = server.app.server.address() as AddressInfo;
      admin({ pid: alivePid, port, host: "0.0.0.0", token: "t0ken" });
      expect(await provisionRoute({ databaseUrl: "postgres://db/washboard", dataDir: dir })).toEqual({
        via: "database",
      });
    });

    it("opens the database itself when no server runs: no admin.json, or one of a process that ended", async () => {
      fs.rmSync(path.join(dir, "admin.json"), { force: true });
      expect(await provisionRoute({ databaseUrl: undefined, dataDir: dir })).toEqual({ via: "database" });
      admin({ pid: alivePid, port: 1, token: "t0ken" });
      const ended = await provisionRoute({ databaseUrl: undefined, dataDir: dir }, { alive: () => false });
      expect(ended).toEqual({ via: "database" });
    });

    it("refuses to open the database beside a server that is starting or does not answer", async () => {
      admin({ pid: alivePid, port: null });
      const starting = await provisionRoute({ databaseUrl: undefined, dataDir: dir });
      expect(starting).toMatchObject({ via: "busy", reason: expect.stringContaining("still starting") });
      admin({ pid: alivePid, port: 9, token: "t0ken" });
      const silent = await provisionRoute({ databaseUrl: undefined, dataDir: dir }, { answers: async () => false });
      expect(silent).toMatchObject({ via: "busy", reason: expect.stringContaining("does not answer") });
    });
  });
});
