import type { OrderSource, OrderTotals, orderListRequest, orderListResult } from "@washboard/shared";
import { and, count, eq, gte, like, lt, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { createdKeyset, keysetAt } from "../../platform/db/keysets.js";
import { listPage } from "../../platform/db/list-page.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import { scopedVendor } from "../tenancy/queries.js";
import { vendorTenant } from "../tenancy/scope.js";
import { orderColumns, orderView } from "./order-view.js";
import { orders, PAY_STATUS, REFUND_STATUS } from "./tables.js";

type ListInput = z.output<typeof orderListRequest>;

/** A prefix LIKE pattern (the number's beginning), with LIKE's own characters taken literally. */
const prefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(scope: TenantScope, source: OrderSource, input: ListInput): SQL | undefined {
  const where: (SQL | undefined)[] = [vendorTenant(scope).owns(orders), eq(orders.source, source)];
  if (input.from !== undefined) where.push(gte(orders.createdAt, new Date(input.from * 1000)));
  if (input.to !== undefined) where.push(lt(orders.createdAt, new Date((input.to + 1) * 1000)));
  if (input.shop_id !== undefined) where.push(eq(orders.shopId, input.shop_id));
  if (input.device_id !== undefined) where.push(eq(orders.deviceId, input.device_id));
  if (input.pay_status !== undefined) where.push(eq(orders.payStatus, PAY_STATUS[input.pay_status]));
  if (input.refund_status !== undefined) where.push(eq(orders.refundStatus, REFUND_STATUS[input.refund_status]));
  if (input.search) {
    const pattern = prefix(input.search);
    where.push(or(like(orders.orderNo, pattern), like(orders.tradeNo, pattern), like(orders.transactionId, pattern)));
  }
  return and(...where);
}

/**
 * One order screen's page: the source's orders of the vendor, newest first by keyset on
 * (created_at, id), so a page deep in the list costs what the first does. The first page also
 * carries the filter's totals (paid and refunded amounts, in the vendor's currency).
 */
export async function listOrders(
  db: Db,
  scope: TenantScope,
  source: OrderSource,
  input: ListInput,
): Promise<z.input<typeof orderListResult>> {
  const where = conditions(scope, source, input);
  const keyset = createdKeyset(
    { createdAt: orders.createdAt, id: orders.id },
    (row: { at: string; id: number }) => row,
  );
  // A next page's cursor carries the filter's total from the first page: counting a large filter
  // again on every page would cost what keyset paging saves.
  const carried = input.cursor ? splitCursor(input.cursor) : undefined;
  const [page, totals] = await Promise.all([
    listPage({
      where,
      keyset,
      input: { ...input, cursor: carried?.keyset },
      rows: (paged, orderBy, limit) =>
        db
          .select({ ...orderColumns, at: keysetAt(orders.createdAt), id: orders.id })
          .from(orders)
          .where(paged)
          .orderBy(...orderBy)
          .limit(limit),
      // The total is the totals' count (first page) or the cursor's (next pages).
      count: async () => 0,
    }),
    carried ? Promise.resolve(null) : scopedVendor(db, scope).then((vendor) => totalsOf(db, where, vendor.currency)),
  ]);
  const total = totals?.count ?? carried?.total ?? 0;
  return {
    items: page.rows.map(orderView),
    total,
    next_cursor: page.next_cursor ? `${page.next_cursor}.${total}` : null,
    totals,
  };
}

/** A cursor this list issued: the keyset's cursor, a dot, the filter's total. */
function splitCursor(cursor: string): { keyset: string; total: number } {
  const dot = cursor.lastIndexOf(".");
  const total = Number(cursor.slice(dot + 1));
  if (dot <= 0 || !/^\d{1,10}$/.test(cursor.slice(dot + 1)) || !Number.isSafeInteger(total)) {
    throw new AppError("VALIDATION_FAILED", { field: "cursor", messageKey: "validation.invalid" });
  }
  return { keyset: cursor.slice(0, dot), total };
}

/**
 * The filter's count and sums, read from the screens' index alone (it includes the amounts and
 * states); the currency is the vendor's, which every order of it is in.
 */
async function totalsOf(db: Db, where: SQL | undefined, currency: string): Promise<OrderTotals> {
  const [row] = await db
    .select({
      count: count(),
      paid: sql<string>`coalesce(sum(${orders.amount}) filter (where ${orders.payStatus} = ${PAY_STATUS.paid}), 0)`,
      refunded: sql<string>`coalesce(sum(${orders.refundedAmount}) filter (where ${orders.refundStatus} = ${REFUND_STATUS.refunded}), 0)`,
    })
    .from(orders)
    .where(where);
  return {
    count: row?.count ?? 0,
    paid_amount: Number(row?.paid ?? 0),
    refunded_amount: Number(row?.refunded ?? 0),
    currency,
  };
}
