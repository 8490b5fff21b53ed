import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { systemConfig } from "./tables.js";

/** One system config value ("" when unset). */
export async function systemConfigValue(db: Db, name: string): Promise<string> {
  const [row] = await db.select({ value: systemConfig.value }).from(systemConfig).where(eq(systemConfig.name, name));
  return row?.value ?? "";
}
