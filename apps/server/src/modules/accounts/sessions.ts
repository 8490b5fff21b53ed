import { effectivePermissions, GROUP_LEVELS, isConsoleLevel, isGroupLevel } from "@washboard/shared";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Config } from "../../platform/config.js";
import type { Db, Tx } from "../../platform/db/client.js";
import { preparedFor } from "../../platform/db/prepared.js";
import { ReadFence } from "../../platform/db/read-fence.js";
import type { SessionAsked, SignedInSession } from "../../platform/http/access.js";
import { AppError } from "../../platform/http/app-error.js";
import type { Actor, TenantScope } from "../../platform/http/context.js";
import { roleKeysOf } from "../roles/public.js";
import { hiddenKeysOfVendor, scopeOnVendor, scopeVendorOf } from "../tenancy/public.js";
import { ACCOUNT_STATUS, accounts, sessions } from "./tables.js";
import { hashToken, newToken } from "./tokens.js";

/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_SECONDS = 60;

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

/** What one request asks of the session lookup: its token's hash and the vendor it names (0: none). */
const lookupKey = (hash: string, wantedVendorId: number | null) => `${hash} ${wantedVendorId ?? 0}`;

/**
 * The sessions of a batch of requests, each with its account, its role's keys and the vendor it acts
 * on — levels 3/4 their own, levels 6/7 the one they name if it is their group's — in one statement,
 * which also touches the sessions last seen longer ago than the touch interval. The batch comes as
 * two arrays: the tokens' hashes and the vendors named (0: none).
 */
const sessionsOf = preparedFor((db) => {
  const groupLevel = sql`${accounts.level} in (${sql.raw(GROUP_LEVELS.join(", "))})`;
  const vendor = scopeVendorOf(
    db,
    sql<number | null>`case when ${groupLevel} then nullif(asked.vendor_id, 0) else ${accounts.vendorId} end`,
    sql<number | null>`case when ${groupLevel} then coalesce(${accounts.groupId}, 0) end`,
  );
  const touched = db.$with("touched", {}).as(
    sql`update ${sessions} set last_seen_at = now()
        where token_hash = any(${sql.placeholder("hashes")}::text[]) and revoked_at is null
          and last_seen_at < now() - ${TOUCH_INTERVAL_SECONDS} * interval '1 second'`,
  );
  return db
    .with(touched)
    .select({
      key: sql<string>`asked.token_hash || ' ' || asked.vendor_id`,
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
      shopIds: accounts.shopIds,
      vendor: vendor._.selectedFields,
    })
    .from(
      sql`unnest(${sql.placeholder("hashes")}::text[], ${sql.placeholder("vendors")}::int[]) as asked(token_hash, vendor_id)`,
    )
    .innerJoin(sessions, eq(sessions.tokenHash, sql`asked.token_hash`))
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .leftJoinLateral(vendor, sql`true`)
    .prepare("sessions_of_tokens");
});

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionsOf>["execute"]>>[number];

/**
 * Resolves session tokens to their accounts and scopes. Every request's session is read afresh,
 * after the request arrived, by the fence's next statement, shared by all requests waiting for it:
 * a sign-out, revocation, disabled account or changed role committed anywhere is seen by the very
 * next call on every instance.
 */
export class SessionResolver {
  private readonly fence: ReadFence<SessionRow>;

  constructor(
    db: Db,
    private readonly config: Config,
  ) {
    this.fence = new ReadFence(async (keys) => {
      const asked = keys.map((key) => key.split(" "));
      const rows = await sessionsOf(db).execute({
        hashes: asked.map(([hash]) => hash),
        vendors: asked.map(([, vendorId]) => Number(vendorId)),
      });
      return new Map(rows.map((row) => [row.key, row]));
    });
  }

  /** The account behind a token and the tenant it acts on, or the error the caller should get. */
  async resolve(token: string, asked: SessionAsked): Promise<SignedInSession> {
    const key = lookupKey(hashToken(token), asked.vendorId);
    const row = (await this.fence.read([key])).get(key);
    if (!row || row.revokedAt !== null || row.status !== ACCOUNT_STATUS.enabled || !isConsoleLevel(row.level)) {
      throw new AppError("UNAUTHORIZED");
    }
    const now = Date.now();
    const idleLimit = row.lastSeenAt.getTime() + this.config.sessionIdleMinutes * 60_000;
    if (row.expiresAt.getTime() <= now || idleLimit <= now) throw new AppError("SESSION_EXPIRED");
    const actor: Actor = {
      accountId: row.accountId,
      sessionId: row.sessionId,
      username: row.username,
      nickname: row.nickname,
      level: row.level,
      groupId: row.groupId,
      vendorId: row.vendorId,
      // A level-4 account's vendor is its own, read in the same statement: its variant's hidden keys are never held.
      permissions:
        row.level === 4 ? effectivePermissions(row.rolePermissions ?? [], hiddenKeysOfVendor(row.vendor)) : [],
    };
    const scope = scopeOf(actor, row.vendor, asked);
    // Only a sub-account is ever limited to some shops; its main administrator never is.
    return { actor, scope: scope && row.level === 4 && row.shopIds ? { ...scope, shopIds: row.shopIds } : scope };
  }
}

/**
 * Levels 3/4 act on their own vendor; levels 6/7 on their group, or on the vendor they name when it
 * is the group's (the statement found it), and otherwise on none: undefined, "not found". A call
 * that only reads is answered its vendor's row as the statement read it.
 */
function scopeOf(actor: Actor, vendor: SessionRow["vendor"], asked: SessionAsked): TenantScope | undefined {
  if (vendor)
    return asked.readOnly ? scopeOnVendor(actor.groupId, vendor) : { groupId: actor.groupId, vendorId: vendor.id };
  if (!isGroupLevel(actor.level)) return { groupId: actor.groupId, vendorId: actor.vendorId };
  return asked.vendorId === null ? { groupId: actor.groupId, vendorId: null } : undefined;
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
