import { API, type VendorAccountItem } from "@washboard/shared";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import { type AppDeps, type EndpointRegistrar, signedIn } from "../../platform/http/endpoint.js";
import { accounts } from "../accounts/tables.js";
import { vendors } from "../tenancy/tables.js";
import {
  type AccountRow,
  createManagedAccount,
  listManagedAccounts,
  modifyManagedAccount,
  removeManagedAccount,
  toManagedAccountItem,
} from "./managed-accounts.js";

/** Vendors' main administrators: level 3 accounts of a vendor of the scope's group (or of its chosen vendor). */
function vendorAccountsOf(scope: TenantScope, options: { chosenVendor: boolean }): SQL {
  if (scope.groupId === null) throw new AppError("NOT_FOUND");
  const tenant =
    options.chosenVendor && scope.vendorId !== null
      ? eq(accounts.vendorId, scope.vendorId)
      : sql`${accounts.vendorId} in (select ${vendors.id} from ${vendors} where ${vendors.groupId} = ${scope.groupId})`;
  return and(eq(accounts.level, 3), tenant) as SQL;
}

async function toItem(db: Db, row: AccountRow): Promise<VendorAccountItem> {
  const [vendor] = await db
    .select({ name: vendors.name })
    .from(vendors)
    .where(eq(vendors.id, row.vendorId ?? -1))
    .limit(1);
  return { ...toManagedAccountItem(row), vendor_id: row.vendorId ?? 0, vendor_name: vendor?.name ?? "" };
}

export function vendorAccountRoutes(r: EndpointRegistrar, { db }: AppDeps) {
  r.handle(API.vendorAccount.list, async (input, ctx) => {
    const { scope } = signedIn(ctx);
    const page = await listManagedAccounts(db, vendorAccountsOf(scope, { chosenVendor: true }), input);
    return {
      items: page.rows.map(({ account, vendorName }) => ({
        ...toManagedAccountItem(account),
        vendor_id: account.vendorId ?? 0,
        vendor_name: vendorName ?? "",
      })),
      total: page.total,
      next_cursor: page.next_cursor,
    };
  });

  r.handle(API.vendorAccount.create, async (input, ctx) => {
    // The registrar resolved vendor_id within the caller's group: another group's vendor is not found.
    const { scope } = signedIn(ctx);
    if (scope.vendorId === null) throw new AppError("NOT_FOUND");
    const row = await createManagedAccount(db, ctx, input, { level: 3, vendorId: scope.vendorId, groupId: null });
    return toItem(db, row);
  });

  r.handle(API.vendorAccount.modify, async (input, ctx) => {
    const owned = vendorAccountsOf(signedIn(ctx).scope, { chosenVendor: false });
    return toItem(db, await modifyManagedAccount(db, ctx, owned, input));
  });

  r.handle(API.vendorAccount.remove, (input, ctx) =>
    removeManagedAccount(db, ctx, vendorAccountsOf(signedIn(ctx).scope, { chosenVendor: false }), input.account_id),
  );
}
