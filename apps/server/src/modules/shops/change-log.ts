import type { ListPage, ShopChangeItem, shopDbLogsRequest } from "@washboard/shared";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db, SelectedFields } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { idKeyset } from "../../platform/db/keysets.js";
import { countOf, listPage, type NoColumns, type RowOf, rowsFrom } from "../../platform/db/list-page.js";
import { scalar } from "../../platform/db/related.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import { accountNameOf, accountNicknameOf } from "../accounts/public.js";
import { vendorTenant } from "../tenancy/public.js";
import { isVendorShopExpr } from "./queries.js";
import { shopChanges } from "./tables.js";

// Reading the shop database log that `changes.ts` writes.

type ChangeRow = RowOf<ReturnType<typeof selectChanges<NoColumns>>>;

function selectChanges<More extends SelectedFields>(db: Db, more = {} as More) {
  return db
    .select({
      ...more,
      id: shopChanges.id,
      accountId: shopChanges.accountId,
      username: accountNameOf(shopChanges.accountId),
      nickname: accountNicknameOf(shopChanges.accountId),
      action: shopChanges.action,
      changes: shopChanges.changes,
      createdAt: shopChanges.createdAt,
    })
    .from(shopChanges);
}

/**
 * One shop's database log, newest first. The log outlives the shop, so a removed shop's log is still
 * read; a shop that is not the vendor's (nor was) is "not found". One statement, and a second only
 * when the shop has no log at all, to tell an unchanged shop from another's.
 */
export async function listShopChanges(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof shopDbLogsRequest>,
): Promise<ListPage<ShopChangeItem>> {
  const tenant = vendorTenant(scope);
  const page = await listPage({
    where: and(eq(shopChanges.shopId, input.shop_id), tenant.owns(shopChanges)),
    keyset: idKeyset(shopChanges.id, (row: ChangeRow) => row.id),
    input,
    rows: rowsFrom((total) => selectChanges(db, { total })),
    count: countOf(shopChanges),
  });
  if (page.total === 0 && !(await scalar(db, isVendorShopExpr(tenant, input.shop_id)))) {
    throw new AppError("NOT_FOUND");
  }
  return {
    items: page.rows.map((row) => ({
      id: row.id,
      account_id: row.accountId,
      username: row.username,
      nickname: row.nickname,
      action: row.action,
      changes: row.changes,
      created_at: toSeconds(row.createdAt),
    })),
    total: page.total,
    next_cursor: page.next_cursor,
  };
}
