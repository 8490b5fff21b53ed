import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  ALL_PERMISSION_LEAVES,
  chosenPermissions,
  effectivePermissions,
  LOCKED_PERMISSION_KEYS,
  ROLE_PRESETS,
} from "@washboard/shared";
import { eq } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../platform/db/client.js";
import { type FreshDatabase, freshDatabase } from "../../test/fresh-database.js";
import { storedKeys } from "./service.js";
import { roles } from "./tables.js";

/**
 * Migration 0028 on roles written before it: they stored every key of the old lock, which gave
 * every role all rights over locations, alliances, roles and sub-accounts.
 */
const MIGRATIONS = path.resolve(import.meta.dirname, "../../../drizzle");
const MIGRATION = "0028_role_locked_keys";

const crud = (p: string) => [`${p}_query`, `${p}_add`, `${p}_modify`, `${p}_remove`];
/** The lock before issue 23, as the old code stored it into every role it wrote. */
const OLD_LOCK = [
  "console",
  "vendor_info",
  ...crud("loc"),
  ...crud("allia"),
  "shop_query",
  "payqr_query",
  "dev_query",
  "mem_query",
  "ucard_query",
  "wd_query",
  "ota_query",
  ...crud("role"),
  ...crud("sub_act"),
  "log_opts",
  "log_dev",
];
const SUB_ACCOUNT_MANAGEMENT = [...crud("role"), ...crud("sub_act")].filter((k) => !k.endsWith("_query"));
/** What the old create_role stored: its keys with the old lock, in tree order, then the app roles. */
const oldStored = (keys: readonly string[], appRoles: readonly string[] = []) => [
  ...ALL_PERMISSION_LEAVES.filter((k) => OLD_LOCK.includes(k) || keys.includes(k)),
  ...appRoles,
];
const preset = (id: string) => {
  const p = ROLE_PRESETS.find((x) => x.id === id);
  if (!p) throw new Error(`no preset ${id}`);
  return p;
};

/** Applies the migrations before 0028 only, from a copy of the folder with a shortened journal. */
async function migrateBefore0028(database: Database): Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "wb-migrations-"));
  fs.cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === MIGRATION);
  expect(at, "migration 0028 in the journal").toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  try {
    if (database.driver === "pglite") await migratePglite(database.db as never, { migrationsFolder: folder });
    else await migratePg(database.db as never, { migrationsFolder: folder });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

let fresh: FreshDatabase;
const ids: Record<string, number> = {};
const before: Record<string, string[]> = {
  financial: oldStored(preset("financial").permissions, preset("financial").appRoles),
  subAdmin: oldStored(preset("sub_admin").permissions, preset("sub_admin").appRoles),
  operator: oldStored(preset("operator").permissions, preset("operator").appRoles),
  shopAdder: oldStored(["shop_add", "stripe"]),
  bare: oldStored([]),
  // Written straight into the table (the demo seed), without the lock.
  seeded: ["console", "shop_query", "shop_add", "shop_modify", "dev_query", "dev_control", "reve_shop"],
};

beforeAll(async () => {
  fresh = await freshDatabase();
  const { database } = fresh;
  await migrateBefore0028(database);
  for (const [name, permissions] of Object.entries(before)) {
    const [row] = await database.db.insert(roles).values({ name, permissions }).returning({ id: roles.id });
    ids[name] = row?.id ?? 0;
  }
  await database.migrate();
});
afterAll(async () => {
  await fresh.database.close();
  await fresh.drop();
});

async function stored(name: string): Promise<string[]> {
  const [row] = await fresh.database.db
    .select({ permissions: roles.permissions })
    .from(roles)
    .where(eq(roles.id, ids[name] ?? 0));
  return row?.permissions ?? [];
}

describe("migration 0028: roles keep the keys they were given, not the old lock", () => {
  it("a financial-staff role loses every right over locations, alliances, roles and sub-accounts", async () => {
    const keys = await stored("financial");
    expect(keys).toEqual(["reve_total", "reve_shop", "reve_other", "reve_device", "reve_usage", "financial"]);
    const held = effectivePermissions(keys);
    for (const key of [...crud("loc"), ...crud("allia"), ...SUB_ACCOUNT_MANAGEMENT]) {
      expect(held.includes(key as never), key).toBe(key.endsWith("_query"));
    }
  });

  it("a sub-admin role stops managing sub-accounts and keeps arranging shops", async () => {
    const held = effectivePermissions(await stored("subAdmin"));
    for (const key of SUB_ACCOUNT_MANAGEMENT) expect(held, key).not.toContain(key);
    for (const key of ["loc_add", "loc_remove", "allia_modify", "allia_remove", "shop_remove", "stripe"]) {
      expect(held, key).toContain(key);
    }
    expect(await stored("subAdmin")).toContain("submanager");
  });

  it("holds, for each preset, what a role made from it today holds", async () => {
    for (const [name, id] of [
      ["financial", "financial"],
      ["subAdmin", "sub_admin"],
    ] as const) {
      const today = storedKeys(preset(id).permissions, preset(id).appRoles);
      expect(await stored(name), name).toEqual(today);
    }
    // The operator preset names no alliance key; its old role keeps the alliance keys of its shop rights.
    expect(effectivePermissions(await stored("operator"))).toEqual(
      effectivePermissions([...preset("operator").permissions, "allia_add", "allia_modify"]),
    );
  });

  it("keeps location and alliance rights only as far as the role's shop rights go", async () => {
    expect(await stored("shopAdder")).toEqual(["loc_add", "shop_add", "allia_add", "stripe"]);
  });

  it("leaves the locked keys to the rule: rows store none of them", async () => {
    expect(await stored("bare")).toEqual([]);
    expect(await stored("seeded")).toEqual(["shop_add", "shop_modify", "dev_control", "reve_shop"]);
    for (const name of Object.keys(before)) {
      for (const key of await stored(name))
        expect(LOCKED_PERMISSION_KEYS.has(key as never), `${name}: ${key}`).toBe(false);
      expect(chosenPermissions(await stored(name)), name).toEqual(
        (await stored(name)).filter((k) => (ALL_PERMISSION_LEAVES as readonly string[]).includes(k)),
      );
    }
  });
});
