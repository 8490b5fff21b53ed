import { API } from "@washboard/shared";
import type { SignedInContext } from "../../platform/http/context.js";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import {
  type AccountOwner,
  changeAccount,
  createAccount,
  findOwnedAccount,
  pageAccounts,
  removeAccount,
  toManagedAccountItem,
} from "../accounts/public.js";
import { groupTenant } from "../tenancy/public.js";

/**
 * The group's sub-administrators: level 7 accounts of the scope's group. They are the group's own
 * records, whatever vendor the top bar has chosen, so the log files them under the group alone.
 */
function groupSubAdmins(ctx: SignedInContext): AccountOwner {
  ctx.audit.vendorId = null;
  return { level: 7, groupId: groupTenant(ctx.scope).groupId };
}

export function groupSubAccountRoutes(r: Routes, { db, live }: AppDeps) {
  r.call(API.groupSubAccounts.list, async (input, ctx) => {
    const page = await pageAccounts(db, groupSubAdmins(ctx), { ...input, keywordInEmail: true }, input);
    return {
      items: page.rows.map(({ account }) => toManagedAccountItem(account)),
      total: page.total,
      next_cursor: page.next_cursor,
    };
  });

  r.call(API.groupSubAccounts.create, async (input, ctx) => {
    const owner = groupSubAdmins(ctx);
    return toManagedAccountItem(await createAccount(db, ctx, owner, input));
  });

  r.call(API.groupSubAccounts.modify, async (input, ctx) => {
    const owner = groupSubAdmins(ctx);
    const current = await findOwnedAccount(db, owner, input.account_id);
    ctx.audit.target = `account:${current.account.username}`;
    return toManagedAccountItem(await changeAccount(db, live, owner, current.account, input));
  });

  r.call(API.groupSubAccounts.remove, async (input, ctx) => {
    const removed = await removeAccount(db, live, ctx, groupSubAdmins(ctx), input.account_id);
    return { account_id: removed.id };
  });
}
