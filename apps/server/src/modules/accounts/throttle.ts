import { eq, sql } from "drizzle-orm";
import type { Config } from "../../platform/config.js";
import type { Db, Tx } from "../../platform/db/client.js";
import { AppError } from "../../platform/http/app-error.js";
import { attemptCounters } from "./tables.js";

/**
 * Counts one attempt under `key` and answers whether it is within `limit` for the window. Count and
 * check are one statement (the upsert locks the key's row), so of any number of parallel attempts
 * exactly `limit` are let through in a window; an expired window starts again at 1.
 */
export async function takeAttempt(db: Db, key: string, limit: number, windowMs: number): Promise<boolean> {
  const expired = sql`${attemptCounters.windowStartedAt} < now() - ${`${windowMs} milliseconds`}::interval`;
  const [row] = await db
    .insert(attemptCounters)
    .values({ key, attempts: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        attempts: sql`case when ${expired} then 1 else ${attemptCounters.attempts} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${attemptCounters.windowStartedAt} end`,
      },
    })
    .returning({ attempts: attemptCounters.attempts });
  return (row?.attempts ?? 0) <= limit;
}

/** Gives one counted attempt back (it succeeded, and only failures should count). */
export async function returnAttempt(db: Db, key: string): Promise<void> {
  await db
    .update(attemptCounters)
    .set({ attempts: sql`greatest(${attemptCounters.attempts} - 1, 0)` })
    .where(eq(attemptCounters.key, key));
}

const userKey = (username: string) => `user:${username}`;
const addressKey = (ip: string) => `ip:${ip}`;

/**
 * Sign-in throttling kept in the database, so every API instance sees the same counts. An address
 * takes a place before anything is checked (a success gives it back, so only failures add up); a
 * username's failures are counted under a lock of its counter row, so parallel attempts for one
 * username take turns and no more than the limit are ever checked in a window — while parallel
 * right passwords all get through. `check` answers whether the password is right, reading through
 * the transaction it is given (on embedded PGlite the transaction holds the only connection).
 */
export async function checkSignIn(
  db: Db,
  config: Config,
  username: string,
  ip: string,
  check: (tx: Tx) => Promise<boolean>,
): Promise<boolean> {
  const windowMs = config.loginFailureWindowMinutes * 60_000;
  if (!(await takeAttempt(db, addressKey(ip), config.loginMaxFailuresPerAddress, windowMs))) {
    throw new AppError("LOGIN_THROTTLED");
  }
  const key = userKey(username);
  const outcome = await db.transaction(async (tx) => {
    await tx.insert(attemptCounters).values({ key, attempts: 0, windowStartedAt: new Date() }).onConflictDoNothing();
    const [row] = await tx.select().from(attemptCounters).where(eq(attemptCounters.key, key)).for("update");
    const now = Date.now();
    const expired = !row || row.windowStartedAt.getTime() < now - windowMs;
    const failures = expired ? 0 : row.attempts;
    if (failures >= config.loginMaxFailuresPerUser) return "throttled";
    if (await check(tx)) {
      await tx.delete(attemptCounters).where(eq(attemptCounters.key, key));
      return "passed";
    }
    await tx
      .update(attemptCounters)
      .set({ attempts: failures + 1, windowStartedAt: expired ? new Date(now) : row.windowStartedAt })
      .where(eq(attemptCounters.key, key));
    return "failed";
  });
  if (outcome === "throttled") throw new AppError("LOGIN_THROTTLED");
  if (outcome === "passed") await returnAttempt(db, addressKey(ip));
  return outcome === "passed";
}
