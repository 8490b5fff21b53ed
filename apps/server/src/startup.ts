import { LEVEL } from "@washboard/shared";
import { and, eq, inArray, sql } from "drizzle-orm";
import { ACCOUNT_STATUS, accounts } from "./modules/accounts/tables.js";
import { MODULES } from "./modules.js";
import type { Config } from "./platform/config.js";
import type { Database, Db } from "./platform/db/client.js";
import type { ServerModule } from "./platform/module.js";
import { loadSecretKey } from "./platform/secrets/secret-box.js";
import { uploadStore } from "./platform/storage/file-store.js";
import { DEMO_LOGINS } from "./seed/demo.js";
import { type WrittenFleet, writeDemoFleetFile } from "./seed/demo-fleet.js";
import { seedDemoData } from "./seed/demo-seed.js";

/**
 * How this start treats the demo: `npm start` on a laptop seeds it (the newcomer's console has
 * something in it); NODE_ENV=production never does, and refuses a database that holds the demo's
 * published logins or has no administrator. README.md, "Production", says the same.
 */
export interface StartMode {
  /** NODE_ENV=production. */
  production: boolean;
  /** ALLOW_DEMO_DATA=1: a production start goes on with the demo accounts in its database. */
  allowDemoData: boolean;
  /** Seed the demo at this start: never in production, and not with SEED_DEMO=0. */
  seedDemo: boolean;
  /** SEED_DEMO_SHOPS=0: the demo tenant only (no shops, fleet, orders or members). */
  tenantOnly: boolean;
}

export function startModeOf(env: NodeJS.ProcessEnv = process.env): StartMode {
  const production = env.NODE_ENV === "production";
  return {
    production,
    allowDemoData: env.ALLOW_DEMO_DATA === "1",
    seedDemo: !production && env.SEED_DEMO !== "0",
    tenantOnly: env.SEED_DEMO_SHOPS === "0",
  };
}

/** The CLI command that makes the first administrator, as the refusal names it. */
export const CREATE_ADMIN_COMMAND =
  'npm run cli -- create-admin --username NAME --password PASSWORD --group "YOUR ORGANIZATION"';

/** A start the server refuses: its message says why and what to do; main.ts prints it and exits 1. */
export class StartRefused extends Error {}

/** The demo's usernames (README.md's table) found in the database, lowercased. */
export async function demoAccountsPresent(db: Db): Promise<string[]> {
  const names = DEMO_LOGINS.map((login) => login.username.toLowerCase());
  const rows = await db
    .select({ username: accounts.username })
    .from(accounts)
    .where(inArray(sql`lower(${accounts.username})`, names));
  return rows.map((row) => row.username.toLowerCase()).sort();
}

/** Whether an enabled group main administrator (level 6, the console's top account) exists. */
export async function administratorExists(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.level, LEVEL.GROUP_ADMIN), eq(accounts.status, ACCOUNT_STATUS.enabled)))
    .limit(1);
  return row !== undefined;
}

/** Why a production start must not go on ([] when it may): demo logins present, no administrator. */
export async function productionStartProblems(db: Db, mode: Pick<StartMode, "allowDemoData">): Promise<string[]> {
  const problems: string[] = [];
  const demo = await demoAccountsPresent(db);
  if (demo.length > 0 && !mode.allowDemoData) {
    problems.push(
      `The database holds the demo accounts (${demo.join(", ")}), whose password is published in README.md. ` +
        "Use a database without the demo, remove those accounts, or set ALLOW_DEMO_DATA=1 to start with them anyway.",
    );
  }
  if (!(await administratorExists(db))) {
    problems.push(
      `There is no administrator yet. Create the first one, with the same DATABASE_URL or DATA_DIR:\n  ${CREATE_ADMIN_COMMAND}\nthen start again.`,
    );
  }
  return problems;
}

export interface Prepared {
  /** The demo fleet file this start wrote (`npm start` starts the simulator only from it), or null. */
  demoFleet: WrittenFleet | null;
}

/**
 * What a start does to the database before the server listens: migrate, then in production check
 * it (throws StartRefused), otherwise seed what of the demo is missing (idempotent: a restart adds
 * and changes nothing) and write the demo fleet's credentials for the simulator.
 */
export async function prepareDatabase(
  config: Config,
  database: Database,
  mode: StartMode,
  modules: readonly ServerModule[] = MODULES,
): Promise<Prepared> {
  await database.migrate();
  if (mode.production) {
    const problems = await productionStartProblems(database.db, mode);
    if (problems.length > 0) {
      throw new StartRefused(
        ["Washboard refuses to start in production (NODE_ENV=production):", ...problems.map((p) => `- ${p}`)].join(
          "\n",
        ),
      );
    }
    return { demoFleet: null };
  }
  if (!mode.seedDemo) return { demoFleet: null };
  const secretKey = loadSecretKey(config.secretKey, config.dataDir);
  await seedDemoData(modules, database.db, { tenantOnly: mode.tenantOnly, files: uploadStore(config), secretKey });
  const demoFleet = mode.tenantOnly ? null : await writeDemoFleetFile(database.db, config.dataDir, secretKey);
  return { demoFleet };
}
