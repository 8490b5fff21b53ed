import type { Db } from "../platform/db/client.js";
import type { DemoSeedOptions, ServerModule } from "../platform/module.js";

/** Runs every module's demo seed in list order; true when any of them wrote something. */
export async function seedDemoData(modules: readonly ServerModule[], db: Db, options: DemoSeedOptions) {
  const wrote: string[] = [];
  for (const module of modules) {
    if (module.seedDemo && (await module.seedDemo(db, options))) wrote.push(module.name);
  }
  return wrote;
}
