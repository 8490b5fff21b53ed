import type { OrderItem } from "@washboard/shared";
import { toSeconds } from "../../platform/db/columns.js";
import { deviceNameOf, deviceSerialOf } from "../devices/public.js";
import { shopNameOf } from "../shops/public.js";
import { orders, PAY_STATUS, REFUND_RESULT, REFUND_STATUS } from "./tables.js";

/** The columns an order is shown with, names of its shop and machine included. */
export const orderColumns = {
  order: orders,
  shopName: shopNameOf(orders.shopId),
  deviceName: deviceNameOf(orders.deviceId),
  serialNumber: deviceSerialOf(orders.deviceId),
};

export type OrderRow = typeof orders.$inferSelect;
export interface OrderViewRow {
  order: OrderRow;
  shopName: string | null;
  deviceName: string | null;
  serialNumber: string | null;
}

/** Spec §4 states by their wire names (the table keeps codes). */
export const payStatusName = (code: number) => (code === PAY_STATUS.paid ? "paid" : "unpaid");

/** An order that can no longer be paid: closed, or past its expiry (the sweep closes it soon). */
export const paymentLapsed = (order: { closedAt: Date | null; expiresAt: Date | null }) =>
  order.closedAt !== null || (order.expiresAt !== null && order.expiresAt.getTime() <= Date.now());
export const refundStatusName = (code: number) =>
  code === REFUND_STATUS.refunded ? "refunded" : code === REFUND_STATUS.refunding ? "refunding" : "none";
const refundResultName = (code: number | null) =>
  code === REFUND_RESULT.success ? "success" : code === REFUND_RESULT.failure ? "failure" : null;

export function orderView({ order, shopName, deviceName, serialNumber }: OrderViewRow): OrderItem {
  return {
    id: order.id,
    order_no: order.orderNo,
    trade_no: order.tradeNo,
    transaction_id: order.transactionId,
    merchant_order_no: order.merchantOrderNo,
    pay_unique_no: order.payUniqueNo,
    source: order.source,
    pay_type: order.payType,
    start_type: order.startType,
    amount: order.amount,
    currency: order.currency,
    pay_status: payStatusName(order.payStatus),
    paid_at: toSeconds(order.paidAt),
    closed_at: toSeconds(order.closedAt),
    refund_status: refundStatusName(order.refundStatus),
    refund_result: refundResultName(order.refundResult),
    refund_type: order.refundType === "manual" || order.refundType === "automatic" ? order.refundType : null,
    refund_id: order.refundId,
    refund_amount: order.refundedAmount,
    refund_time: toSeconds(order.refundTime),
    failure_reason: order.failureReason,
    shop_id: order.shopId,
    shop_name: shopName,
    device_id: order.deviceId,
    device_name: deviceName,
    serial_number: serialNumber,
    member_id: order.memberId,
    card_number: order.cardNumber,
    program: order.program,
    pricing: order.pricing,
    created_at: toSeconds(order.createdAt),
  };
}
