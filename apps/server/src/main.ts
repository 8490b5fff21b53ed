import { buildApp } from "./app.js";
import { loadConfig } from "./platform/config.js";
import { openDatabase } from "./platform/db/client.js";
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from "./seed/demo.js";
import { seedDemoShops } from "./seed/demo-shops.js";

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  if (process.env.SEED_DEMO !== "0") {
    await seedDemo(database.db);
    if (process.env.SEED_DEMO_SHOPS !== "0") await seedDemoShops(database.db);
  }
  const app = await buildApp(config, database.db);
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`;
  const lines = [
    "",
    `Washboard console: http://localhost:${config.port}/`,
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
