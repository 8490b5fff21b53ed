import type { OperationLogItem, operationLogListRequest, operationLogListResult } from "@washboard/shared";
import { and, eq, gte, ilike, lt, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { createdKeyset, keysetAt } from "../../platform/db/keysets.js";
import { countOf, listPage, type RowOf, rowsFrom } from "../../platform/db/list-page.js";
import { likeText } from "../../platform/db/text-search.js";
import type { TenantScope } from "../../platform/http/context.js";
import { tenantWhere, vendorNameOf } from "../tenancy/public.js";
import { operationLog } from "./tables.js";

type Input = z.output<typeof operationLogListRequest>;
type Output = z.input<typeof operationLogListResult>;

/** The tenant scope and the screen's filters; the cursor is applied on top for the page only. */
function filtersOf(scope: TenantScope, input: Input): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    tenantWhere(scope, { vendorId: operationLog.vendorId, groupId: operationLog.groupId }, { groupVendors: true }),
  ];
  if (input.actor) conditions.push(ilike(operationLog.actor, likeText(input.actor)));
  if (input.action) conditions.push(eq(operationLog.action, input.action));
  if (input.outcome) conditions.push(eq(operationLog.outcome, input.outcome));
  if (input.from !== undefined) conditions.push(gte(operationLog.createdAt, new Date(input.from * 1000)));
  // `to` is a whole second on the wire: every row stamped within that second is in the range.
  if (input.to !== undefined) conditions.push(lt(operationLog.createdAt, new Date((input.to + 1) * 1000)));
  return and(...conditions);
}

/** A row of the log with its vendor's name, the key its page cursor is made of, and the list's total. */
function selectRows(db: Db, total: SQL<number>) {
  return db
    .select({
      total,
      id: operationLog.id,
      createdAt: operationLog.createdAt,
      keyAt: keysetAt(operationLog.createdAt),
      actor: operationLog.actor,
      action: operationLog.action,
      target: operationLog.target,
      outcome: operationLog.outcome,
      errorCode: operationLog.errorCode,
      ip: operationLog.ip,
      vendorId: operationLog.vendorId,
      vendorName: vendorNameOf(operationLog.vendorId),
    })
    .from(operationLog);
}

type Row = RowOf<ReturnType<typeof selectRows>>;

/**
 * The operation log of a tenant, newest first: a vendor sees its own rows; a group sees its own
 * rows and its vendors' rows, or one vendor's when it chose one. Paged by (created_at, id).
 */
export async function listOperationLog(db: Db, scope: TenantScope, input: Input): Promise<Output> {
  const page = await listPage({
    where: filtersOf(scope, input),
    keyset: createdKeyset({ createdAt: operationLog.createdAt, id: operationLog.id }, (row: Row) => ({
      at: row.keyAt,
      id: row.id,
    })),
    input,
    rows: rowsFrom((total) => selectRows(db, total)),
    count: countOf(operationLog),
  });
  return {
    items: page.rows.map(
      (row): OperationLogItem => ({
        id: row.id,
        created_at: toSeconds(row.createdAt),
        actor: row.actor,
        action: row.action,
        target: row.target,
        outcome: row.outcome,
        error_code: row.errorCode,
        ip: row.ip,
        vendor_id: row.vendorId,
        ...(row.vendorName !== null ? { vendor_name: row.vendorName } : {}),
      }),
    ),
    total: page.total,
    next_cursor: page.next_cursor,
  };
}
