import { defineModule } from "../../platform/module.js";
import { fill } from "../../platform/ports.js";
import { deviceSales } from "../devices/public.js";
import { seedDemoOrders } from "./demo-orders.js";
import { cardPayment, deviceOrderWriter, machineTopUpCredit } from "./device-orders.js";
import { paidStartDelivery, START_SWEEP_MS, sweepPaidStarts } from "./paid-starts.js";
import { closeLapsedPayments, EXPIRY_SWEEP_MS, PAYMENT_CLOSE, paymentCloseDelivery } from "./payment-expiry.js";
import { PAID_START } from "./payments.js";
import * as provides from "./public.js";
import { balanceRefund } from "./refunds/balance-refunds.js";
import { refundDelivery } from "./refunds/refund-delivery.js";
import { REFUND_DELIVERY } from "./refunds/refund-service.js";
import { orderRoutes } from "./routes.js";
import * as tables from "./tables.js";

/**
 * Orders of every payment source (spec §3 Orders): what machines sell, what providers notify, the
 * machine a payment starts (refunded automatically when it does not), and refunds delivered through
 * the outbox exactly once. A customer's unpaid payment lapses with its machine's hold and is closed
 * at the provider.
 */
export const ordersModule = defineModule({
  name: "orders",
  provides,
  consumes: [cardPayment, machineTopUpCredit, balanceRefund],
  fills: [fill(deviceSales, deviceOrderWriter)],
  tables,
  routes: orderRoutes,
  seedDemo: (db, { tenantOnly, demoVendorNames }) =>
    tenantOnly ? Promise.resolve(false) : seedDemoOrders(db, demoVendorNames),
  outbox: (deps) => ({
    [REFUND_DELIVERY]: refundDelivery(deps),
    [PAID_START]: paidStartDelivery(deps),
    [PAYMENT_CLOSE]: paymentCloseDelivery(deps),
  }),
  async start({ db, log }) {
    const sweeper = setInterval(() => {
      sweepPaidStarts(db).catch((error: unknown) => log.error({ err: error }, "paid start sweep failed"));
    }, START_SWEEP_MS);
    const expiry = setInterval(() => {
      closeLapsedPayments(db).catch((error: unknown) => log.error({ err: error }, "payment expiry sweep failed"));
    }, EXPIRY_SWEEP_MS);
    sweeper.unref();
    expiry.unref();
    return {
      stop: async () => {
        clearInterval(sweeper);
        clearInterval(expiry);
      },
    };
  },
});
