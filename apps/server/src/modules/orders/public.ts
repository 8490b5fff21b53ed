/** The public face of the orders module: all another module may import of it (src/architecture.test.ts checks). */

export { completeApprovedPayment } from "./approved-return.js";
export type { DemoMemberOrder } from "./demo-orders.js";
export { demoConsoleRefunds, writeDemoMemberOrders } from "./demo-orders.js";
export type { CardPayer, MachineTopUp } from "./device-orders.js";
export { cardPayment, machineTopUpCredit, writeCardSale } from "./device-orders.js";
export { createMemberOrder } from "./member-orders.js";
export { hasPaidOrder, noteProviderRef, orderByNumber, recentOrdersOfMember } from "./order-lookup.js";
export { newSubscriptionOrderNo } from "./order-numbers.js";
export { rebuildOrderTotals } from "./order-totals.js";
export { paymentLapsed, payStatusName, refundStatusName } from "./order-view.js";
export { cancelPayment } from "./payment-expiry.js";
export { recordPayment } from "./payments.js";
export { createPendingOrder } from "./pending-orders.js";
export { promotionCounters } from "./promotion-counters.js";
export type { ProviderCall } from "./providers/adapter.js";
export { ProviderError } from "./providers/adapter.js";
export { adapterOf } from "./providers/index.js";
export { notifyPath, providerCall } from "./providers/provider-call.js";
export type { BalanceRefunder } from "./refunds/balance-refunds.js";
export { balanceRefund } from "./refunds/balance-refunds.js";
