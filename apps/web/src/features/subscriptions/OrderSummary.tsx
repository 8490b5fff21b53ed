import { formatTimestamp, type SubscriptionOrderDetails, type SubscriptionOrderLine } from "@washboard/shared";
import { Descriptions, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { useTableFormat } from "../../app/session/useTableFormat";
import { endDateText, OrderStateTag } from "./labels";

type OrderFacts = Omit<SubscriptionOrderDetails, "lines" | "seller" | "buyer" | "payment_reference">;

/**
 * What an order buys: its number and state, machines × years × the price of a machine-year, and the
 * total — money in the order's own currency, times in the vendor's zone.
 */
export function OrderSummary({ order, narrow = false }: { order: OrderFacts; narrow?: boolean }) {
  const { t } = useTranslation();
  const format = useTableFormat();
  const price = format.money(order.unit_price, order.currency);
  return (
    <Descriptions size="small" column={narrow ? 1 : 2} bordered data-testid="subscription-order-summary">
      <Descriptions.Item label={t("subscriptions.columns.orderNumber")}>
        <Typography.Text copyable={{ text: order.order_number }} data-testid="subscription-order-number">
          {order.order_number}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t("subscriptions.columns.state")}>
        <OrderStateTag state={order.state} />
      </Descriptions.Item>
      <Descriptions.Item label={t("subscriptions.unitPrice")}>{price}</Descriptions.Item>
      <Descriptions.Item label={t("subscriptions.columns.created")}>
        {formatTimestamp(order.created_at, format.timeZone)}
      </Descriptions.Item>
      <Descriptions.Item label={t("subscriptions.total")} span={narrow ? 1 : 2}>
        <Typography.Text type="secondary">
          {t("subscriptions.orderSummary", { machines: order.device_count, years: order.years, price })}
        </Typography.Text>{" "}
        ={" "}
        <Typography.Text strong data-testid="subscription-order-total">
          {format.money(order.amount, order.currency)}
        </Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * An order's machines: once it is paid, each one's end date before and after the order; until
 * then, its end date now.
 */
export function OrderLines({ order }: { order: Pick<SubscriptionOrderDetails, "state" | "lines"> }) {
  const { t } = useTranslation();
  const { timeZone } = useTableFormat();
  const date = (seconds: number | null) => endDateText(seconds, timeZone);
  const ends: ColumnsType<SubscriptionOrderLine> =
    order.state === "paid"
      ? [
          { key: "before", title: t("subscriptions.columns.before"), render: (_, l) => date(l.expires_before) },
          { key: "after", title: t("subscriptions.columns.after"), render: (_, l) => date(l.expires_after) },
        ]
      : [{ key: "end", title: t("subscriptions.columns.endDate"), render: (_, l) => date(l.expires_at) }];
  return (
    <Table<SubscriptionOrderLine>
      size="small"
      pagination={false}
      rowKey="device_id"
      dataSource={order.lines}
      data-testid="subscription-order-lines"
      columns={[
        {
          key: "device",
          title: t("subscriptions.columns.device"),
          render: (_, l) => (
            <span className="subscription-device-cell">
              <span>{l.serial}</span>
              {l.name && l.name !== l.serial && <Typography.Text type="secondary">{l.name}</Typography.Text>}
            </span>
          ),
        },
        { key: "shop", title: t("subscriptions.columns.shop"), render: (_, l) => l.shop_name ?? "—" },
        ...ends,
      ]}
    />
  );
}
