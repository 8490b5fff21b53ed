import { LAYOUT, type SubscriptionOrderDetails } from "@washboard/shared";
import { Button, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { AppModal } from "../../app/ui/AppModal";
import { useMediaQuery } from "../../app/ui/useMediaQuery";
import { OrderLines, OrderSummary } from "./OrderSummary";
import { usePayOrder } from "./usePayOrder";

/**
 * The order a renewal made: what it buys and its total, and the way to pay it. Closed unpaid, it
 * waits in My orders.
 */
export function OrderDialog(props: { order: SubscriptionOrderDetails; onClose(): void }) {
  const { t } = useTranslation();
  const { order } = props;
  const narrow = useMediaQuery(`(max-width: ${LAYOUT.dialogNarrowPx}px)`);
  const payment = usePayOrder({ onPaid: props.onClose });
  const paying = payment.payingId === order.id;
  return (
    <AppModal
      open
      title={t("subscriptions.orderTitle", { number: order.order_number })}
      onCancel={props.onClose}
      data-testid="subscription-order-dialog"
      footer={[
        <Button key="close" onClick={props.onClose}>
          {t("common.close")}
        </Button>,
        order.state !== "paid" && (
          <Button
            key="pay"
            type="primary"
            loading={paying}
            onClick={() => payment.pay(order.id)}
            data-testid="subscription-pay"
          >
            {t("subscriptions.payWithPayPal")}
          </Button>
        ),
      ]}
    >
      <OrderSummary order={order} narrow={narrow} />
      {payment.redirecting && (
        <Typography.Paragraph type="secondary" className="subscription-redirecting" role="status">
          {t("subscriptions.redirecting")}
        </Typography.Paragraph>
      )}
      <div className="subscription-order-lines">
        <OrderLines order={order} />
      </div>
    </AppModal>
  );
}
