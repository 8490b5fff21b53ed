import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAdministrator } from "./cli/create-admin.js";
import { accounts } from "./modules/accounts/tables.js";
import { systemConfig } from "./modules/system-config/tables.js";
import { loadConfig } from "./platform/config.js";
import type { Database } from "./platform/db/client.js";
import { seedDemo } from "./seed/demo.js";
import { prepareDatabase, StartRefused, startModeOf } from "./startup.js";
import { type FreshDatabase, freshDatabase } from "./test/fresh-database.js";

/** Issue 23, defect 5: a production start never seeds the demo and refuses a database unfit for it. */
const config = { ...loadConfig({}), dataDir: "/nonexistent/never-written", webDist: undefined };
const production = startModeOf({ NODE_ENV: "production", SEED_DEMO: "1" });

let fresh: FreshDatabase;
let database: Database;
beforeEach(async () => {
  fresh = await freshDatabase();
  database = fresh.database;
});
afterEach(async () => {
  await database.close();
  await fresh.drop();
});

/** What a start answers: "started", or the message it refused with. */
async function startWith(mode = production): Promise<string> {
  try {
    await prepareDatabase(config, database, mode);
    return "started";
  } catch (error) {
    if (error instanceof StartRefused) return error.message;
    throw error;
  }
}

describe("the start mode", () => {
  it("seeds the demo by default, never in production whatever SEED_DEMO says", () => {
    expect(startModeOf({})).toMatchObject({ production: false, seedDemo: true });
    expect(startModeOf({ SEED_DEMO: "0" })).toMatchObject({ production: false, seedDemo: false });
    expect(production).toMatchObject({ production: true, seedDemo: false, allowDemoData: false });
    expect(startModeOf({ NODE_ENV: "production", ALLOW_DEMO_DATA: "1" })).toMatchObject({ allowDemoData: true });
  });
});

describe("a production start", () => {
  it("on an empty database: seeds nothing and refuses, naming the command that creates the administrator", async () => {
    const refusal = await startWith();
    expect(refusal).toContain("NODE_ENV=production");
    expect(refusal).toContain("There is no administrator yet");
    expect(refusal).toContain("npm run cli -- create-admin --username NAME --password PASSWORD --group");
    expect(refusal).not.toContain("demo accounts");
    // Migrated, and nothing of the demo written.
    expect(await database.db.select().from(accounts)).toEqual([]);
    expect(await database.db.select().from(systemConfig).where(eq(systemConfig.name, "seed.demo"))).toEqual([]);
  });

  it("refuses while the demo accounts exist, unless ALLOW_DEMO_DATA=1", async () => {
    await database.migrate();
    await seedDemo(database.db);
    const refusal = await startWith();
    expect(refusal).toContain(
      "The database holds the demo accounts (group_admin, group_sub, system_sub, vendor2_admin, vendor_admin, vendor_sub)",
    );
    expect(refusal).toContain("ALLOW_DEMO_DATA=1");
    // The demo's group_admin is an administrator: with the demo allowed, it starts.
    expect(await startWith({ ...production, allowDemoData: true })).toBe("started");
    // A first administrator of the install's own does not make the demo's logins safe.
    await createAdministrator(database.db, { username: "owner_admin", password: "Own3r-pass", group: "Laundry Co" });
    expect(await startWith()).toContain("demo accounts");
  });

  it("starts once the CLI created the first administrator, and not while that administrator is disabled", async () => {
    await database.migrate();
    const created = await createAdministrator(database.db, {
      username: "owner_admin",
      password: "Own3r-pass",
      group: "Laundry Co",
    });
    expect(await startWith()).toBe("started");
    await database.db.update(accounts).set({ status: 0 }).where(eq(accounts.id, created.accountId));
    expect(await startWith()).toContain("There is no administrator yet");
  });
});
