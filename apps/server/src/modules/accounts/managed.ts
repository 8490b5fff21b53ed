import type { ManagedAccountItem, ManagedAccountStatus } from "@washboard/shared";
import { and, eq, ilike, or, type SQL } from "drizzle-orm";
import { hashPassword } from "../../platform/auth/passwords.js";
import type { Db, SelectedFields } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { isForeignKeyViolation, recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { createdKeyset, keysetAt } from "../../platform/db/keysets.js";
import { countOf, listPage, type NoColumns, type RowOf, rowsFrom } from "../../platform/db/list-page.js";
import { likeText } from "../../platform/db/text-search.js";
import { AppError } from "../../platform/http/app-error.js";
import type { RequestContext } from "../../platform/http/context.js";
import type { LiveBus } from "../../platform/live/bus.js";
import { announceEndedSessions } from "../../platform/live/ended-sessions.js";
import { roleKeysOf, roleNameOf } from "../roles/public.js";
import { tenantOfGroup, tenantOfVendor, vendorNameOf, vendorOfGroup } from "../tenancy/public.js";
import { revokeAccountSessions } from "./sessions.js";
import { ACCOUNT_STATUS, accounts } from "./tables.js";

/**
 * The accounts a screen manages — a group's vendors' main administrators, a group's
 * sub-administrators, a vendor's sub-administrators — and every read and write of them. Each call
 * names its `AccountOwner`, and every query is narrowed to it, so another tenant's account is
 * simply not found.
 */
export type AccountOwner =
  /** One vendor's main administrators. */
  | { level: 3; vendorId: number }
  /** The main administrators of any vendor of the group. */
  | { level: 3; vendorOfGroup: number }
  /** One vendor's sub-administrators. */
  | { level: 4; vendorId: number }
  /** The group's sub-administrators. */
  | { level: 7; groupId: number };

function ownedBy(owner: AccountOwner): SQL {
  const tenant =
    "groupId" in owner
      ? tenantOfGroup(owner.groupId).owns(accounts)
      : "vendorOfGroup" in owner
        ? vendorOfGroup(accounts.vendorId, owner.vendorOfGroup)
        : tenantOfVendor(owner.vendorId).owns(accounts);
  return and(eq(accounts.level, owner.level), tenant) as SQL;
}

/**
 * An account with the names of its role and vendor, and the key its page cursor is made of (and
 * `more` columns: a list's total).
 */
function selectAccounts<More extends SelectedFields>(db: Db, more = {} as More) {
  return db
    .select({
      ...more,
      account: accounts,
      keyAt: keysetAt(accounts.createdAt),
      roleName: roleNameOf(accounts.roleId),
      roleKeys: roleKeysOf(accounts.roleId),
      vendorName: vendorNameOf(accounts.vendorId),
    })
    .from(accounts);
}

export type AccountRow = typeof accounts.$inferSelect;
export type ManagedAccount = RowOf<ReturnType<typeof selectAccounts<NoColumns>>>;

export const statusName = (status: number): ManagedAccountStatus =>
  status === ACCOUNT_STATUS.enabled ? "enabled" : "disabled";

export function toManagedAccountItem(row: AccountRow): ManagedAccountItem {
  return {
    account_id: row.id,
    username: row.username,
    nickname: row.nickname,
    email: row.email,
    status: statusName(row.status),
    created_at: toSeconds(row.createdAt),
    last_login_at: toSeconds(row.lastLoginAt),
  };
}

export interface AccountFilters {
  /** Part of the username or nickname (and, with `keywordInEmail`, the e-mail), case-insensitive. */
  keyword?: string | undefined;
  keywordInEmail?: boolean;
  status?: ManagedAccountStatus | undefined;
  roleId?: number | undefined;
}

/** One page of the owner's accounts, newest first, paged by (created_at, id), with the filtered total. */
export async function pageAccounts(
  db: Db,
  owner: AccountOwner,
  filters: AccountFilters,
  input: { cursor?: string | undefined; page_size: number },
) {
  const conditions: (SQL | undefined)[] = [ownedBy(owner)];
  if (filters.keyword) {
    const pattern = likeText(filters.keyword);
    const fields = [ilike(accounts.username, pattern), ilike(accounts.nickname, pattern)];
    if (filters.keywordInEmail) fields.push(ilike(accounts.email, pattern));
    conditions.push(or(...fields));
  }
  if (filters.status) conditions.push(eq(accounts.status, ACCOUNT_STATUS[filters.status]));
  if (filters.roleId !== undefined) conditions.push(eq(accounts.roleId, filters.roleId));
  return listPage({
    where: and(...conditions),
    keyset: createdKeyset(accounts, (row: ManagedAccount) => ({ at: row.keyAt, id: row.account.id })),
    input,
    rows: rowsFrom((total) => selectAccounts(db, { total })),
    count: countOf(accounts),
  });
}

/** One of the owner's accounts; any other answers "not found". */
export async function findOwnedAccount(db: Db, owner: AccountOwner, id: number): Promise<ManagedAccount> {
  const [row] = await selectAccounts(db)
    .where(and(eq(accounts.id, id), ownedBy(owner)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

export interface NewAccount {
  username: string;
  nickname: string;
  email: string;
  password: string;
  roleId?: number | null;
  /** A sub-account limited to these shops; null or absent: every shop. */
  shopIds?: readonly number[] | null;
}

/** A new account placed with the owner; a username taken in any case answers "record already exists". */
export async function createAccount(
  db: Db,
  ctx: RequestContext,
  owner: AccountOwner,
  input: NewAccount,
): Promise<AccountRow> {
  if ("vendorOfGroup" in owner) throw new Error("an account is created for one vendor, not a whole group");
  ctx.audit.target = `account:${input.username}`;
  const passwordHash = await hashPassword(input.password);
  const [row] = await recordExistsOnDuplicate(
    () =>
      db
        .insert(accounts)
        .values({
          username: input.username,
          nickname: input.nickname,
          email: input.email,
          passwordHash,
          level: owner.level,
          roleId: input.roleId ?? null,
          shopIds: input.shopIds ? [...input.shopIds] : null,
          vendorId: "vendorId" in owner ? owner.vendorId : null,
          groupId: "groupId" in owner ? owner.groupId : null,
        })
        .returning(),
    "username",
  );
  if (!row) throw new AppError("INTERNAL_ERROR");
  return row;
}

export interface AccountChanges {
  nickname?: string | undefined;
  email?: string | undefined;
  password?: string | undefined;
  status?: ManagedAccountStatus | undefined;
  roleId?: number | undefined;
  /** null: every shop again; undefined: as it is. Its sessions see the change at their next call. */
  shopIds?: readonly number[] | null | undefined;
}

/**
 * Changes one of the owner's accounts. A new password, a new role or disabling ends every session
 * of the account at once, in the same transaction (its holder signs in again under the new terms),
 * and once committed tells every instance, so the account's open live streams end at once too.
 */
export async function changeAccount(
  db: Db,
  live: LiveBus,
  owner: AccountOwner,
  current: AccountRow,
  changes: AccountChanges,
): Promise<AccountRow> {
  const patch: Partial<typeof accounts.$inferInsert> = {};
  if (changes.nickname !== undefined) patch.nickname = changes.nickname;
  if (changes.email !== undefined) patch.email = changes.email;
  if (changes.password !== undefined) patch.passwordHash = await hashPassword(changes.password);
  if (changes.status !== undefined) patch.status = ACCOUNT_STATUS[changes.status];
  if (changes.roleId !== undefined) patch.roleId = changes.roleId;
  if (changes.shopIds !== undefined) patch.shopIds = changes.shopIds ? [...changes.shopIds] : null;
  if (Object.keys(patch).length === 0) return current;
  const endsSessions =
    changes.password !== undefined ||
    (changes.roleId !== undefined && changes.roleId !== current.roleId) ||
    (changes.status === "disabled" && current.status !== ACCOUNT_STATUS.disabled);
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(accounts)
      .set(patch)
      .where(and(eq(accounts.id, current.id), ownedBy(owner)))
      .returning();
    if (!row) throw new AppError("NOT_FOUND");
    if (endsSessions) await revokeAccountSessions(tx, row.id);
    return row;
  });
  if (endsSessions) await announceEndedSessions(live, { accountId: changed.id });
  return changed;
}

/**
 * Removes one of the owner's accounts; its sessions go with it (ON DELETE CASCADE), and its open
 * live streams on every instance are told to end.
 */
export async function removeAccount(
  db: Db,
  live: LiveBus,
  ctx: RequestContext,
  owner: AccountOwner,
  accountId: number,
): Promise<AccountRow> {
  let removed: AccountRow | undefined;
  try {
    [removed] = await db
      .delete(accounts)
      .where(and(eq(accounts.id, accountId), ownedBy(owner)))
      .returning();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError("HAS_DEPENDENTS");
    throw error;
  }
  if (!removed) throw new AppError("NOT_FOUND");
  ctx.audit.target = `account:${removed.username}`;
  await announceEndedSessions(live, { accountId: removed.id });
  return removed;
}
