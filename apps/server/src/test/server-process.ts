import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../../../..");

/** The server started as its own process, as `npm start` or `npm run serve` would run it. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  dataDir: string;
  /** Everything it printed so far, standard output and error together. */
  output(): string;
  exited: Promise<number | null>;
  /** Kills it if it still runs and removes its data directory. */
  dispose(): void;
}

/**
 * Starts the server with `args` (sources through tsx by default) on a fresh embedded database in a
 * data directory of its own, on ports the system picks, with no console build; `env` adds or
 * overrides settings. Resolves once it prints where it listens; rejects if it exits first.
 */
export async function startServerProcess(
  options: { args?: string[]; env?: NodeJS.ProcessEnv } = {},
): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wb-process-"));
  const child = spawn(process.execPath, options.args ?? ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: "",
      REDIS_URL: "",
      MQTT_URL: "",
      MQTT_EMBEDDED_PORT: "0",
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      WEB_DIST: "none",
      LOG_LEVEL: "info",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString("utf8");
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const dispose = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout?.on("data", () => {
        const listening = /Washboard console: http:\/\/localhost:(\d+)\//.exec(output)?.[1];
        if (listening) resolve(Number(listening));
      });
      child.on("exit", () => reject(new Error(`the server did not start:\n${output}`)));
    });
    return { child, port, dataDir, output: () => output, exited, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}
