import {
  API,
  CHECK_CALLS,
  type CheckableSource,
  hasPermission,
  ORDER_SCREENS,
  type OrderSource,
  orderExportCall,
  orderListCall,
  REFUND_CALLS,
  type RefundableSource,
} from "@washboard/shared";
import { and, eq, inArray } from "drizzle-orm";
import { AppError } from "../../platform/http/app-error.js";
import type { SignedInContext } from "../../platform/http/context.js";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { vendorTenant } from "../tenancy/public.js";
import { checkOrder } from "./check-order.js";
import { listOrders } from "./list.js";
import { exportOrders } from "./order-export.js";
import { orderColumns, orderView } from "./order-view.js";
import { refundsOfOrder, requestRefund } from "./refunds/refund-service.js";
import { orders } from "./tables.js";
import { orderWebhooks } from "./webhooks.js";

/**
 * The sources whose screens the account may open (a level-4 account, by each screen's own v_order
 * leaf): the calls that find an order whatever its screen answer only these.
 */
function visibleSources(ctx: SignedInContext): OrderSource[] {
  return ORDER_SCREENS.filter((s) => ctx.actor.level !== 4 || hasPermission(ctx.actor.permissions, s.permission)).map(
    (s) => s.source,
  );
}

export function orderRoutes(r: Routes, deps: AppDeps) {
  const { db } = deps;
  for (const screen of ORDER_SCREENS) {
    r.call(orderListCall(screen.source), (input, ctx) => listOrders(db, ctx.scope, screen.source, input));
    r.download(orderExportCall(screen.source), (input, ctx) => exportOrders(deps, ctx.scope, screen.source, input));
  }
  r.call(API.orders.byPayUniqueNo, async (input, ctx) => {
    const [row] = await db
      .select(orderColumns)
      .from(orders)
      .where(
        and(
          eq(orders.payUniqueNo, input.pay_unique_no),
          vendorTenant(ctx.scope).owns(orders),
          inArray(orders.source, visibleSources(ctx)),
        ),
      );
    if (!row) throw new AppError("NOT_FOUND", { field: "pay_unique_no" });
    return orderView(row);
  });
  r.call(API.orders.refunds, async (input, ctx) => ({
    items: await refundsOfOrder(db, vendorTenant(ctx.scope), input.order_id, visibleSources(ctx)),
  }));
  for (const [source, call] of Object.entries(REFUND_CALLS) as [
    RefundableSource,
    (typeof REFUND_CALLS)[RefundableSource],
  ][]) {
    r.call(API.orders[call], async (input, ctx) => {
      ctx.audit.target = `order:${input.order_id}`;
      return requestRefund(db, { tenant: vendorTenant(ctx.scope), source, accountId: ctx.actor.accountId, input });
    });
  }
  for (const [source, call] of Object.entries(CHECK_CALLS) as [
    CheckableSource,
    (typeof CHECK_CALLS)[CheckableSource],
  ][]) {
    r.call(API.orders[call], async (input, ctx) => {
      ctx.audit.target = `order:${input.order_id}`;
      return checkOrder(deps, vendorTenant(ctx.scope), source, input.order_id);
    });
  }
  orderWebhooks(r, deps);
}
