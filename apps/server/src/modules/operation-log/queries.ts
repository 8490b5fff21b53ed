import type { RecentOperation } from "@washboard/shared";
import { desc } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import type { TenantScope } from "../../platform/http/context.js";
import { tenantWhere } from "../tenancy/scope.js";
import { operationLog } from "./tables.js";

/** What other modules may know of the operation log. */

/** The scope's latest operations, newest first: a group sees its own and its vendors' rows. */
export async function recentOperations(db: Db, scope: TenantScope, limit: number): Promise<RecentOperation[]> {
  const rows = await db
    .select()
    .from(operationLog)
    .where(tenantWhere(scope, operationLog, { groupVendors: false }))
    .orderBy(desc(operationLog.createdAt), desc(operationLog.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    outcome: row.outcome,
    created_at: toSeconds(row.createdAt),
    actor: row.actor,
  }));
}
