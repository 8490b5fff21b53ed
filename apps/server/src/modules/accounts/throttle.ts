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

/** A counter of failed sign-ins: at `limit` failures within the window, its attempts are throttled. */
interface FailureCounter {
  key: string;
  limit: number;
  /** Kept when the password is right (a ceiling over the window); otherwise a success clears it. */
  keptOnSuccess?: boolean;
}

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
  return checkWithCounters(db, config, ip, [{ key: userKey(username), limit: config.loginMaxFailuresPerUser }], check);
}

/**
 * A member's PIN, throttled as a console password is but per phone *and address*: one address that
 * guesses at a phone is stopped after LOGIN_MAX_FAILURES_PER_USER failures (and after
 * LOGIN_MAX_FAILURES_PER_ADDRESS failures in all), while the member signs in from anywhere else. A
 * ceiling per phone over every address (MEMBER_PIN_MAX_FAILURES_PER_PHONE), above anything one
 * address can reach and not cleared by a success, bounds a guess spread over many addresses.
 */
export async function checkMemberPin(
  db: Db,
  config: Config,
  member: { vendorId: number; phone: string },
  ip: string,
  check: (tx: Tx) => Promise<boolean>,
): Promise<boolean> {
  const phone = `member:${member.vendorId}:${member.phone}`;
  return checkWithCounters(
    db,
    config,
    ip,
    [
      // Always locked in this order (the phone's row, then the pair's), so attempts never deadlock.
      { key: `${phone}:all`, limit: config.memberPinMaxFailuresPerPhone, keptOnSuccess: true },
      { key: `${phone}@${ip}`, limit: config.loginMaxFailuresPerUser },
    ],
    check,
  );
}

/**
 * The address's place first, then the failure counters under their row locks: throttled when any
 * is at its limit (nothing is checked, nothing counted), else the check, whose failure adds one to
 * every counter and whose success clears those not kept.
 */
async function checkWithCounters(
  db: Db,
  config: Config,
  ip: string,
  counters: readonly FailureCounter[],
  check: (tx: Tx) => Promise<boolean>,
): Promise<boolean> {
  const windowMs = config.loginFailureWindowMinutes * 60_000;
  if (!(await takeAttempt(db, addressKey(ip), config.loginMaxFailuresPerAddress, windowMs))) {
    throw new AppError("LOGIN_THROTTLED");
  }
  const outcome = await db.transaction(async (tx) => {
    const now = Date.now();
    const counted: { counter: FailureCounter; failures: number; windowStartedAt: Date }[] = [];
    for (const counter of counters) {
      const { key } = counter;
      await tx.insert(attemptCounters).values({ key, attempts: 0, windowStartedAt: new Date() }).onConflictDoNothing();
      const [row] = await tx.select().from(attemptCounters).where(eq(attemptCounters.key, key)).for("update");
      const expired = !row || row.windowStartedAt.getTime() < now - windowMs;
      const failures = expired ? 0 : row.attempts;
      if (failures >= counter.limit) return "throttled";
      counted.push({ counter, failures, windowStartedAt: expired ? new Date(now) : row.windowStartedAt });
    }
    if (await check(tx)) {
      for (const { counter } of counted) {
        if (!counter.keptOnSuccess) await tx.delete(attemptCounters).where(eq(attemptCounters.key, counter.key));
      }
      return "passed";
    }
    for (const { counter, failures, windowStartedAt } of counted) {
      await tx
        .update(attemptCounters)
        .set({ attempts: failures + 1, windowStartedAt })
        .where(eq(attemptCounters.key, counter.key));
    }
    return "failed";
  });
  if (outcome === "throttled") throw new AppError("LOGIN_THROTTLED");
  if (outcome === "passed") await returnAttempt(db, addressKey(ip));
  return outcome === "passed";
}
