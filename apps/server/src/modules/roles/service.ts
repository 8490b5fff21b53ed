import {
  APP_ROLES,
  type AppRole,
  chosenPermissions,
  type createRoleRequest,
  effectivePermissions,
  type modifyRoleRequest,
  type RoleItem,
  type roleListRequest,
} from "@washboard/shared";
import { and, eq, ilike, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { isForeignKeyViolation, recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { idKeyset } from "../../platform/db/keysets.js";
import { countOf, listPage, rowsFrom, type Total } from "../../platform/db/list-page.js";
import { scalar } from "../../platform/db/related.js";
import { likeText } from "../../platform/db/text-search.js";
import { AppError } from "../../platform/http/app-error.js";
import type { SignedInContext } from "../../platform/http/context.js";
import { hiddenKeysOfScope, vendorTenant } from "../tenancy/public.js";
import { roleHolderCount } from "./ports.js";
import { findVendorRole, type RoleRow } from "./queries.js";
import { roles } from "./tables.js";

/**
 * What a role stores: the leaves chosen beyond the locked ones, followed by its app roles. The lock
 * is added whenever a role is read (`effectivePermissions`), so what it covers is the code's rule
 * of today, never a copy frozen into old rows (migration 0028 took such copies out).
 */
export function storedKeys(permissions: readonly string[], appRoles: readonly string[]): string[] {
  const apps = APP_ROLES.filter((r) => appRoles.includes(r));
  return [...chosenPermissions(permissions), ...apps];
}

export function appRolesOf(stored: readonly string[]): AppRole[] {
  return APP_ROLES.filter((r) => stored.includes(r));
}

/**
 * A level-4 account given the role and sub-account keys manages roles and sub-accounts (every one
 * may view them: the query keys are locked on, spec §6), but may never hand out more than it holds
 * itself, nor touch a role holding more: no escalation.
 */
export function assertWithinOwnKeys(ctx: SignedInContext, keys: readonly string[]): void {
  if (ctx.actor.level !== 4) return;
  const own = new Set(ctx.actor.permissions);
  if (effectivePermissions(keys).some((k) => !own.has(k))) throw new AppError("NO_PERMISSION");
}

/** A key the vendor's variant hides is not one its roles may be given: refused with the field named. */
function assertNotHidden(keys: readonly string[], hidden: readonly string[]): void {
  const shown = keys.filter((key) => hidden.includes(key));
  if (shown.length > 0) {
    throw new AppError("VALIDATION_FAILED", {
      field: "permissions",
      messageKey: "validation.permissionHidden",
      params: { keys: shown.join(", ") },
    });
  }
}

function toItem(row: RoleRow, accountCount: number, hidden: readonly string[]): RoleItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    permissions: effectivePermissions(row.permissions, hidden),
    app_roles: appRolesOf(row.permissions),
    account_count: accountCount,
    created_at: toSeconds(row.createdAt),
  };
}

/** A role with how many accounts hold it, counted in the same query, and the list's total. */
const selectItems = (db: Db, total: Total) =>
  db.select({ role: roles, holders: roleHolderCount.use()(roles.id), total }).from(roles);

export async function listRoles(db: Db, ctx: SignedInContext, input: z.output<typeof roleListRequest>) {
  const hidden = await hiddenKeysOfScope(db, ctx.scope);
  const conditions: SQL[] = [vendorTenant(ctx.scope).owns(roles)];
  if (input.name) conditions.push(ilike(roles.name, likeText(input.name)));
  const page = await listPage({
    where: and(...conditions),
    keyset: idKeyset(roles.id, (r: { role: RoleRow }) => r.role.id),
    input,
    rows: rowsFrom((total) => selectItems(db, total)),
    count: countOf(roles),
  });
  return {
    items: page.rows.map((r) => toItem(r.role, r.holders, hidden)),
    total: page.total,
    next_cursor: page.next_cursor,
  };
}

const accountsHolding = (db: Db, roleId: number) => scalar(db, roleHolderCount.use()(roleId));

export async function createRole(db: Db, ctx: SignedInContext, input: z.output<typeof createRoleRequest>) {
  const { vendorId } = vendorTenant(ctx.scope);
  assertWithinOwnKeys(ctx, input.permissions);
  const hidden = await hiddenKeysOfScope(db, ctx.scope);
  assertNotHidden(input.permissions, hidden);
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
  return toItem(row, 0, hidden);
}

export async function modifyRole(db: Db, ctx: SignedInContext, input: z.output<typeof modifyRoleRequest>) {
  const tenant = vendorTenant(ctx.scope);
  ctx.audit.target = `role:${input.id}`;
  const current = await findVendorRole(db, tenant, input.id);
  assertWithinOwnKeys(ctx, current.permissions);
  assertWithinOwnKeys(ctx, input.permissions);
  const hidden = await hiddenKeysOfScope(db, ctx.scope);
  assertNotHidden(input.permissions, hidden);
  const [row] = await recordExistsOnDuplicate(
    () =>
      db
        .update(roles)
        .set({
          name: input.name,
          description: input.description,
          permissions: storedKeys(input.permissions, input.app_roles),
        })
        .where(and(eq(roles.id, input.id), tenant.owns(roles)))
        .returning(),
    "name",
  );
  if (!row) throw new AppError("NOT_FOUND");
  ctx.audit.target = `role:${row.id} ${row.name}`;
  // Holders get the new keys on their next call: the session resolver reads the role every request.
  return toItem(row, await accountsHolding(db, row.id), hidden);
}

function roleInUse(n: number): AppError {
  return new AppError("ROLE_IN_USE", {
    message: `This role is still given to ${n} sub-account${n === 1 ? "" : "s"}; give them another role first`,
  });
}

export async function removeRole(db: Db, ctx: SignedInContext, id: number) {
  const tenant = vendorTenant(ctx.scope);
  ctx.audit.target = `role:${id}`;
  const current = await findVendorRole(db, tenant, id);
  ctx.audit.target = `role:${id} ${current.name}`;
  assertWithinOwnKeys(ctx, current.permissions);
  const holders = await accountsHolding(db, id);
  if (holders > 0) throw roleInUse(holders);
  try {
    await db.delete(roles).where(and(eq(roles.id, id), tenant.owns(roles)));
  } catch (error) {
    // An account given the role between the count and the delete: the foreign key refuses it.
    if (isForeignKeyViolation(error)) throw roleInUse(await accountsHolding(db, id));
    throw error;
  }
  return { id };
}
