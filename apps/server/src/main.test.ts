import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
// @ts-expect-error -- a plain ES module of the start script, without types of its own
import { BUNDLES, buildStaleBundles } from "../../../scripts/server-build.mjs";

const root = path.resolve(import.meta.dirname, "../../..");

/** The server from its sources (tests, `npm run dev`) and from the bundle `npm start` runs. */
const STARTS = [
  { how: "from its sources", args: async () => ["--import", "tsx", "apps/server/src/main.ts"] },
  {
    how: "from the bundle npm start runs",
    args: async () => {
      await buildStaleBundles(root);
      return ["--enable-source-maps", BUNDLES[0].output];
    },
  },
];

/**
 * The real server process: started on an empty embedded database, it stops on SIGTERM with every
 * running module stopped in the reverse of the module list's order, and exits 0.
 */
it.each(STARTS)(
  "shuts down on SIGTERM, stopping the modules in reverse order, $how",
  { timeout: 120_000 },
  async ({ args }) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wb-main-"));
    const child = spawn(process.execPath, await args(), {
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
        SEED_DEMO: "0",
        LOG_LEVEL: "info",
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
    try {
      // Started once it prints where it listens; an exit first means it did not (the test's timeout bounds the wait).
      const port = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", () => {
          const listening = /Washboard console: http:\/\/localhost:(\d+)\//.exec(output)?.[1];
          if (listening) resolve(listening);
        });
        child.on("exit", () => reject(new Error(`did not start:\n${output}`)));
      });
      const answer = await fetch(`http://127.0.0.1:${port}/api/openapi.json`);
      expect(answer.status).toBe(200);

      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      const stopped = output
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { msg?: string; module?: string })
        .filter((entry) => entry.msg === "module stopped")
        .map((entry) => entry.module);
      // live starts first, outbox second and devices (the broker and its gateway) late in src/modules.ts:
      // they stop the other way round, so the gateway's last writes still reach the live bus (and the
      // revenue relay, which publishes to it, stops before it too; the report scheduler, which queues
      // in the outbox, stops before the outbox's worker).
      expect(stopped).toEqual(["reports", "revenue", "orders", "devices", "outbox", "live"]);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
