import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { systemConfig } from "./tables.js";

/** One system config value ("" when unset). */
export async function systemConfigValue(db: Db, name: string): Promise<string> {
  const [row] = await db.select({ value: systemConfig.value }).from(systemConfig).where(eq(systemConfig.name, name));
  return row?.value ?? "";
}

/** The address customers and providers reach this install at (the `website` config), or null while none is set. */
export async function publicAddress(db: Db): Promise<string | null> {
  const website = (await systemConfigValue(db, "website")).trim().replace(/\/+$/, "");
  return website === "" ? null : website;
}

/** Sets the public address (PUBLIC_URL at start, the CLI's set-public-url). */
export async function setPublicAddress(db: Db, url: string): Promise<void> {
  await db
    .insert(systemConfig)
    .values({ name: "website", value: url })
    .onConflictDoUpdate({ target: systemConfig.name, set: { value: url } });
}
