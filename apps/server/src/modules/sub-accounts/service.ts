import {
  type createSubAccountRequest,
  effectivePermissions,
  type modifySubAccountRequest,
  type SubAccountItem,
  type subAccountListRequest,
} from "@washboard/shared";
import { and, count, desc, eq, ilike, lt, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { hashPassword } from "../../platform/auth/passwords.js";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { decodeIdCursor, pageOf } from "../../platform/db/id-cursor.js";
import { AppError } from "../../platform/http/app-error.js";
import type { SignedInContext } from "../../platform/http/context.js";
import { ownVendor } from "../../platform/http/scope.js";
import { ACCOUNT_STATUS, accounts, roles } from "../accounts/tables.js";
import { revokeAccountSessions } from "../auth/sessions.js";
import { assertWithinOwnKeys, findVendorRole } from "../roles/service.js";

const SUB_LEVEL = 4;

const columns = {
  id: accounts.id,
  username: accounts.username,
  email: accounts.email,
  nickname: accounts.nickname,
  roleId: accounts.roleId,
  roleName: roles.name,
  rolePermissions: roles.permissions,
  status: accounts.status,
  lastLoginAt: accounts.lastLoginAt,
  createdAt: accounts.createdAt,
};

interface Row {
  id: number;
  username: string;
  email: string;
  nickname: string;
  roleId: number | null;
  roleName: string | null;
  rolePermissions: string[] | null;
  status: number;
  lastLoginAt: Date | null;
  createdAt: Date;
}

function toItem(row: Row): SubAccountItem {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    nickname: row.nickname,
    role_id: row.roleId,
    role_name: row.roleName,
    status: row.status === ACCOUNT_STATUS.enabled ? "enabled" : "disabled",
    last_login_at: toSeconds(row.lastLoginAt),
    created_at: toSeconds(row.createdAt),
  };
}

const ofVendor = (vendorId: number) => and(eq(accounts.vendorId, vendorId), eq(accounts.level, SUB_LEVEL));

function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listSubAccounts(db: Db, ctx: SignedInContext, input: z.output<typeof subAccountListRequest>) {
  const conditions: (SQL | undefined)[] = [ofVendor(ownVendor(ctx.scope))];
  if (input.keyword) {
    const pattern = containing(input.keyword);
    conditions.push(or(ilike(accounts.username, pattern), ilike(accounts.nickname, pattern)));
  }
  if (input.status) conditions.push(eq(accounts.status, ACCOUNT_STATUS[input.status]));
  if (input.role_id !== undefined) conditions.push(eq(accounts.roleId, input.role_id));
  const filtered = and(...conditions);
  const paged = input.cursor ? and(filtered, lt(accounts.id, decodeIdCursor(input.cursor))) : filtered;
  const rows = await db
    .select(columns)
    .from(accounts)
    .leftJoin(roles, eq(roles.id, accounts.roleId))
    .where(paged)
    .orderBy(desc(accounts.id))
    .limit(input.page_size + 1);
  const [total] = await db.select({ n: count() }).from(accounts).where(filtered);
  const { page, next } = pageOf(rows, input.page_size);
  return { items: page.map(toItem), total: total?.n ?? 0, next_cursor: next };
}

/** A sub-account of the scope's vendor; any other account answers "not found". */
async function findSubAccount(db: Db, vendorId: number, id: number): Promise<Row> {
  const [row] = await db
    .select(columns)
    .from(accounts)
    .leftJoin(roles, eq(roles.id, accounts.roleId))
    .where(and(eq(accounts.id, id), ofVendor(vendorId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/** A level-4 account may not act on itself here, nor on an account holding more keys than it has. */
function assertMayManage(ctx: SignedInContext, target: Row): void {
  if (ctx.actor.level !== 4) return;
  if (target.id === ctx.actor.accountId) throw new AppError("NO_PERMISSION");
  assertWithinOwnKeys(ctx, target.rolePermissions ?? []);
}

/** The role to give: the vendor's own, and for a level-4 actor one within its own keys. */
async function assignableRole(db: Db, ctx: SignedInContext, vendorId: number, roleId: number) {
  try {
    const role = await findVendorRole(db, vendorId, roleId);
    assertWithinOwnKeys(ctx, role.permissions);
    return role;
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") {
      throw new AppError("NOT_FOUND", { field: "role_id" });
    }
    throw error;
  }
}

export async function createSubAccount(db: Db, ctx: SignedInContext, input: z.output<typeof createSubAccountRequest>) {
  const vendorId = ownVendor(ctx.scope);
  ctx.audit.target = `account:${input.username}`;
  const role = await assignableRole(db, ctx, vendorId, input.role_id);
  const passwordHash = await hashPassword(input.password);
  const [created] = await recordExistsOnDuplicate(
    () =>
      db
        .insert(accounts)
        .values({
          username: input.username,
          email: input.email,
          nickname: input.nickname,
          level: SUB_LEVEL,
          passwordHash,
          roleId: role.id,
          vendorId,
          groupId: null,
        })
        .returning({ id: accounts.id }),
    "username",
  );
  if (!created) throw new AppError("INTERNAL_ERROR");
  ctx.audit.target = `account:${created.id} ${input.username}`;
  return toItem(await findSubAccount(db, vendorId, created.id));
}

export async function modifySubAccount(db: Db, ctx: SignedInContext, input: z.output<typeof modifySubAccountRequest>) {
  const vendorId = ownVendor(ctx.scope);
  ctx.audit.target = `account:${input.id}`;
  const current = await findSubAccount(db, vendorId, input.id);
  ctx.audit.target = `account:${current.id} ${current.username}`;
  assertMayManage(ctx, current);
  const changes: Partial<typeof accounts.$inferInsert> = {};
  if (input.email !== undefined) changes.email = input.email;
  if (input.nickname !== undefined) changes.nickname = input.nickname;
  if (input.role_id !== undefined) changes.roleId = (await assignableRole(db, ctx, vendorId, input.role_id)).id;
  if (input.status !== undefined) changes.status = ACCOUNT_STATUS[input.status];
  if (input.password !== undefined) changes.passwordHash = await hashPassword(input.password);

  const endsSessions =
    input.password !== undefined ||
    (input.role_id !== undefined && input.role_id !== current.roleId) ||
    (input.status === "disabled" && current.status !== ACCOUNT_STATUS.disabled);
  await db.transaction(async (tx) => {
    if (Object.keys(changes).length > 0) {
      await tx
        .update(accounts)
        .set(changes)
        .where(and(eq(accounts.id, current.id), ofVendor(vendorId)));
    }
    if (endsSessions) await revokeAccountSessions(tx as unknown as Db, current.id);
  });
  return toItem(await findSubAccount(db, vendorId, current.id));
}

export async function removeSubAccount(db: Db, ctx: SignedInContext, id: number) {
  const vendorId = ownVendor(ctx.scope);
  ctx.audit.target = `account:${id}`;
  const current = await findSubAccount(db, vendorId, id);
  ctx.audit.target = `account:${current.id} ${current.username}`;
  assertMayManage(ctx, current);
  // Sessions go with the account (ON DELETE CASCADE); the operation log keeps the username.
  await db.delete(accounts).where(and(eq(accounts.id, current.id), ofVendor(vendorId)));
  return { id: current.id };
}

export async function subAccountPermissions(db: Db, ctx: SignedInContext, id: number) {
  const current = await findSubAccount(db, ownVendor(ctx.scope), id);
  return {
    id: current.id,
    role_id: current.roleId,
    role_name: current.roleName,
    permission_list: effectivePermissions(current.rolePermissions ?? []),
  };
}
