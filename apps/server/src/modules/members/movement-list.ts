import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { idKeyset } from "../../platform/db/keysets.js";
import { countOf, listPage } from "../../platform/db/list-page.js";
import type { TenantScope } from "../../platform/http/context.js";
import { vendorTenant } from "../tenancy/public.js";
import { movementColumns, movementView } from "./member-view.js";
import { balanceMovements } from "./tables.js";

/** A member's or a card's ledger, newest first, paged by keyset on the movement's id. */
export async function listMovements(
  db: Db,
  scope: TenantScope,
  holder: { memberId: number } | { cardId: number },
  input: { cursor?: string | undefined; page_size: number },
) {
  const owner =
    "memberId" in holder ? eq(balanceMovements.memberId, holder.memberId) : eq(balanceMovements.cardId, holder.cardId);
  const page = await listPage({
    where: and(vendorTenant(scope).owns(balanceMovements), owner),
    keyset: idKeyset(balanceMovements.id, (row: { movement: { id: number } }) => row.movement.id),
    input,
    rows: (where, orderBy, limit, total) =>
      db
        .select({ ...movementColumns, total })
        .from(balanceMovements)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
    count: countOf(balanceMovements),
  });
  return { items: page.rows.map(movementView), total: page.total, next_cursor: page.next_cursor };
}
