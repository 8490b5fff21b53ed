import { ORDER_COLUMNS, type OrderItem, type TableFormat } from "@washboard/shared";
import { Tag, Typography } from "antd";
import type { ReactNode } from "react";
import type { DataColumn } from "../../app/ui/data-table/types";

/** Spec §4 states' tag colours. */
function payStatusColor(order: OrderItem): string {
  return order.pay_status === "paid" ? "green" : "default";
}
function refundStatusColor(order: OrderItem): string {
  if (order.refund_status === "none") return "default";
  if (order.refund_status === "refunding") return "blue";
  return order.refund_result === "failure" ? "red" : "orange";
}

/** Where the screen shows a cell as more than its text (the export writes the text). */
const RENDERS: Partial<Record<string, (order: OrderItem, text: string) => ReactNode>> = {
  order_no: (_order, text) => (
    <Typography.Text copyable={{ text }} style={{ whiteSpace: "nowrap" }} data-testid="order-no">
      {text}
    </Typography.Text>
  ),
  pay_status: (o, text) => <Tag color={payStatusColor(o)}>{text}</Tag>,
  refund_status: (o, text) => (
    <Tag color={refundStatusColor(o)} data-testid="order-refund-status">
      {text}
    </Tag>
  ),
};

/** The order screens' columns: the shared ones (spec §3), each with the screen's tags and links. */
export function orderColumns(format: TableFormat): DataColumn<OrderItem>[] {
  return ORDER_COLUMNS.map((column) => {
    const text = (order: OrderItem) => column.text(order, format);
    const render = RENDERS[column.key];
    return {
      key: column.key,
      titleKey: column.titleKey,
      text,
      cell: column.cell,
      ...(render ? { render: (order: OrderItem) => render(order, text(order)) } : {}),
      ...(column.key === "failure_reason" ? { ellipsis: true, width: 220 } : {}),
    };
  });
}
