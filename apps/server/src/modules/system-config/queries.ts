import { eq, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.js";
import { systemConfig } from "./tables.js";

/** One system config value ("" when unset). */
export async function systemConfigValue(db: Db | Tx, name: string): Promise<string> {
  const [row] = await db.select({ value: systemConfig.value }).from(systemConfig).where(eq(systemConfig.name, name));
  return row?.value ?? "";
}

/** One system config value ("" when unset) as an expression, to read in another statement. */
export function systemConfigValueOf(name: string): SQL<string> {
  return sql<string>`coalesce((select ${systemConfig.value} from ${systemConfig} where ${systemConfig.name} = ${name}), '')`;
}

/** The address customers and providers reach this install at (the `website` config), or null while none is set. */
export async function publicAddress(db: Db): Promise<string | null> {
  return publicAddressFrom(await systemConfigValue(db, "website"));
}

/** The public address the `website` config gives (`systemConfigValueOf("website")` read it), or null when unset. */
export function publicAddressFrom(website: string): string | null {
  const trimmed = website.trim().replace(/\/+$/, "");
  return trimmed === "" ? null : trimmed;
}

/** Sets the public address (PUBLIC_URL at start, the CLI's set-public-url). */
export async function setPublicAddress(db: Db, url: string): Promise<void> {
  await setSystemConfig(db, "website", url);
}

/** Sets one system config value, whether it was set or not. */
export async function setSystemConfig(db: Db | Tx, name: string, value: string): Promise<void> {
  await db
    .insert(systemConfig)
    .values({ name, value })
    .onConflictDoUpdate({ target: systemConfig.name, set: { value } });
}

/**
 * Sets a value only where none is set, in one statement; answers whether this call set it. What is
 * done once per install claims its marker this way: of two at once, exactly one gets true.
 */
export async function claimSystemConfig(db: Db | Tx, name: string, value: string): Promise<boolean> {
  const claimed = await db.insert(systemConfig).values({ name, value }).onConflictDoNothing().returning();
  return claimed.length > 0;
}
