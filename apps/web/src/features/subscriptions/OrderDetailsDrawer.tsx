import { useQuery } from "@tanstack/react-query";
import { API, LAYOUT, type SubscriptionOrderItem } from "@washboard/shared";
import { Button, Drawer, Empty } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { errorText } from "../../app/feedback/toast";
import { useActiveVendorId } from "../../app/session/store";
import { PageSpinner } from "../../app/ui/PageSpinner";
import { useMediaQuery } from "../../app/ui/useMediaQuery";
import { receiptPath } from "./links";
import { OrderLines, OrderSummary } from "./OrderSummary";

/** One renewal order: what it buys, and its machines with their end dates before and after it. */
export function OrderDetailsDrawer(props: {
  order: SubscriptionOrderItem;
  onClose(): void;
  /** The order whose payment is starting, if any. */
  payingId: number | null;
  onPay(orderId: number): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const narrow = useMediaQuery(`(max-width: ${LAYOUT.dialogNarrowPx}px)`);
  const vendorId = useActiveVendorId();
  const body = { id: props.order.id };
  const details = useQuery({
    queryKey: queryKeys.call(API.subscriptions.orderDetails, vendorId, body),
    queryFn: () => call(API.subscriptions.orderDetails, body),
  });
  // The list's row until the details come: the summary shows at once.
  const order = details.data ?? props.order;

  return (
    <Drawer
      open
      onClose={props.onClose}
      size={narrow ? "100%" : 760}
      title={t("subscriptions.orderTitle", { number: order.order_number })}
      destroyOnHidden
      data-testid="subscription-order-drawer"
      extra={
        order.state === "paid" ? (
          <Button onClick={() => navigate(receiptPath(order.id))} data-testid="subscription-drawer-receipt">
            {t("subscriptions.receipt")}
          </Button>
        ) : (
          <Button
            type="primary"
            loading={props.payingId === order.id}
            onClick={() => props.onPay(order.id)}
            data-testid="subscription-drawer-pay"
          >
            {t("subscriptions.payWithPayPal")}
          </Button>
        )
      }
    >
      <OrderSummary order={order} narrow={narrow} />
      <div className="subscription-order-lines">
        {details.data ? (
          <OrderLines order={details.data} />
        ) : details.error ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={errorText(details.error)}>
            <Button onClick={() => void details.refetch()}>{t("common.retry")}</Button>
          </Empty>
        ) : (
          <PageSpinner />
        )}
      </div>
    </Drawer>
  );
}
