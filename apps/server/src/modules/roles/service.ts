import {
  APP_ROLES,
  type AppRole,
  type createRoleRequest,
  effectivePermissions,
  type modifyRoleRequest,
  type RoleItem,
  type roleListRequest,
} from "@washboard/shared";
import { and, count, desc, eq, ilike, inArray, lt, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { decodeIdCursor, pageOf } from "../../platform/db/id-cursor.js";
import { AppError } from "../../platform/http/app-error.js";
import type { SignedInContext } from "../../platform/http/context.js";
import { ownVendor } from "../../platform/http/scope.js";
import { accounts, roles } from "../accounts/tables.js";

type RoleRow = typeof roles.$inferSelect;

/** What a role stores: the effective keys (locked ones always added) followed by its app roles. */
export function storedKeys(permissions: readonly string[], appRoles: readonly string[]): string[] {
  const apps = APP_ROLES.filter((r) => appRoles.includes(r));
  return [...effectivePermissions(permissions), ...apps];
}

export function appRolesOf(stored: readonly string[]): AppRole[] {
  return APP_ROLES.filter((r) => stored.includes(r));
}

/**
 * A level-4 account manages roles and sub-accounts (those keys are locked on, spec §6) but may
 * never hand out more than it holds itself, nor touch a role holding more: no escalation.
 */
export function assertWithinOwnKeys(ctx: SignedInContext, keys: readonly string[]): void {
  if (ctx.actor.level !== 4) return;
  const own = new Set(ctx.actor.permissions);
  if (effectivePermissions(keys).some((k) => !own.has(k))) throw new AppError("NO_PERMISSION");
}

function toItem(row: RoleRow, accountCount: number): RoleItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    permissions: effectivePermissions(row.permissions),
    app_roles: appRolesOf(row.permissions),
    account_count: accountCount,
    created_at: toSeconds(row.createdAt),
  };
}

/** How many accounts hold each of the roles. */
async function holderCounts(db: Db, roleIds: number[]): Promise<Map<number, number>> {
  if (roleIds.length === 0) return new Map();
  const rows = await db
    .select({ roleId: accounts.roleId, n: count() })
    .from(accounts)
    .where(inArray(accounts.roleId, roleIds))
    .groupBy(accounts.roleId);
  return new Map(rows.map((r) => [r.roleId ?? 0, r.n]));
}

function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listRoles(db: Db, ctx: SignedInContext, input: z.output<typeof roleListRequest>) {
  const vendorId = ownVendor(ctx.scope);
  const conditions: SQL[] = [eq(roles.vendorId, vendorId)];
  if (input.name) conditions.push(ilike(roles.name, containing(input.name)));
  const filtered = and(...conditions);
  const paged = input.cursor ? and(filtered, lt(roles.id, decodeIdCursor(input.cursor))) : filtered;
  const rows = await db
    .select()
    .from(roles)
    .where(paged)
    .orderBy(desc(roles.id))
    .limit(input.page_size + 1);
  const [total] = await db.select({ n: count() }).from(roles).where(filtered);
  const { page, next } = pageOf(rows, input.page_size);
  const counts = await holderCounts(
    db,
    page.map((r) => r.id),
  );
  return {
    items: page.map((r) => toItem(r, counts.get(r.id) ?? 0)),
    total: total?.n ?? 0,
    next_cursor: next,
  };
}

/** The vendor's role with that id; another vendor's answers "not found". */
export async function findVendorRole(db: Db, vendorId: number, id: number): Promise<RoleRow> {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), eq(roles.vendorId, vendorId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

async function accountsHolding(db: Db, roleId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(accounts).where(eq(accounts.roleId, roleId));
  return row?.n ?? 0;
}

export async function createRole(db: Db, ctx: SignedInContext, input: z.output<typeof createRoleRequest>) {
  const vendorId = ownVendor(ctx.scope);
  assertWithinOwnKeys(ctx, input.permissions);
  const [row] = await recordExistsOnDuplicate(
    () =>
      db
        .insert(roles)
        .values({
          vendorId,
          name: input.name,
          description: input.description,
          permissions: storedKeys(input.permissions, input.app_roles),
        })
        .returning(),
    "name",
  );
  if (!row) throw new AppError("INTERNAL_ERROR");
  ctx.audit.target = `role:${row.id} ${row.name}`;
  return toItem(row, 0);
}

export async function modifyRole(db: Db, ctx: SignedInContext, input: z.output<typeof modifyRoleRequest>) {
  const vendorId = ownVendor(ctx.scope);
  ctx.audit.target = `role:${input.id}`;
  const current = await findVendorRole(db, vendorId, input.id);
  assertWithinOwnKeys(ctx, current.permissions);
  assertWithinOwnKeys(ctx, input.permissions);
  const [row] = await recordExistsOnDuplicate(
    () =>
      db
        .update(roles)
        .set({
          name: input.name,
          description: input.description,
          permissions: storedKeys(input.permissions, input.app_roles),
        })
        .where(and(eq(roles.id, input.id), eq(roles.vendorId, vendorId)))
        .returning(),
    "name",
  );
  if (!row) throw new AppError("NOT_FOUND");
  ctx.audit.target = `role:${row.id} ${row.name}`;
  // Holders get the new keys on their next call: the session resolver reads the role every request.
  return toItem(row, await accountsHolding(db, row.id));
}

function roleInUse(n: number): AppError {
  return new AppError("ROLE_IN_USE", {
    message: `This role is still given to ${n} sub-account${n === 1 ? "" : "s"}; give them another role first`,
  });
}

export async function removeRole(db: Db, ctx: SignedInContext, id: number) {
  const vendorId = ownVendor(ctx.scope);
  ctx.audit.target = `role:${id}`;
  const current = await findVendorRole(db, vendorId, id);
  ctx.audit.target = `role:${id} ${current.name}`;
  assertWithinOwnKeys(ctx, current.permissions);
  const holders = await accountsHolding(db, id);
  if (holders > 0) throw roleInUse(holders);
  try {
    await db.delete(roles).where(and(eq(roles.id, id), eq(roles.vendorId, vendorId)));
  } catch (error) {
    // An account given the role between the count and the delete: the foreign key refuses it.
    if (
      (error as { code?: string; cause?: { code?: string } }).code === "23503" ||
      (error as { cause?: { code?: string } }).cause?.code === "23503"
    ) {
      throw roleInUse(await accountsHolding(db, id));
    }
    throw error;
  }
  return { id };
}
