import type { OrderItem, OrderSource, OrderTotals, orderListRequest, orderListResult } from "@washboard/shared";
import { and, eq, gte, like, lt, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { createdKeyset, keysetAt } from "../../platform/db/keysets.js";
import { listPage } from "../../platform/db/list-page.js";
import { qualified } from "../../platform/db/qualified.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import { scopedVendor, vendorTenant } from "../tenancy/public.js";
import { orderColumns, orderView } from "./order-view.js";
import { orders, orderTotalsDaily, PAY_STATUS, REFUND_STATUS } from "./tables.js";

type ListInput = z.output<typeof orderListRequest>;
/** An order screen's filters (a list page's or an export's). */
type FilterInput = Omit<ListInput, "cursor" | "page_size">;

/** A prefix LIKE pattern (the number's beginning), with LIKE's own characters taken literally. */
const prefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(scope: TenantScope, source: OrderSource, input: FilterInput): SQL | undefined {
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
  // A next page's cursor carries the filter's total from the first page: counting a large filter
  // again on every page would cost what keyset paging saves.
  const carried = input.cursor ? splitCursor(input.cursor) : undefined;
  // The first page's statement also sums the filter (no row: nothing matches).
  const sums = carried ? null : totalsOf(scope, source, input, where);
  const page = await ordersPage(db, where, { page_size: input.page_size, cursor: carried?.keyset }, sums);
  const vendor = await scopedVendor(db, scope);
  const totals = sums ? totalsView(page.rows[0]?.sums ?? null, vendor.currency) : null;
  // The total is the totals' count (first page) or the cursor's (next pages).
  const total = totals?.count ?? carried?.total ?? 0;
  return {
    items: page.rows.map(orderView),
    total,
    next_cursor: page.next_cursor ? `${page.next_cursor}.${total}` : null,
    totals,
  };
}

const keyset = createdKeyset({ createdAt: orders.createdAt, id: orders.id }, (row: { at: string; id: number }) => row);

/**
 * One page of the orders matching `where`, newest first, after the keyset cursor, each row with
 * `sums` beside it when asked for (the list counts by them, or carries its total in the cursor).
 */
function ordersPage(
  db: Db,
  where: SQL | undefined,
  input: { page_size: number; cursor?: string | undefined },
  sums: SQL<OrderSums | null> | null = null,
) {
  return listPage({
    where,
    keyset,
    input,
    rows: (paged, orderBy, limit, total) =>
      db
        .select({ ...orderColumns, at: keysetAt(orders.createdAt), id: orders.id, total, sums: sums ?? noSums })
        .from(orders)
        .where(paged)
        .orderBy(...orderBy)
        .limit(limit),
    count: () => sql<number>`0`,
  });
}

const noSums = sql<OrderSums | null>`null`;

/**
 * Every order the filter matches, newest first, a batch at a time: each batch is a keyset page, so
 * the thousandth costs what the first does, and nothing is held between them (an export streams them).
 */
export async function* orderBatches(
  db: Db,
  scope: TenantScope,
  source: OrderSource,
  input: FilterInput,
  batchSize = 1_000,
): AsyncGenerator<OrderItem[]> {
  const where = conditions(scope, source, input);
  let cursor: string | undefined;
  do {
    const page = await ordersPage(db, where, { page_size: batchSize, cursor });
    if (page.rows.length > 0) yield page.rows.map(orderView);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
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

const DAY_SECONDS = 86_400;

/** The filter's count and sums, as `totalsOf` selects them (bigints as text). */
interface OrderSums {
  count: string | number;
  paid: string | number;
  refunded: string | number;
}

/** The filter's totals in the vendor's currency, which every order of it is in. */
function totalsView(sums: OrderSums | null, currency: string): OrderTotals {
  return {
    count: Number(sums?.count ?? 0),
    paid_amount: Number(sums?.paid ?? 0),
    refunded_amount: Number(sums?.refunded ?? 0),
    currency,
  };
}

/**
 * The filter's count and sums, a subquery of the first page's statement. Whole UTC days inside the
 * period are read from the pre-counted totals (`order_totals_daily`: a few rows a day), the
 * part-days at its ends from the orders themselves: the same figures a scan gives. A number search
 * matches few orders: those are counted directly.
 */
function totalsOf(scope: TenantScope, source: OrderSource, input: ListInput, where: SQL | undefined): SQL<OrderSums> {
  const firstWhole = input.from === undefined ? undefined : Math.ceil(input.from / DAY_SECONDS) * DAY_SECONDS;
  const afterWhole = input.to === undefined ? undefined : Math.floor((input.to + 1) / DAY_SECONDS) * DAY_SECONDS;
  const wholeDays = !input.search && (firstWhole === undefined || afterWhole === undefined || firstWhole < afterWhole);
  const parts = wholeDays
    ? [
        ...(firstWhole === undefined ? [] : [scanned(and(where, lt(orders.createdAt, new Date(firstWhole * 1000))))]),
        ...(afterWhole === undefined ? [] : [scanned(and(where, gte(orders.createdAt, new Date(afterWhole * 1000))))]),
        counted(scope, source, input, firstWhole, afterWhole),
      ]
    : [scanned(where)];
  // Sums as text: a bigint beyond 2^53 is no JSON number.
  return sql<OrderSums>`(select json_build_object('count', coalesce(sum(part.orders), 0)::bigint::text,
      'paid', coalesce(sum(part.paid), 0)::bigint::text, 'refunded', coalesce(sum(part.refunded), 0)::bigint::text)
    from (${sql.join(parts, sql` union all `)}) as part)`;
}

/** The filtered orders' own count and sums (read from the screens' index, which includes them). */
function scanned(where: SQL | undefined): SQL {
  return sql`select count(*) as orders,
    sum(${qualified(orders.amount)}) filter (where ${qualified(orders.payStatus)} = ${PAY_STATUS.paid}) as paid,
    sum(${qualified(orders.refundedAmount)}) filter (where ${qualified(orders.refundStatus)} = ${REFUND_STATUS.refunded}) as refunded
    from ${orders} where ${where ?? sql`true`}`;
}

/** The pre-counted totals of the whole UTC days from `firstWhole` to before `afterWhole` (seconds). */
function counted(
  scope: TenantScope,
  source: OrderSource,
  input: ListInput,
  firstWhole: number | undefined,
  afterWhole: number | undefined,
): SQL {
  const t = orderTotalsDaily;
  const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
  const where = and(
    vendorTenant(scope).owns(t),
    eq(t.source, source),
    firstWhole === undefined ? undefined : gte(t.day, day(firstWhole)),
    afterWhole === undefined ? undefined : lt(t.day, day(afterWhole)),
    input.shop_id === undefined ? undefined : eq(t.shopId, input.shop_id),
    input.device_id === undefined ? undefined : eq(t.deviceId, input.device_id),
    input.pay_status === undefined ? undefined : eq(t.payStatus, PAY_STATUS[input.pay_status]),
    input.refund_status === undefined ? undefined : eq(t.refundStatus, REFUND_STATUS[input.refund_status]),
  );
  return sql`select sum(${qualified(t.orders)}) as orders,
    sum(${qualified(t.amount)}) filter (where ${qualified(t.payStatus)} = ${PAY_STATUS.paid}) as paid,
    sum(${qualified(t.refundedAmount)}) filter (where ${qualified(t.refundStatus)} = ${REFUND_STATUS.refunded}) as refunded
    from ${t} where ${where}`;
}
