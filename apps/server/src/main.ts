import { buildApp } from "./app.js";
import { announceServerListening, announceServerStarting } from "./modules/devices/admin-provision.js";
import { MODULES } from "./modules.js";
import { loadConfig } from "./platform/config.js";
import { openDatabase } from "./platform/db/client.js";
import { uploadStore } from "./platform/storage/file-store.js";
import { DEMO_LOGINS, DEMO_PASSWORD } from "./seed/demo.js";
import { seedDemoData } from "./seed/demo-seed.js";

async function main() {
  const config = loadConfig();
  announceServerStarting(config.dataDir);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  if (process.env.SEED_DEMO !== "0") {
    await seedDemoData(MODULES, database.db, {
      tenantOnly: process.env.SEED_DEMO_SHOPS === "0",
      files: uploadStore(config),
      dataDir: config.dataDir,
    });
  }
  const app = await buildApp(config, database);
  // Modules stop in reverse order (streams end, the broker and listeners close, timers stop), then
  // the database; a second signal while that runs is ignored.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  announceServerListening(app, config, port);
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`;
  const lines = [
    "",
    `Washboard console: http://localhost:${port}/`,
    `Database: ${where}`,
    `Demo logins (password ${DEMO_PASSWORD}):`,
    ...DEMO_LOGINS.map((l) => `  ${l.username.padEnd(14)} level ${l.level}  ${l.note}`),
    "",
  ];
  console.log(lines.join("\n"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
