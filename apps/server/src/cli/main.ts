import { parseArgs } from "node:util";
import { isConsoleLevel, LEVEL } from "@washboard/shared";
import { insertAccount } from "../modules/accounts/public.js";
import {
  type AdminProvisionBody,
  adminProvisionBody,
  describeProblem,
  type ProvisionedDevice,
  provisionFromBody,
  provisionRoute,
  provisionThroughServer,
} from "../modules/devices/public.js";
import { rebuildOrderTotals } from "../modules/orders/public.js";
import { rebuildRollups } from "../modules/revenue/public.js";
import { setPublicAddress } from "../modules/system-config/public.js";
import { MODULES } from "../modules.js";
import { hashPassword } from "../platform/auth/passwords.js";
import { loadConfig, publicUrlOf } from "../platform/config.js";
import { openDatabase } from "../platform/db/client.js";
import { loadSecretKey } from "../platform/secrets/secret-box.js";
import { uploadStore } from "../platform/storage/file-store.js";
import { writeDemoFleetFile } from "../seed/demo-fleet.js";
import { seedDemoData } from "../seed/demo-seed.js";
import { startModeOf } from "../startup.js";
import { APP_LINKS_COMMANDS, APP_LINKS_USAGE, appLinksCommand } from "./app-links-commands.js";
import { backupCommand, restoreCommand } from "./backup-commands.js";
import { createAdministrator } from "./create-admin.js";
import { NOTICE_COMMANDS, NOTICE_USAGE, noticeCommand } from "./notice-commands.js";
import { SUBSCRIPTION_COMMANDS, SUBSCRIPTION_USAGE, subscriptionCommand } from "./subscription-commands.js";

const USAGE = `Platform administration until an admin portal exists.

  npm run cli -- migrate
  npm run cli -- seed
                 Seeds what of the demo is missing (refused with NODE_ENV=production).
  npm run cli -- create-admin --username NAME --password PASS --group ORGANIZATION
                 [--nickname TEXT] [--email ADDRESS]
                 The first administrator of an install: a group (organization) and its main
                 administrator (level 6), who then adds merchants and their accounts in the
                 console. A production start (NODE_ENV=production) refuses until one exists.
  npm run cli -- create-account --username NAME --password PASS --level 3|4|6|7|2
                 [--vendor-id N] [--group-id N] [--nickname TEXT] [--email ADDRESS]
  npm run cli -- rebuild-rollups [--vendor-id N]
                 Recomputes the revenue rollups and the order screens' totals from orders and
                 refunds (all vendors, or one).
  npm run cli -- provision-device --serial SERIAL --type MACHINE_TYPE [--vendor-id N] [--name TEXT]
                 Registers a machine and prints its broker secret (shown once); without
                 --vendor-id also its claim code, which a vendor types to claim it.
                 While the server runs on the embedded database, it asks the server
                 (DATA_DIR/admin.json) instead of opening the database.
  npm run cli -- set-public-url --url https://pay.example.com
                 The address customers and payment providers reach this install at (notify and
                 return URLs, pay QR codes). PUBLIC_URL in the server's environment sets it too,
                 at every start. With the embedded database, stop the server first.
  npm run cli -- backup FILE
                 Writes one backup file of the embedded database, its secret key (DATA_DIR/secret.key,
                 which unseals the stored payment secrets: keep the file like a password) and the
                 uploaded files. While the server runs, it asks the server (DATA_DIR/admin.json).
                 With DATABASE_URL the file holds the key and uploads only: back up PostgreSQL with
                 pg_dump (docs/operations.md). Never overwrites an existing file.
  npm run cli -- restore FILE [--data-dir DIR]
                 Restores a backup into DIR (default DATA_DIR), which must be empty or not exist: it
                 never overwrites an install. The file is checked whole before anything is written.
${SUBSCRIPTION_USAGE}
${NOTICE_USAGE}
${APP_LINKS_USAGE}

Uses DATABASE_URL when set, otherwise the embedded database under DATA_DIR.`;

/** The provision-device arguments as the admin endpoint's body, checked by the same rules. */
function provisionArguments(args: string[]): AdminProvisionBody {
  const { values } = parseArgs({
    args,
    options: {
      serial: { type: "string" },
      type: { type: "string" },
      "vendor-id": { type: "string" },
      name: { type: "string" },
    },
  });
  if (!values.serial || !values.type) {
    throw new Error(`provision-device needs --serial and a machine --type.\n\n${USAGE}`);
  }
  const vendorId = values["vendor-id"];
  const body = adminProvisionBody.safeParse({
    serial: values.serial,
    type: values.type,
    ...(vendorId === undefined ? {} : { vendor_id: /^\d+$/.test(vendorId) ? Number(vendorId) : vendorId }),
    ...(values.name === undefined ? {} : { name: values.name }),
  });
  if (!body.success) throw new Error(`provision-device: ${describeProblem(body.error)}.\n\n${USAGE}`);
  return body.data;
}

