import { effectivePermissions, isConsoleLevel } from "@washboard/shared";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { cacheKey, FencedCache } from "../../platform/cache/fenced-cache.js";
import { RequestVersions } from "../../platform/cache/request-versions.js";
import { type VersionFence, versionOfKey } from "../../platform/cache/version-fence.js";
import type { Config } from "../../platform/config.js";
import type { Db, Tx } from "../../platform/db/client.js";
import { preparedFor } from "../../platform/db/prepared.js";
import { AppError } from "../../platform/http/app-error.js";
import type { Actor } from "../../platform/http/context.js";
import { roleKeysOf } from "../roles/public.js";
import { ACCOUNT_STATUS, accounts, sessions } from "./tables.js";
import { hashToken, newToken } from "./tokens.js";

/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

export async function createSession(
  db: Db,
  config: Config,
  accountId: number,
  client: { ip: string; userAgent: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + config.sessionMaxHours * 3_600_000);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    accountId,
    expiresAt,
    ip: client.ip,
    userAgent: client.userAgent.slice(0, 512),
  });
  return { token, expiresAt };
}

/**
 * The session of a token's hash with its account, role keys, and the versions of the account's and
 * the role's cache keys read in the same snapshot: the one query of a signed-in call whose session
 * this instance does not hold.
 */
const sessionByHash = preparedFor((db) =>
  db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      accountId: accounts.id,
      username: accounts.username,
      nickname: accounts.nickname,
      level: accounts.level,
      status: accounts.status,
      groupId: accounts.groupId,
      vendorId: accounts.vendorId,
      roleId: accounts.roleId,
      rolePermissions: roleKeysOf(accounts.roleId),
      accountVersion: versionOfKey(sql`'a:' || ${accounts.id}`),
      roleVersion: versionOfKey(sql`'r:' || ${accounts.roleId}`),
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(eq(sessions.tokenHash, sql.placeholder("hash")))
    .limit(1)
    .prepare("session_by_hash"),
);

interface HeldSession {
  actor: Actor;
  lastSeenAt: number;
  expiresAt: number;
}

/** How many sessions one instance holds. */
const HELD_SESSIONS = 20_000;

/**
 * Resolves session tokens to their accounts. A session is held after its first call and served
 * without its query while a fence read finds its account's and role's versions unchanged: a
 * sign-out, revocation, disabled account or changed role raises them (migration 0021), so the very
 * next call on every instance is refused or sees the change. A held session older than the touch
 * interval is read again, and touched.
 */
export class SessionResolver {
  private readonly held = new FencedCache<HeldSession>(HELD_SESSIONS);

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly fence: VersionFence,
  ) {}

  /**
   * The account behind a token, or the error the caller should get. The versions are read with the
   * actor's vendor key along, which the request's kept answer usually needs too.
   */
  async resolve(token: string, versions = new RequestVersions(this.fence)): Promise<Actor> {
    const hash = hashToken(token);
    const keys = this.held.keysOf(hash);
    const vendorId = this.held.peek(hash)?.actor.vendorId;
    if (keys) {
      const alsoRead = vendorId === null || vendorId === undefined ? [] : [cacheKey.vendor(vendorId)];
      const held = this.held.get(hash, await versions.read([...keys, ...alsoRead]));
      // Anything in doubt (near its expiry, idle, due a touch) is read again.
      const now = Date.now();
      const fresh =
        held &&
        now - held.lastSeenAt <= TOUCH_INTERVAL_MS &&
        now < held.lastSeenAt + this.config.sessionIdleMinutes * 60_000 &&
        now < held.expiresAt;
      if (fresh) return held.actor;
    }
    return this.load(hash);
  }

  private async load(hash: string): Promise<Actor> {
    const [row] = await sessionByHash(this.db).execute({ hash });
    if (!row || row.revokedAt !== null || row.status !== ACCOUNT_STATUS.enabled || !isConsoleLevel(row.level)) {
      this.held.delete(hash);
      throw new AppError("UNAUTHORIZED");
    }
    const now = Date.now();
    const idleLimit = row.lastSeenAt.getTime() + this.config.sessionIdleMinutes * 60_000;
    if (row.expiresAt.getTime() <= now || idleLimit <= now) throw new AppError("SESSION_EXPIRED");
    let lastSeenAt = row.lastSeenAt.getTime();
    if (now - lastSeenAt > TOUCH_INTERVAL_MS) {
      await this.db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.id, row.sessionId));
      lastSeenAt = now;
    }
    const actor: Actor = {
      accountId: row.accountId,
      sessionId: row.sessionId,
      username: row.username,
      nickname: row.nickname,
      level: row.level,
      groupId: row.groupId,
      vendorId: row.vendorId,
      permissions: row.level === 4 ? effectivePermissions(row.rolePermissions ?? []) : [],
    };
    const stamps = new Map([[cacheKey.account(row.accountId), row.accountVersion]]);
    if (row.roleId !== null) stamps.set(cacheKey.role(row.roleId), row.roleVersion);
    // Held until idle for the touch interval: then it is read (and touched) again.
    this.held.set(hash, { actor, lastSeenAt, expiresAt: row.expiresAt.getTime() }, stamps);
    return actor;
  }
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Ends every live session of an account, except `keepSessionId` when given. */
export async function revokeAccountSessions(db: Db | Tx, accountId: number, keepSessionId?: number): Promise<void> {
  const conditions = [eq(sessions.accountId, accountId), isNull(sessions.revokedAt)];
  if (keepSessionId !== undefined) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}
