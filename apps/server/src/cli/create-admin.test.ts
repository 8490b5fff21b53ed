import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { API } from "@washboard/shared";
import { afterAll, expect, it } from "vitest";

/**
 * Issue 23, defect 5, as an operator meets it: NODE_ENV=production on an empty database refuses to
 * start and names `cli create-admin`; the CLI makes the first administrator (a group and its main
 * administrator); the server then starts, seeds no demo, and that administrator signs in.
 */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../../../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wb-create-admin-"));
// Its own embedded database, whatever the suite's DATABASE_URL.
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production" };
const cli = (...args: string[]) =>
  run(process.execPath, ["--import", "tsx", "apps/server/src/cli/main.ts", ...args], { cwd: root, env }).catch(
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Starts main.ts in production; answers its output and, once it listens, its port (or its exit code). */
async function startServer(): Promise<{
  output: () => string;
  port?: number;
  code?: number | null;
  stop(): Promise<void>;
}> {
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    env: {
      ...env,
      REDIS_URL: "",
      MQTT_URL: "",
      MQTT_EMBEDDED_PORT: "0",
      PORT: "0",
      HOST: "127.0.0.1",
      WEB_DIST: "none",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
  };
  // Started (it prints where it listens) or refused (it exits), whichever it does first; the test's
  // timeout bounds the wait.
  const outcome = await new Promise<{ port?: number; code?: number | null }>((resolve) => {
    const listening = () => {
      const port = /localhost:(\d+)\//.exec(output)?.[1];
      if (port) resolve({ port: Number(port) });
    };
    child.stdout.on("data", listening);
    child.stderr.on("data", listening);
    child.on("exit", (code) => resolve({ code }));
  });
  return { output: () => output, ...outcome, stop };
}

it("refuses a production start without an administrator, naming create-admin; starts once the CLI made one", async () => {
  const refused = await startServer();
  expect(refused.code).toBe(1);
  expect(refused.output()).toContain("Washboard refuses to start in production (NODE_ENV=production)");
  expect(refused.output()).toContain("npm run cli -- create-admin --username NAME --password PASSWORD --group");

  // Production never seeds the demo, from the CLI either.
  const seed = await cli("seed");
  expect(seed).toMatchObject({ code: 1 });
  expect((seed as { stderr: string }).stderr).toContain("NODE_ENV=production never seeds the demo");

  // The demo's logins and password are refused; so is an incomplete command.
  const demoName = await cli("create-admin", "--username", "group_admin", "--password", "Own3r-pass", "--group", "Co");
  expect((demoName as { stderr: string }).stderr).toContain("one of the demo's published logins");
  const demoPassword = await cli(
    "create-admin",
    "--username",
    "owner_admin",
    "--password",
    "demo1234",
    "--group",
    "Co",
  );
  expect((demoPassword as { stderr: string }).stderr).toContain("the demo's published password");
  const half = await cli("create-admin", "--username", "owner_admin");
  expect((half as { stderr: string }).stderr).toContain("create-admin needs --username, --password and --group");

  const created = await cli(
    "create-admin",
    "--username",
    "owner_admin",
    "--password",
    "Own3r-pass",
    "--group",
    "Laundry Co",
  );
  expect((created as { stdout: string }).stdout).toMatch(
    /^Administrator owner_admin created \(account \d+, level 6, group main administrator of "Laundry Co", group \d+\)\./,
  );
  const again = await cli("create-admin", "--username", "OWNER_admin", "--password", "Own3r-pass", "--group", "Co");
  expect((again as { stderr: string }).stderr).toContain("An account named OWNER_admin exists already");

  const server = await startServer();
  try {
    expect(server.port, server.output()).toBeGreaterThan(0);
    expect(server.output()).toContain("Mode: production");
    expect(server.output()).not.toContain("Demo logins");
    const signIn = async (login: string, password: string) => {
      const answer = await fetch(`http://127.0.0.1:${server.port}${API.auth.login.path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "api-key": "washboard-console" },
        body: JSON.stringify({ login, password }),
      });
      return (await answer.json()) as { status: number; result?: { level: number } };
    };
    expect(await signIn("owner_admin", "Own3r-pass")).toMatchObject({ status: 200, result: { level: 6 } });
    // No demo was seeded: its logins do not exist.
    expect((await signIn("group_admin", "demo1234")).status).not.toBe(200);
    // The console is told there is no demo data: no banner.
    const config = await fetch(`http://127.0.0.1:${server.port}${API.systemConfig.config.path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "api-key": "washboard-console" },
      body: "{}",
    });
    const rows = ((await config.json()) as { result: { name: string }[] }).result;
    expect(rows.map((row) => row.name)).not.toContain("demo");
  } finally {
    await server.stop();
  }
}, 240_000);
