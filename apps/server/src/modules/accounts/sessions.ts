import { effectivePermissions, isConsoleLevel } from "@washboard/shared";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Config } from "../../platform/config.js";
import type { Db, Tx } from "../../platform/db/client.js";
import { preparedFor } from "../../platform/db/prepared.js";
import { AppError } from "../../platform/http/app-error.js";
import type { Actor } from "../../platform/http/context.js";
import { roleKeysOf } from "../roles/queries.js";
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

/** The session of a token's hash with its account and role keys: the one query of every signed-in call. */
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
      rolePermissions: roleKeysOf(accounts.roleId),
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(eq(sessions.tokenHash, sql.placeholder("hash")))
    .limit(1)
    .prepare("session_by_hash"),
);

/** The account behind a token, or the error the caller should get. */
export async function resolveSession(db: Db, config: Config, token: string): Promise<Actor> {
  const [row] = await sessionByHash(db).execute({ hash: hashToken(token) });

  if (!row || row.revokedAt !== null || row.status !== ACCOUNT_STATUS.enabled || !isConsoleLevel(row.level)) {
    throw new AppError("UNAUTHORIZED");
  }
  const now = Date.now();
  const idleLimit = row.lastSeenAt.getTime() + config.sessionIdleMinutes * 60_000;
  if (row.expiresAt.getTime() <= now || idleLimit <= now) throw new AppError("SESSION_EXPIRED");
  if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, row.sessionId));
  }
  return {
    accountId: row.accountId,
    sessionId: row.sessionId,
    username: row.username,
    nickname: row.nickname,
    level: row.level,
    groupId: row.groupId,
    vendorId: row.vendorId,
    permissions: row.level === 4 ? effectivePermissions(row.rolePermissions ?? []) : [],
  };
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
