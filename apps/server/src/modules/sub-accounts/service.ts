import {
  type createSubAccountRequest,
  effectivePermissions,
  type modifySubAccountRequest,
  type SubAccountItem,
  type subAccountListRequest,
} from "@washboard/shared";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { AppError } from "../../platform/http/app-error.js";
import type { SignedInContext } from "../../platform/http/context.js";
import type { LiveBus } from "../../platform/live/bus.js";
import {
  type AccountOwner,
  changeAccount,
  createAccount,
  findOwnedAccount,
  type ManagedAccount,
  pageAccounts,
  removeAccount,
  statusName,
} from "../accounts/public.js";
import { assertWithinOwnKeys, findVendorRole } from "../roles/public.js";
import { shopChoices } from "../shops/public.js";
import { hiddenKeysOfScope, vendorTenant } from "../tenancy/public.js";

/** The scope's vendor's sub-administrators (level 4). */
function subAdmins(ctx: SignedInContext): AccountOwner {
  return { level: 4, vendorId: vendorTenant(ctx.scope).vendorId };
}

function toItem({ account, roleName }: ManagedAccount): SubAccountItem {
  return {
    id: account.id,
    username: account.username,
    email: account.email,
    nickname: account.nickname,
    role_id: account.roleId,
    role_name: roleName,
    status: statusName(account.status),
    last_login_at: toSeconds(account.lastLoginAt),
    created_at: toSeconds(account.createdAt),
    shop_ids: account.shopIds,
  };
}

/** The shops a sub-account may be limited to: the vendor's, or for a limited actor its own ones. */
export async function assignableShops(db: Db, ctx: SignedInContext) {
  return { items: await shopChoices(db, vendorTenant(ctx.scope)) };
}

/**
 * The shops to limit a sub-account to, checked: each one the actor's to give (another vendor's, or one
 * outside a limited actor's own shops, is not found). A limited actor gives no more than it has: it
 * cannot make an account of every shop.
 */
async function assignableShopIds(db: Db, ctx: SignedInContext, shopIds: readonly number[] | null) {
  const tenant = vendorTenant(ctx.scope);
  if (shopIds === null) {
    if (tenant.shopIds !== null) throw new AppError("NO_PERMISSION", { field: "shop_ids" });
    return null;
  }
  const own = new Set((await shopChoices(db, tenant)).map((shop) => shop.id));
  if (shopIds.some((id) => !own.has(id))) throw new AppError("NOT_FOUND", { field: "shop_ids" });
  return shopIds;
}

export async function listSubAccounts(db: Db, ctx: SignedInContext, input: z.output<typeof subAccountListRequest>) {
  const filters = { keyword: input.keyword, status: input.status, roleId: input.role_id };
  const page = await pageAccounts(db, subAdmins(ctx), filters, input);
  return { items: page.rows.map(toItem), total: page.total, next_cursor: page.next_cursor };
}

/** A level-4 account may not act on itself here, nor on an account holding more keys than it has. */
function assertMayManage(ctx: SignedInContext, target: ManagedAccount): void {
  if (ctx.actor.level !== 4) return;
  if (target.account.id === ctx.actor.accountId) throw new AppError("NO_PERMISSION");
  assertWithinOwnKeys(ctx, target.roleKeys ?? []);
}

/** The role to give: the vendor's own, and for a level-4 actor one within its own keys. */
async function assignableRole(db: Db, ctx: SignedInContext, roleId: number) {
  try {
    const role = await findVendorRole(db, vendorTenant(ctx.scope), roleId);
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
  const owner = subAdmins(ctx);
  ctx.audit.target = `account:${input.username}`;
  const role = await assignableRole(db, ctx, input.role_id);
  const shopIds = await assignableShopIds(db, ctx, input.shop_ids);
  const created = await createAccount(db, ctx, owner, { ...input, roleId: role.id, shopIds });
  ctx.audit.target = `account:${created.id} ${input.username}`;
  return toItem(await findOwnedAccount(db, owner, created.id));
}

export async function modifySubAccount(
  db: Db,
  live: LiveBus,
  ctx: SignedInContext,
  input: z.output<typeof modifySubAccountRequest>,
) {
  const owner = subAdmins(ctx);
  ctx.audit.target = `account:${input.id}`;
  const current = await findOwnedAccount(db, owner, input.id);
  ctx.audit.target = `account:${current.account.id} ${current.account.username}`;
  assertMayManage(ctx, current);
  const roleId = input.role_id === undefined ? undefined : (await assignableRole(db, ctx, input.role_id)).id;
  const shopIds = input.shop_ids === undefined ? undefined : await assignableShopIds(db, ctx, input.shop_ids);
  await changeAccount(db, live, owner, current.account, { ...input, roleId, shopIds });
  return toItem(await findOwnedAccount(db, owner, current.account.id));
}

export async function removeSubAccount(db: Db, live: LiveBus, ctx: SignedInContext, id: number) {
  const owner = subAdmins(ctx);
  ctx.audit.target = `account:${id}`;
  const current = await findOwnedAccount(db, owner, id);
  ctx.audit.target = `account:${current.account.id} ${current.account.username}`;
  assertMayManage(ctx, current);
  await removeAccount(db, live, ctx, owner, current.account.id);
  // The log keeps the id beside the username (removeAccount names the username alone).
  ctx.audit.target = `account:${current.account.id} ${current.account.username}`;
  return { id: current.account.id };
}

export async function subAccountPermissions(db: Db, ctx: SignedInContext, id: number) {
  const current = await findOwnedAccount(db, subAdmins(ctx), id);
  return {
    id: current.account.id,
    role_id: current.account.roleId,
    role_name: current.roleName,
    permission_list: effectivePermissions(current.roleKeys ?? [], await hiddenKeysOfScope(db, ctx.scope)),
  };
}
