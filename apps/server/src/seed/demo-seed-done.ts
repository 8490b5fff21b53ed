import { setSystemConfig, systemConfigValue } from "../modules/system-config/public.js";
import type { Db } from "../platform/db/client.js";

/** Set once every step of a demo seeding has run: the steps' names, as JSON. */
const MARKER = "seed.demo.done";

function stepsDone(value: string): string[] {
  try {
    const parsed = JSON.parse(value) as unknown;
    return Array.isArray(parsed) ? parsed.filter((step): step is string => typeof step === "string") : [];
  } catch {
    return [];
  }
}

/** Whether a seeding that ran all these steps has finished (one read of one marker). */
export async function demoSeedDone(db: Db, steps: readonly string[]): Promise<boolean> {
  const done = stepsDone(await systemConfigValue(db, MARKER));
  return steps.every((step) => done.includes(step));
}

/** Records that these steps have all run, beside any an earlier seeding ran. */
export async function markDemoSeedDone(db: Db, steps: readonly string[]): Promise<void> {
  const done = stepsDone(await systemConfigValue(db, MARKER));
  await setSystemConfig(db, MARKER, JSON.stringify([...new Set([...done, ...steps])].sort()));
}
