import { and, count, eq, gt } from "drizzle-orm";
import type { Config } from "../../platform/config.js";
import type { Db } from "../../platform/db/client.js";
import { AppError } from "../../platform/http/app-error.js";
import { loginFailures } from "./tables.js";

/**
 * Sign-in throttling kept in the database, so every API instance sees the same counts:
 * too many failures for one username, or from one address, within the window are refused.
 */
export async function assertNotThrottled(db: Db, config: Config, username: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - config.loginFailureWindowMinutes * 60_000);
  const [byUser] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.username, username), gt(loginFailures.createdAt, since)));
  const [byIp] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since)));
  if ((byUser?.n ?? 0) >= config.loginMaxFailuresPerUser || (byIp?.n ?? 0) >= config.loginMaxFailuresPerAddress) {
    throw new AppError("LOGIN_THROTTLED");
  }
}

export async function recordFailure(db: Db, username: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values({ username, ip });
}

export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.username, username));
}
