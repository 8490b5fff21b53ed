import { API, type VendorAccountItem } from "@washboard/shared";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import {
  type AccountOwner,
  changeAccount,
  createAccount,
  findOwnedAccount,
  type ManagedAccount,
  pageAccounts,
  removeAccount,
  toManagedAccountItem,
} from "../accounts/public.js";
import { groupTenant } from "../tenancy/public.js";

/**
 * Vendors' main administrators: level 3 accounts of any vendor of the scope's group, or — for the
 * list, when the top bar has chosen one — of that vendor.
 */
function vendorAdmins(scope: TenantScope, options: { chosenVendor: boolean }): AccountOwner {
  const { groupId } = groupTenant(scope);
  return options.chosenVendor && scope.vendorId !== null
    ? { level: 3, vendorId: scope.vendorId }
    : { level: 3, vendorOfGroup: groupId };
}

function toItem({ account, vendorName }: Pick<ManagedAccount, "account" | "vendorName">): VendorAccountItem {
  return { ...toManagedAccountItem(account), vendor_id: account.vendorId ?? 0, vendor_name: vendorName ?? "" };
}

export function vendorAccountRoutes(r: Routes, { db, live }: AppDeps) {
  r.call(API.vendorAccounts.list, async (input, ctx) => {
    const owner = vendorAdmins(ctx.scope, { chosenVendor: true });
    const page = await pageAccounts(db, owner, { ...input, keywordInEmail: true }, input);
    return { items: page.rows.map(toItem), total: page.total, next_cursor: page.next_cursor };
  });

  r.call(API.vendorAccounts.create, async (input, ctx) => {
    // The pipeline resolved vendor_id within the caller's group: another group's vendor is not found.
    if (ctx.scope.vendorId === null) throw new AppError("NOT_FOUND");
    const owner: AccountOwner = { level: 3, vendorId: ctx.scope.vendorId };
    const row = await createAccount(db, ctx, owner, input);
    return toItem(await findOwnedAccount(db, owner, row.id));
  });

  r.call(API.vendorAccounts.modify, async (input, ctx) => {
    const owner = vendorAdmins(ctx.scope, { chosenVendor: false });
    const current = await findOwnedAccount(db, owner, input.account_id);
    ctx.audit.target = `account:${current.account.username}`;
    const row = await changeAccount(db, live, owner, current.account, input);
    return toItem({ account: row, vendorName: current.vendorName });
  });

  r.call(API.vendorAccounts.remove, async (input, ctx) => {
    const removed = await removeAccount(
      db,
      live,
      ctx,
      vendorAdmins(ctx.scope, { chosenVendor: false }),
      input.account_id,
    );
    return { account_id: removed.id };
  });
}
