import type { RecentOperation } from "@washboard/shared";
import { and, asc, desc, gte, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import type { TenantScope } from "../../platform/http/context.js";
import { tenantOfVendor, tenantWhere } from "../tenancy/public.js";
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

/** What each account did for a vendor between two instants (the account manager report). */
export async function operationsByActor(db: Db, vendorId: number, between: { from: Date; to: Date }) {
  const rows = await db
    .select({
      actor: operationLog.actor,
      operations: sql<number>`count(*)::int`.mapWith(Number),
      failures: sql<number>`count(*) filter (where ${operationLog.outcome} = 'failure')::int`.mapWith(Number),
      lastAt: sql<Date>`max(${operationLog.createdAt})`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(operationLog)
    .where(
      and(
        tenantOfVendor(vendorId).owns(operationLog),
        gte(operationLog.createdAt, between.from),
        lt(operationLog.createdAt, between.to),
        isNotNull(operationLog.accountId),
      ),
    )
    .groupBy(operationLog.actor)
    .orderBy(desc(sql`count(*)`), asc(operationLog.actor));
  return rows;
}
