import type { OrderItem } from "../api/orders.js";
import type { PriceAdjustment } from "../api/promotions.js";
import { formatTimestamp } from "../format/time.js";
import { type OrderProviderId, PROVIDER_BRAND_NAMES } from "../payments/providers.js";
import { moneyCell, type TableFormat, type TextColumn } from "../reports/table-columns.js";

/** Spec §4 payment state as the reader reads it; an unpaid payment that was closed says so. */
export function payStatusText(order: Pick<OrderItem, "pay_status" | "closed_at">, t: TableFormat["t"]): string {
  if (order.pay_status === "paid") return t("orders.payStatus.paid");
  return t(order.closed_at === null ? "orders.payStatus.unpaid" : "orders.payStatus.closed");
}

/** Spec §4 refund state, with its result once it has one. */
export function refundStatusText(
  order: Pick<OrderItem, "refund_status" | "refund_result">,
  t: TableFormat["t"],
): string {
  if (order.refund_status === "none") return t("orders.refundStatus.none");
  if (order.refund_status === "refunding") return t("orders.refundStatus.refunding");
  return t(order.refund_result === "failure" ? "orders.refundStatus.failed" : "orders.refundStatus.refunded");
}

const time = (seconds: number | null, f: TableFormat) => (seconds === null ? "" : formatTimestamp(seconds, f.timeZone));
const plain = (value: string | null) => value ?? "";
/** A provider's discount names its provider by brand; every other step names its rule. */
export const adjustmentName = (a: PriceAdjustment) =>
  a.kind === "pay_discount" ? (PROVIDER_BRAND_NAMES[a.name as OrderProviderId] ?? a.name) : a.name;

/**
 * Spec §3 Orders: numbers, money, states, refund particulars, and where the order was made — the
 * columns of every order screen, and of its export whether the console or the server writes it.
 */
export const ORDER_COLUMNS: readonly TextColumn<OrderItem>[] = [
  { key: "order_no", titleKey: "orders.columns.orderNo", text: (o) => o.order_no },
  { key: "created_at", titleKey: "orders.columns.time", text: (o, f) => time(o.created_at, f) },
  {
    key: "amount",
    titleKey: "orders.columns.amount",
    text: (o, f) => f.money(o.amount, o.currency),
    cell: (o) => moneyCell(o.amount, o.currency),
  },
  { key: "pay_status", titleKey: "orders.columns.payStatus", text: (o, f) => payStatusText(o, f.t) },
  { key: "refund_status", titleKey: "orders.columns.refundStatus", text: (o, f) => refundStatusText(o, f.t) },
  {
    key: "refund_amount",
    titleKey: "orders.columns.refundAmount",
    text: (o, f) => (o.refund_amount ? f.money(o.refund_amount, o.currency) : ""),
    cell: (o) => (o.refund_amount ? moneyCell(o.refund_amount, o.currency) : undefined),
  },
  {
    key: "refund_type",
    titleKey: "orders.columns.refundType",
    text: (o, f) => (o.refund_type ? f.t(`orders.refundType.${o.refund_type}`) : ""),
  },
  { key: "refund_id", titleKey: "orders.columns.refundId", text: (o) => plain(o.refund_id) },
  { key: "refund_time", titleKey: "orders.columns.refundTime", text: (o, f) => time(o.refund_time, f) },
  { key: "trade_no", titleKey: "orders.columns.tradeNo", text: (o) => plain(o.trade_no) },
  { key: "transaction_id", titleKey: "orders.columns.transactionId", text: (o) => plain(o.transaction_id) },
  { key: "merchant_order_no", titleKey: "orders.columns.merchantOrderNo", text: (o) => plain(o.merchant_order_no) },
  { key: "shop", titleKey: "devices.fields.shop", text: (o) => plain(o.shop_name) },
  { key: "device", titleKey: "devices.fields.device", text: (o) => (o.device_name || o.serial_number) ?? "" },
  { key: "program", titleKey: "orders.columns.program", text: (o) => plain(o.program) },
  {
    key: "adjustments",
    titleKey: "orders.columns.adjustments",
    text: (o, f) =>
      (o.pricing?.adjustments ?? [])
        .map((a) => `${f.t(`orders.adjustments.${a.kind}`)} ${adjustmentName(a)} ${f.money(a.amount, o.currency)}`)
        .join("; "),
  },
  { key: "card_number", titleKey: "orders.columns.cardNumber", text: (o) => plain(o.card_number) },
  { key: "failure_reason", titleKey: "orders.columns.failureReason", text: (o) => plain(o.failure_reason) },
];
