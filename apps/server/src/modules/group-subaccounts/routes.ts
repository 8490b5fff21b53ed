import { API } from "@washboard/shared";
import { and, eq, type SQL } from "drizzle-orm";
import { AppError } from "../../platform/http/app-error.js";
import type { RequestContext } from "../../platform/http/context.js";
import { type AppDeps, type EndpointRegistrar, signedIn } from "../../platform/http/endpoint.js";
import { accounts } from "../accounts/tables.js";
import {
  createManagedAccount,
  listManagedAccounts,
  modifyManagedAccount,
  removeManagedAccount,
  toManagedAccountItem,
} from "../vendor-accounts/managed-accounts.js";

/** The group's sub-administrators: level 7 accounts of the scope's group. */
function subAccountsOf(ctx: RequestContext): SQL {
  const { scope } = ctx;
  if (scope.groupId === null) throw new AppError("NOT_FOUND");
  // The group's own record, whatever vendor the top bar has chosen.
  ctx.audit.vendorId = null;
  return and(eq(accounts.level, 7), eq(accounts.groupId, scope.groupId)) as SQL;
}

export function groupSubAccountRoutes(r: EndpointRegistrar, { db }: AppDeps) {
  r.handle(API.groupSubAccount.list, async (input, ctx) => {
    const page = await listManagedAccounts(db, subAccountsOf(signedIn(ctx)), input);
    return {
      items: page.rows.map(({ account }) => toManagedAccountItem(account)),
      total: page.total,
      next_cursor: page.next_cursor,
    };
  });

  r.handle(API.groupSubAccount.create, async (input, ctx) => {
    const { actor } = signedIn(ctx);
    if (actor.groupId === null) throw new AppError("NOT_FOUND");
    ctx.audit.vendorId = null;
    const row = await createManagedAccount(db, ctx, input, { level: 7, vendorId: null, groupId: actor.groupId });
    return toManagedAccountItem(row);
  });

  r.handle(API.groupSubAccount.modify, async (input, ctx) =>
    toManagedAccountItem(await modifyManagedAccount(db, ctx, subAccountsOf(signedIn(ctx)), input)),
  );

  r.handle(API.groupSubAccount.remove, (input, ctx) =>
    removeManagedAccount(db, ctx, subAccountsOf(signedIn(ctx)), input.account_id),
  );
}
