import { API, formatTimestamp, type SubscriptionOrderItem, type TableFormat } from "@washboard/shared";
import { Alert, Button, Select, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useLinkedFilters } from "../../app/layout/useLinkedFilters";
import { useTableFormat } from "../../app/session/useTableFormat";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ListScreen } from "../../app/ui/ListScreen";
import { useDialog } from "../../app/ui/useDialog";
import { OrderStateTag, orderStateText } from "./labels";
import { paymentReturnOf, receiptPath } from "./links";
import { OrderDetailsDrawer } from "./OrderDetailsDrawer";
import { usePayOrder } from "./usePayOrder";
import "./subscriptions.css";

interface Filters {
  state?: "paid" | "unpaid";
}

function orderColumns(format: TableFormat): DataColumn<SubscriptionOrderItem>[] {
  return [
    {
      key: "number",
      titleKey: "subscriptions.columns.orderNumber",
      text: (o) => o.order_number,
      render: (o) => (
        <Typography.Text
          copyable={{ text: o.order_number }}
          style={{ whiteSpace: "nowrap" }}
          data-testid="subscription-order-number"
        >
          {o.order_number}
        </Typography.Text>
      ),
    },
    {
      key: "state",
      titleKey: "subscriptions.columns.state",
      priority: "key",
      text: (o) => orderStateText(o.state),
      render: (o) => <OrderStateTag state={o.state} />,
    },
    {
      key: "amount",
      titleKey: "subscriptions.columns.amount",
      text: (o) => format.money(o.amount, o.currency),
    },
    { key: "machines", titleKey: "subscriptions.columns.machines", text: (o) => String(o.device_count) },
    { key: "years", titleKey: "subscriptions.columns.years", text: (o) => String(o.years) },
    {
      key: "created",
      titleKey: "subscriptions.columns.created",
      priority: "minor",
      text: (o) => formatTimestamp(o.created_at, format.timeZone),
    },
    {
      key: "paid",
      titleKey: "subscriptions.columns.paidAt",
      text: (o) => (o.paid_at === null ? "" : formatTimestamp(o.paid_at, format.timeZone)),
    },
  ];
}

/**
 * The notice of the return from PayPal, once per return: closed, it stays closed. A paid order's
 * receipt is one click away.
 */
function PaymentReturnNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const linked = useLinkedFilters();
  const [closed, setClosed] = useState<string | null>(null);
  const payment = paymentReturnOf(linked.values);
  if (!payment || closed === linked.key) return null;
  const paid = payment.result === "paid";
  const { orderId } = payment;
  return (
    <Alert
      type={paid ? "success" : "warning"}
      showIcon
      closable={{ onClose: () => setClosed(linked.key) }}
      className="subscription-help"
      title={t(paid ? "subscriptions.paidNotice" : "subscriptions.unpaidNotice")}
      action={
        paid &&
        orderId !== null && (
          <Button size="small" onClick={() => navigate(receiptPath(orderId))}>
            {t("subscriptions.receipt")}
          </Button>
        )
      }
      data-testid="subscription-payment-notice"
    />
  );
}

/**
 * /subscribe/orders (spec §2 "My orders"): the vendor's renewal orders, newest first; each one's
 * machines, paying one not yet paid, and a paid one's receipt. PayPal sends the operator back here
 * (`?result=paid|unpaid&order=<id>`), which the notice above the list answers.
 */
export default function OrdersPage() {
  const { t } = useTranslation();
  const format = useTableFormat();
  const navigate = useNavigate();
  const details = useDialog<SubscriptionOrderItem>();
  const payment = usePayOrder();

  return (
    <ListScreen
      testId="subscription-orders-page"
      notice={<PaymentReturnNotice />}
      contract={API.subscriptions.orders}
      filters={{
        fields: [
          {
            name: "state",
            labelKey: "subscriptions.columns.state",
            input: (
              <Select
                allowClear
                placeholder={t("subscriptions.filterAll")}
                options={[
                  { value: "paid", label: t("subscriptions.filterPaid") },
                  { value: "unpaid", label: t("subscriptions.filterUnpaid") },
                ]}
                data-testid="subscription-orders-filter"
              />
            ),
          },
        ],
        toFilters: (values: Filters) => presentFilters(values),
        testId: "subscription-orders-filters",
      }}
      columns={orderColumns(format)}
      rowActions={[
        { labelKey: "subscriptions.details", testId: "subscription-order-details", onClick: details.openEdit },
        {
          labelKey: "subscriptions.pay",
          testId: "subscription-order-pay",
          hidden: (o) => o.state === "paid",
          loading: payment.payingId !== null,
          onClick: (o) => payment.pay(o.id),
        },
        {
          labelKey: "subscriptions.receipt",
          testId: "subscription-order-receipt",
          hidden: (o) => o.state !== "paid",
          onClick: (o) => navigate(receiptPath(o.id)),
        },
      ]}
      table={{
        testId: "subscription-order-table",
        emptyText: (filters) => (filters.state ? t("table.empty") : t("subscriptions.ordersEmpty")),
      }}
    >
      {details.state?.record && (
        <OrderDetailsDrawer
          order={details.state.record}
          onClose={details.close}
          payingId={payment.payingId}
          onPay={payment.pay}
        />
      )}
    </ListScreen>
  );
}
