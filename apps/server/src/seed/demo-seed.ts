import type { Db } from "../platform/db/client.js";
import type { DemoSeedOptions, ServerModule } from "../platform/module.js";
import { wirePorts } from "../platform/ports.js";
import { DEMO_VENDOR_NAMES, seedDemo } from "./demo.js";
import { seedDemoFleet } from "./demo-fleet.js";
import { demoSeedDone, markDemoSeedDone } from "./demo-seed-done.js";
import { seedDemoShops } from "./demo-shops.js";

type SeedStep = (db: Db, options: DemoSeedOptions) => Promise<boolean>;

/**
 * Module seeds that record what happened to the others' demo records (the operation log names the
 * cards, members and orders the members and orders seeds write): they run after every other.
 */
const LAST = new Set(["operationLog"]);

/**
 * What the demo sets up before any module's own demo records, named by the module whose records
 * they are: the tenant (groups, vendors, accounts), then — unless only the tenant is asked for — the
 * shops with what hangs off them, and the machines standing in them.
 */
const FOUNDATION: readonly [string, SeedStep][] = [
  ["tenancy", (db) => seedDemo(db)],
  ["shops", async (db, options) => !options.tenantOnly && (await seedDemoShops(db, options))],
  ["devices", async (db, { tenantOnly, secretKey }) => !tenantOnly && (await seedDemoFleet(db, secretKey))],
];

/**
 * Seeds the demo: the foundation, then every module's own demo seed in list order (they act through
 * the modules' services, so the ports are wired first). Names what wrote something. A start after a
 * complete seeding reads one marker and checks nothing else; a seeding cut short (a stopped first
 * start) leaves no marker, so the next start runs every step again, each of which finds what it
 * already wrote.
 */
export async function seedDemoData(
  modules: readonly ServerModule[],
  db: Db,
  options: Omit<DemoSeedOptions, "demoVendorNames">,
): Promise<string[]> {
  const steps = [
    ...FOUNDATION.filter(([name]) => !options.tenantOnly || name === "tenancy"),
    ...[...modules]
      // A stable sort: the module list's order, but for the seeds that come last.
      .sort((a, b) => Number(LAST.has(a.name)) - Number(LAST.has(b.name)))
      .flatMap((module): [string, SeedStep][] =>
        module.seedDemo && !options.tenantOnly ? [[module.name, module.seedDemo]] : [],
      ),
  ];
  const names = steps.map(([name]) => name);
  if (await demoSeedDone(db, names)) return [];
  wirePorts(modules);
  const full: DemoSeedOptions = { ...options, demoVendorNames: DEMO_VENDOR_NAMES };
  const wrote: string[] = [];
  for (const [name, step] of steps) if (await step(db, full)) wrote.push(name);
  await markDemoSeedDone(db, names);
  return wrote;
}
