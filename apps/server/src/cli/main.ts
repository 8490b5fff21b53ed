import { parseArgs } from "node:util";
import { isConsoleLevel, LEVEL, machineType } from "@washboard/shared";
import { accounts } from "../modules/accounts/tables.js";
import { provisionDevice } from "../modules/devices/provision.js";
import { rebuildOrderTotals } from "../modules/orders/order-totals.js";
import { rebuildRollups } from "../modules/revenue/rollups.js";
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
  npm run cli -- rebuild-rollups [--vendor-id N]
                 Recomputes the revenue rollups and the order screens' totals from orders and
                 refunds (all vendors, or one).
  npm run cli -- provision-device --serial SERIAL --type MACHINE_TYPE [--vendor-id N] [--name TEXT]
                 Registers a machine and prints its broker secret (shown once); without
                 --vendor-id also its claim code, which a vendor types to claim it.

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
    } else if (command === "provision-device") {
      const { values } = parseArgs({
        args: rest,
        options: {
          serial: { type: "string" },
          type: { type: "string" },
          "vendor-id": { type: "string" },
          name: { type: "string" },
        },
      });
      if (!values.serial || !values.type || !machineType.safeParse(values.type).success) {
        throw new Error(`provision-device needs --serial and a machine --type.\n\n${USAGE}`);
      }
      const device = await provisionDevice(database.db, {
        serialNumber: values.serial,
        machineType: values.type,
        name: values.name ?? "",
        vendorId: values["vendor-id"] ? Number(values["vendor-id"]) : null,
      });
      console.log(`Device ${device.serial} registered (id ${device.id}).`);
      console.log(`Broker username: ${device.serial}`);
      console.log(`Broker password: ${device.secret}`);
      if (device.claimCode) console.log(`Claim code: ${device.claimCode}`);
    } else if (command === "rebuild-rollups") {
      const { values } = parseArgs({ args: rest, options: { "vendor-id": { type: "string" } } });
      const started = performance.now();
      const vendorId = values["vendor-id"] ? Number(values["vendor-id"]) : undefined;
      const rows = await rebuildRollups(database.db, vendorId);
      const totals = await rebuildOrderTotals(database.db, vendorId);
      console.log(
        `Revenue rollups rebuilt: ${rows} daily rows; order totals: ${totals} rows; in ${Math.round(performance.now() - started)} ms.`,
      );
    } else {
      throw new Error(`Unknown command ${command}.\n\n${USAGE}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