/** The same lines whichever way the machine was registered: its secret and claim code, shown once. */
function printProvisioned(device: ProvisionedDevice): void {
  console.log(`Device ${device.serial} registered (id ${device.id}).`);
  console.log(`Broker username: ${device.serial}`);
  console.log(`Broker password: ${device.secret}`);
  if (device.claim_code) console.log(`Claim code: ${device.claim_code}`);
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === "help" || command === "--help") {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  if (command === "backup") return backupCommand(config, rest, USAGE);
  if (command === "restore") return restoreCommand(config, rest, USAGE);
  // The embedded database belongs to the server while it runs: provisioning then goes through it.
  let provision: AdminProvisionBody | undefined;
  if (command === "provision-device") {
    provision = provisionArguments(rest);
    const route = await provisionRoute(config);
    if (route.via === "busy") throw new Error(route.reason);
    if (route.via === "server") {
      printProvisioned(await provisionThroughServer(route, provision));
      return;
    }
  }
  if (command === "seed" && startModeOf().production) {
    throw new Error("NODE_ENV=production never seeds the demo: its logins and password are published.");
  }
  if (
    command === "set-public-url" ||
    command === "create-admin" ||
    SUBSCRIPTION_COMMANDS.includes(command) ||
    NOTICE_COMMANDS.includes(command) ||
    APP_LINKS_COMMANDS.includes(command)
  ) {
    // Only the provision call goes through a running server; these need the database itself.
    const route = await provisionRoute(config);
    if (route.via !== "database") {
      throw new Error(
        command === "set-public-url"
          ? "The server holds the embedded database: stop it first, or set PUBLIC_URL in its environment and restart it."
          : SUBSCRIPTION_COMMANDS.includes(command)
            ? "The server holds the embedded database: stop it first (or set SUBSCRIPTION_PAYPAL_* in its environment)."
            : "The server holds the embedded database: stop it first.",
      );
    }
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    if (command === "migrate") {
      console.log("Migrations applied.");
    } else if (command === "seed") {
      const tenantOnly = process.env.SEED_DEMO_SHOPS === "0";
      const secretKey = loadSecretKey(config.secretKey, config.dataDir);
      const wrote = await seedDemoData(MODULES, database.db, { tenantOnly, files: uploadStore(config), secretKey });
      console.log(wrote.includes("tenancy") ? "Demo tenant seeded." : "Demo tenant already present.");
      const more = wrote.filter((name) => name !== "tenancy");
      if (more.length > 0) console.log(`Demo data seeded by: ${more.join(", ")}.`);
      const fleet = tenantOnly ? null : await writeDemoFleetFile(database.db, config.dataDir, secretKey);
      if (fleet) console.log(`Demo fleet: ${fleet.machines} machines in ${fleet.file}.`);
    } else if (command === "create-admin") {
      const { values } = parseArgs({
        args: rest,
        options: {
          username: { type: "string" },
          password: { type: "string" },
          group: { type: "string" },
          nickname: { type: "string" },
          email: { type: "string" },
        },
      });
      if (!values.username || !values.password || !values.group) {
        throw new Error(`create-admin needs --username, --password and --group.\n\n${USAGE}`);
      }
      const created = await createAdministrator(database.db, {
        username: values.username,
        password: values.password,
        group: values.group,
        nickname: values.nickname,
        email: values.email,
      });
      console.log(
        `Administrator ${created.username} created (account ${created.accountId}, level 6, group main administrator of "${created.group}", group ${created.groupId}).`,
      );
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
      const row = await insertAccount(database.db, {
        username: values.username,
        nickname: values.nickname ?? values.username,
        email: values.email ?? "",
        level,
        passwordHash: await hashPassword(values.password),
        vendorId: values["vendor-id"] ? Number(values["vendor-id"]) : null,
        groupId: values["group-id"] ? Number(values["group-id"]) : null,
      });
      console.log(`Account ${values.username} created (id ${row.id}).`);
    } else if (command === "provision-device" && provision) {
      printProvisioned(await provisionFromBody(database.db, provision));
    } else if (command === "set-public-url") {
      const { values } = parseArgs({ args: rest, options: { url: { type: "string" } } });
      const url = publicUrlOf(values.url);
      if (!url) throw new Error(`set-public-url needs --url.\n\n${USAGE}`);
      await setPublicAddress(database.db, url);
      console.log(`Public address set: ${url}`);
    } else if (SUBSCRIPTION_COMMANDS.includes(command)) {
      await subscriptionCommand(command, rest, database, config);
    } else if (NOTICE_COMMANDS.includes(command)) {
      console.log(await noticeCommand(rest, database.db));
    } else if (APP_LINKS_COMMANDS.includes(command)) {
      console.log(await appLinksCommand(rest, database.db));
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
  // A refusal (CreateAdminRefused) and a usage error alike: the message, no stack.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
