import path from "node:path";
import { expect, it } from "vitest";
// @ts-expect-error -- a plain ES module of the start script, without types of its own
import { buildStaleBundles, bundleOutput } from "../../../scripts/server-build.mjs";
import { startServerProcess } from "./test/server-process.js";

const root = path.resolve(import.meta.dirname, "../../..");

/** The server from its sources (tests, `npm run dev`) and from the bundle `npm start` runs. */
const STARTS = [
  { how: "from its sources", args: async () => ["--import", "tsx", "apps/server/src/main.ts"] },
  {
    how: "from the bundle npm start runs",
    args: async () => {
      await buildStaleBundles(root);
      return ["--enable-source-maps", bundleOutput("server")];
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
    const server = await startServerProcess({ args: await args(), env: { SEED_DEMO: "0" } });
    const { child, port, exited } = server;
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/api/openapi.json`);
      expect(answer.status).toBe(200);

      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      const stopped = server
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { msg?: string; module?: string })
        .filter((entry) => entry.msg === "module stopped")
        .map((entry) => entry.module);
      // live starts first, outbox second and devices (the broker and its gateway) late in src/modules.ts:
      // they stop the other way round, so the gateway's last writes still reach the live bus (and the
      // revenue relay, which publishes to it, stops before it too; the report scheduler, which queues
      // in the outbox, stops before the outbox's worker; the firmware scheduler, which sends its
      // notices through the devices module, stops before the broker; so does the promotions' clock-change
      // sweep, which sends machines parameters; the members' welfare sweep only moves balances).
      expect(stopped).toEqual([
        "ota",
        "reports",
        "revenue",
        "members",
        "promotions",
        "orders",
        "devices",
        "outbox",
        "live",
      ]);
    } finally {
      server.dispose();
    }
  },
);
