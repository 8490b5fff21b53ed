import { formatTimestamp, type OrderItem } from "@washboard/shared";
import { Tag, Typography } from "antd";
import { i18next } from "../../app/i18n";
import type { DataColumn } from "../../app/ui/data-table/types";
import { type MoneyDisplay, money } from "../devices/labels";
import { payStatusLabel, refundStatusLabel } from "./labels";

const amountOf = (order: OrderItem, minor: number, display: MoneyDisplay) =>
  money(minor, { ...display, currency: order.currency || display.currency });

/** Spec §3 Orders: numbers, money, states, refund particulars, and where the order was made. */
export function orderColumns(timeZone: string, display: MoneyDisplay): DataColumn<OrderItem>[] {
  const time = (seconds: number | null) => (seconds === null ? "" : formatTimestamp(seconds, timeZone));
  return [
    {
      key: "order_no",
      titleKey: "orders.columns.orderNo",
      text: (o) => o.order_no,
      render: (o) => (
        <Typography.Text copyable={{ text: o.order_no }} style={{ whiteSpace: "nowrap" }} data-testid="order-no">
          {o.order_no}
        </Typography.Text>
      ),
    },
    { key: "created_at", titleKey: "orders.columns.time", text: (o) => time(o.created_at) },
    { key: "amount", titleKey: "orders.columns.amount", text: (o) => amountOf(o, o.amount, display) },
    {
      key: "pay_status",
      titleKey: "orders.columns.payStatus",
      text: (o) => payStatusLabel(o).text,
      render: (o) => <Tag color={payStatusLabel(o).color}>{payStatusLabel(o).text}</Tag>,
    },
    {
      key: "refund_status",
      titleKey: "orders.columns.refundStatus",
      text: (o) => refundStatusLabel(o).text,
      render: (o) => (
        <Tag color={refundStatusLabel(o).color} data-testid="order-refund-status">
          {refundStatusLabel(o).text}
        </Tag>
      ),
    },
    {
      key: "refund_amount",
      titleKey: "orders.columns.refundAmount",
      text: (o) => (o.refund_amount ? amountOf(o, o.refund_amount, display) : ""),
    },
    {
      key: "refund_type",
      titleKey: "orders.columns.refundType",
      text: (o) => (o.refund_type ? `${i18nRefundType(o.refund_type)}` : ""),
    },
    { key: "refund_id", titleKey: "orders.columns.refundId", dataIndex: "refund_id" },
    { key: "refund_time", titleKey: "orders.columns.refundTime", text: (o) => time(o.refund_time) },
    { key: "trade_no", titleKey: "orders.columns.tradeNo", dataIndex: "trade_no" },
    { key: "transaction_id", titleKey: "orders.columns.transactionId", dataIndex: "transaction_id" },
    { key: "merchant_order_no", titleKey: "orders.columns.merchantOrderNo", dataIndex: "merchant_order_no" },
    { key: "shop", titleKey: "devices.fields.shop", text: (o) => o.shop_name ?? "" },
    {
      key: "device",
      titleKey: "devices.fields.device",
      text: (o) => (o.device_name || o.serial_number) ?? "",
    },
    { key: "program", titleKey: "orders.columns.program", text: (o) => o.program ?? "" },
    { key: "card_number", titleKey: "orders.columns.cardNumber", text: (o) => o.card_number ?? "" },
    {
      key: "failure_reason",
      titleKey: "orders.columns.failureReason",
      text: (o) => o.failure_reason ?? "",
      ellipsis: true,
      width: 220,
    },
  ];
}

function i18nRefundType(type: "manual" | "automatic"): string {
  return i18next.t(`orders.refundType.${type}`);
}
