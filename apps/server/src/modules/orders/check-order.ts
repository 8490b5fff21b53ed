import type { OrderItem, OrderProviderId } from "@washboard/shared";
import { and, eq } from "drizzle-orm";
import { AppError } from "../../platform/http/app-error.js";
import type { AppDeps } from "../../platform/module.js";
import type { VendorTenant } from "../tenancy/public.js";
import { orderColumns, orderView } from "./order-view.js";
import { queriedPayment, recordPayment } from "./payments.js";
import { ProviderError } from "./providers/adapter.js";
import { adapterOf } from "./providers/index.js";
import { providerCall } from "./providers/provider-call.js";
import { orders } from "./tables.js";

/**
 * check_order (spec §7, QRIS and FOMO): asks the provider how one of the vendor's orders stands and
 * records a payment it reports as if its notification had arrived (the same once-only path).
 */
export async function checkOrder(
  deps: AppDeps,
  tenant: VendorTenant,
  source: OrderProviderId,
  orderId: number,
): Promise<OrderItem> {
  const { db } = deps;
  const find = async () => {
    const [row] = await db
      .select(orderColumns)
      .from(orders)
      .where(and(eq(orders.id, orderId), tenant.owns(orders), eq(orders.source, source)));
    if (!row) throw new AppError("NOT_FOUND", { field: "order_id" });
    return row;
  };
  const { order } = await find();
  const adapter = adapterOf(source);
  if (!adapter?.query) throw new AppError("PROVIDER_NOT_CONFIGURED");
  const call = await providerCall(deps, adapter, tenant.vendorId);
  if (!call) throw new AppError("PROVIDER_NOT_CONFIGURED");
  const orderNo = order.merchantOrderNo ?? order.orderNo;
  try {
    const answer = await adapter.query(call, orderNo, order.currency);
    const recorded = await db.transaction((tx) =>
      recordPayment(tx, tenant.vendorId, source, queriedPayment(orderNo, `check:${orderNo}`, answer)),
    );
    deps.metrics.payments.paymentRecorded(source, recorded);
  } catch (error) {
    if (error instanceof ProviderError) throw new AppError("PROVIDER_FAILED", { message: error.message });
    throw error;
  }
  return orderView(await find());
}
