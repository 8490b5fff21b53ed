import { parseArgs } from "node:util";
import { isConsoleLevel, LEVEL } from "@washboard/shared";
import { accounts } from "../modules/accounts/tables.js";
import { MODULES } from "../modules.js";
import { hashPassword } from "../platform/auth/passwords.js";
import { loadConfig } from "../platform/config.js";
import { openDatabase } from "../platform/db/client.js";
import { uploadStore } from "../platform/storage/file-store.js";
import { seedDemoData } from "../seed/demo-seed.js";

const USAGE = `Platform administration until an admin portal exists.

  npm run cli -- migrate
  npm run cli -- seed
  npm run cli -- create-account --username NAME --password PASS --level 3|4|6|7|2
                 [--vendor-id N] [--group-id N] [--nickname TEXT] [--email ADDRESS]

Uses DATABASE_URL when set, otherwise the embedded database under DATA_DIR.`;

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === "help" || command === "--help") {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    if (command === "migrate") {
      console.log("Migrations applied.");
    } else if (command === "seed") {
      const wrote = await seedDemoData(MODULES, database.db, {
        tenantOnly: process.env.SEED_DEMO_SHOPS === "0",
        files: uploadStore(config),
        dataDir: config.dataDir,
      });
      console.log(wrote.includes("tenancy") ? "Demo tenant seeded." : "Demo tenant already present.");
      const more = wrote.filter((name) => name !== "tenancy");
      if (more.length > 0) console.log(`Demo data seeded by: ${more.join(", ")}.`);
    } else if (command === "create-account") {
      const { values } = parseArgs({
        args: rest,
        options: {
          username: { type: "string" },
          password: { type: "string" },
          level: { type: "string" },
          "vendor-id": { type: "string" },
          "group-id": { type: "string" },
          nickname: { type: "string" },
          email: { type: "string" },
        },
      });
      const level = Number(values.level);
      if (!values.username || !values.password || !(isConsoleLevel(level) || level === LEVEL.SYSTEM_SUB)) {
        throw new Error(`create-account needs --username, --password and --level.\n\n${USAGE}`);
      }
      const [row] = await database.db
        .insert(accounts)
        .values({
          username: values.username,
          nickname: values.nickname ?? values.username,
          email: values.email ?? "",
          level,
          passwordHash: await hashPassword(values.password),
          vendorId: values["vendor-id"] ? Number(values["vendor-id"]) : null,
          groupId: values["group-id"] ? Number(values["group-id"]) : null,
        })
        .returning({ id: accounts.id });
      console.log(`Account ${values.username} created (id ${row?.id}).`);
    } else {
      throw new Error(`Unknown command "${command}".\n\n${USAGE}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
