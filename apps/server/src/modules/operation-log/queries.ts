import type { RecentOperation } from "@washboard/shared";
import { type AnyColumn, and, asc, desc, gte, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { qualified } from "../../platform/db/qualified.js";
import type { TenantScope } from "../../platform/http/context.js";
import { tenantOfVendor, tenantWhere } from "../tenancy/public.js";
import { operationLog } from "./tables.js";

/** What other modules may know of the operation log. */

/**
 * The scope's latest operations, newest first (the scope's own rows: a group's, or its chosen
 * vendor's), as one JSON value to read with other figures in one statement.
 */
export function recentOperationsOf(scope: TenantScope, limit: number): SQL<RecentOperation[]> {
  const o = (column: AnyColumn) => qualified(column);
  return sql<RecentOperation[]>`(select coalesce(json_agg(json_build_object('id', r.id, 'action', r.action,
      'outcome', r.outcome, 'created_at', r.created_at, 'actor', r.actor) order by r.at desc, r.id desc), '[]'::json)
    from (select ${o(operationLog.id)} as id, ${o(operationLog.action)} as action, ${o(operationLog.outcome)} as outcome,
        floor(extract(epoch from ${o(operationLog.createdAt)}))::bigint as created_at, ${o(operationLog.actor)} as actor,
        ${o(operationLog.createdAt)} as at
      from ${operationLog} where ${tenantWhere(scope, operationLog, { groupVendors: false })}
      order by ${o(operationLog.createdAt)} desc, ${o(operationLog.id)} desc limit ${limit}) as r)`;
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
