import type { ManagedAccountItem, ManagedAccountStatus } from "@washboard/shared";
import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { hashPassword } from "../../platform/auth/passwords.js";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { isForeignKeyViolation, recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { afterKey, decodeCursor, encodeCursor, keysetAt } from "../../platform/db/keyset-cursor.js";
import { AppError } from "../../platform/http/app-error.js";
import type { RequestContext } from "../../platform/http/context.js";
import { ACCOUNT_STATUS, accounts } from "../accounts/tables.js";
import { revokeAccountSessions } from "../auth/sessions.js";
import { vendors } from "../tenancy/tables.js";

/**
 * Accounts a group manages (its vendors' main administrators, its own sub-administrators). Each
 * caller passes `owned`: the condition that makes an account one of its own (level and tenant), so
 * an account of another group is simply not found.
 */
export type AccountRow = typeof accounts.$inferSelect;

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

/** A LIKE pattern that matches the text literally anywhere in the value. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface ListInput {
  keyword?: string | undefined;
  status?: ManagedAccountStatus | undefined;
  cursor?: string | undefined;
  page_size: number;
}

/** One page of owned accounts, newest first, paged by (created_at, id), with the filtered total. */
export async function listManagedAccounts(db: Db, owned: SQL | undefined, input: ListInput) {
  const conditions: (SQL | undefined)[] = [owned];
  if (input.keyword) {
    const pattern = containing(input.keyword);
    conditions.push(
      or(ilike(accounts.username, pattern), ilike(accounts.nickname, pattern), ilike(accounts.email, pattern)),
    );
  }
  if (input.status) conditions.push(eq(accounts.status, ACCOUNT_STATUS[input.status]));
  const filtered = and(...conditions);
  const paged = input.cursor
    ? and(filtered, afterKey({ createdAt: accounts.createdAt, id: accounts.id }, decodeCursor(input.cursor)))
    : filtered;
  const rows = await db
    .select({ account: accounts, keyAt: keysetAt(accounts.createdAt), vendorName: vendors.name })
    .from(accounts)
    .leftJoin(vendors, eq(vendors.id, accounts.vendorId))
    .where(paged)
    .orderBy(desc(accounts.createdAt), desc(accounts.id))
    .limit(input.page_size + 1);
  const [total] = await db.select({ n: count() }).from(accounts).where(filtered);
  const page = rows.slice(0, input.page_size);
  const last = page.at(-1);
  return {
    rows: page,
    total: total?.n ?? 0,
    next_cursor: rows.length > input.page_size && last ? encodeCursor({ at: last.keyAt, id: last.account.id }) : null,
  };
}

export interface CreateInput {
  username: string;
  nickname: string;
  email: string;
  password: string;
}

/** A new account; a username taken in any case answers "record already exists". */
export async function createManagedAccount(
  db: Db,
  ctx: RequestContext,
  input: CreateInput,
  placement: { level: 3 | 7; vendorId: number | null; groupId: number | null },
): Promise<AccountRow> {
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
          level: placement.level,
          vendorId: placement.vendorId,
          groupId: placement.groupId,
        })
        .returning(),
    "username",
  );
  if (!row) throw new AppError("INTERNAL_ERROR");
  return row;
}

export interface ModifyInput {
  account_id: number;
  nickname?: string | undefined;
  email?: string | undefined;
  password?: string | undefined;
  status?: ManagedAccountStatus | undefined;
}

/**
 * Changes an owned account. A new password or disabling ends every session of the account at once
 * (spec: an admin changing its password or disabling it signs it out).
 */
export async function modifyManagedAccount(
  db: Db,
  ctx: RequestContext,
  owned: SQL | undefined,
  input: ModifyInput,
): Promise<AccountRow> {
  const where = and(eq(accounts.id, input.account_id), owned);
  const [current] = await db.select().from(accounts).where(where).limit(1);
  if (!current) throw new AppError("NOT_FOUND");
  ctx.audit.target = `account:${current.username}`;
  const patch: Partial<typeof accounts.$inferInsert> = {};
  if (input.nickname !== undefined) patch.nickname = input.nickname;
  if (input.email !== undefined) patch.email = input.email;
  if (input.password !== undefined) patch.passwordHash = await hashPassword(input.password);
  if (input.status !== undefined) patch.status = ACCOUNT_STATUS[input.status];
  if (Object.keys(patch).length === 0) return current;
  const [row] = await db.update(accounts).set(patch).where(where).returning();
  if (!row) throw new AppError("NOT_FOUND");
  if (input.password !== undefined || row.status !== ACCOUNT_STATUS.enabled) await revokeAccountSessions(db, row.id);
  return row;
}

/** Removes an owned account; its sessions go with it. */
export async function removeManagedAccount(
  db: Db,
  ctx: RequestContext,
  owned: SQL | undefined,
  accountId: number,
): Promise<{ account_id: number }> {
  let removed: AccountRow | undefined;
  try {
    [removed] = await db
      .delete(accounts)
      .where(and(eq(accounts.id, accountId), owned))
      .returning();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError("HAS_DEPENDENTS");
    throw error;
  }
  if (!removed) throw new AppError("NOT_FOUND");
  ctx.audit.target = `account:${removed.username}`;
  return { account_id: removed.id };
}
