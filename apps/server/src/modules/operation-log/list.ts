import type { OperationLogItem, operationLogListRequest, operationLogListResult } from "@washboard/shared";
import { and, count, desc, eq, gte, ilike, lt, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { afterKey, decodeCursor, encodeCursor, keysetAt } from "../../platform/db/keyset-cursor.js";
import type { TenantScope } from "../../platform/http/context.js";
import { tenantWhere } from "../tenancy/queries.js";
import { vendors } from "../tenancy/tables.js";
import { operationLog } from "./tables.js";

type Input = z.output<typeof operationLogListRequest>;
type Output = z.input<typeof operationLogListResult>;

/** A LIKE pattern that matches the text literally anywhere in the value. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The tenant scope and the screen's filters; the cursor is applied on top for the page only. */
function filtersOf(scope: TenantScope, input: Input): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    tenantWhere(scope, { vendorId: operationLog.vendorId, groupId: operationLog.groupId }, { groupVendors: true }),
  ];
  if (input.actor) conditions.push(ilike(operationLog.actor, containing(input.actor)));
  if (input.action) conditions.push(eq(operationLog.action, input.action));
  if (input.outcome) conditions.push(eq(operationLog.outcome, input.outcome));
  if (input.from !== undefined) conditions.push(gte(operationLog.createdAt, new Date(input.from * 1000)));
  // `to` is a whole second on the wire: every row stamped within that second is in the range.
  if (input.to !== undefined) conditions.push(lt(operationLog.createdAt, new Date((input.to + 1) * 1000)));
  return and(...conditions);
}

/**
 * The operation log of a tenant, newest first: a vendor sees its own rows; a group sees its own
 * rows and its vendors' rows, or one vendor's when it chose one. Paged by (created_at, id).
 */
export async function listOperationLog(db: Db, scope: TenantScope, input: Input): Promise<Output> {
  const filtered = filtersOf(scope, input);
  const paged = input.cursor
    ? and(filtered, afterKey({ createdAt: operationLog.createdAt, id: operationLog.id }, decodeCursor(input.cursor)))
    : filtered;
  const rows = await db
    .select({
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
      vendorName: vendors.name,
    })
    .from(operationLog)
    .leftJoin(vendors, eq(vendors.id, operationLog.vendorId))
    .where(paged)
    .orderBy(desc(operationLog.createdAt), desc(operationLog.id))
    .limit(input.page_size + 1);
  const [total] = await db.select({ n: count() }).from(operationLog).where(filtered);

  const page = rows.slice(0, input.page_size);
  const last = page.at(-1);
  const items = page.map(
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
  );
  return {
    items,
    total: total?.n ?? 0,
    next_cursor: rows.length > input.page_size && last ? encodeCursor({ at: last.keyAt, id: last.id }) : null,
  };
}
