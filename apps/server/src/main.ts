import { buildApp } from "./app.js";
import { announceServerListening, announceServerStarting } from "./modules/devices/admin-provision.js";
import { loadConfig } from "./platform/config.js";
import { openDatabase } from "./platform/db/client.js";
import { DEMO_LOGINS, DEMO_PASSWORD } from "./seed/demo.js";
import { prepareDatabase, StartRefused, startModeOf } from "./startup.js";

async function main() {
  const config = loadConfig();
  const mode = startModeOf();
  announceServerStarting(config.dataDir);
  const database = await openDatabase({
    url: config.databaseUrl,
    readUrl: config.databaseReadUrl,
    dataDir: config.dataDir,
  });
  let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
  try {
    prepared = await prepareDatabase(config, database, mode);
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await buildApp(config, database);
  // The app drains (not ready, streams end, connections close: app.ts), modules stop in reverse
  // order (the broker and listeners close, the outbox finishes what it sends), then the database.
  // Past STOP_TIMEOUT_MS the process exits whatever is left; a second signal meanwhile is ignored.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, timeoutMs: config.stopTimeoutMs }, "stopping");
    setTimeout(() => {
      app.log.error({ timeoutMs: config.stopTimeoutMs }, "stop took too long: exiting");
      process.exit(1);
    }, config.stopTimeoutMs).unref();
    await app.close();
    await database.close();
    app.log.info("stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  if (prepared.demoFleet && prepared.demoFleet.leftOut.length > 0) {
    app.log.warn(
      { serials: prepared.demoFleet.leftOut },
      "demo machines whose secret was changed are left out of the demo fleet (their secrets are not reissued)",
    );
  }
  // The fleet file named here is the one this start wrote: `npm start` runs the simulator from it.
  announceServerListening(app, config, port, prepared.demoFleet ? { demoFleet: prepared.demoFleet.file } : {});
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`;
  const lines = [
    "",
    `Washboard console: http://localhost:${port}/`,
    `Database: ${where}`,
    ...(mode.production
      ? ["Mode: production (NODE_ENV=production): no demo data is seeded."]
      : mode.seedDemo
        ? [
            "Mode: demo — demonstration data, not for real money (NODE_ENV=production for an install of your own).",
            `Demo logins (password ${DEMO_PASSWORD}):`,
            ...DEMO_LOGINS.map((l) => `  ${l.username.padEnd(14)} level ${l.level}  ${l.note}`),
          ]
        : []),
    "",
  ];
  console.log(lines.join("\n"));
}

main().catch((error: unknown) => {
  // A refused start says why in plain words; anything else is a crash, with its stack.
  console.error(error instanceof StartRefused ? error.message : error);
  process.exit(1);
});
