import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const root = path.resolve(import.meta.dirname, "..");
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Starts the real server on a fresh embedded database (or DATABASE_URL) and waits until it answers. */
export async function startServer({ port, env = {}, command = ["--import", "tsx", "apps/server/src/main.ts"] }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wb-bench-"));
  // The server's log goes to a file: a pipe nobody reads fills up and blocks the server's writes.
  const logFile = path.join(dataDir, "server.log");
  const log = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, command, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", log, "inherit"],
  });
  const started = performance.now();
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/openapi.json`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error("server exited");
    if (performance.now() - started > 120_000) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      fs.closeSync(log);
      const logged = fs.readFileSync(logFile, "utf8").split("\n").filter(Boolean);
      if (logged.length > 0) {
        // Kept beside the results for a look at what the server said (warnings, errors).
        const kept = path.join(os.tmpdir(), `wb-bench-server-${port}.log`);
        fs.copyFileSync(logFile, kept);
        console.log(`server logged ${logged.length} lines (${kept}); the last: ${logged.at(-1)?.slice(0, 300)}`);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function writeResult(name, data) {
  const file = path.join(root, "bench/results", `${name}.json`);
  fs.writeFileSync(
    file,
    `${JSON.stringify({ measured_at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, ...data }, null, 2)}\n`,
  );
  console.log(`wrote ${path.relative(root, file)}`);
}

export const randomSuffix = () => randomBytes(4).toString("hex");

/**
 * A fresh database for one run, made on the PostgreSQL server of DATABASE_URL (the machine's, by
 * default): its address, and `drop` to remove it when the run ends, however it ends.
 */
export async function benchDatabase(prefix) {
  const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `${prefix}_${randomSuffix()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
