import { PrinterOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { API, formatTimestamp, type SubscriptionOrderDetails } from "@washboard/shared";
import { Alert, Button, Card, Descriptions, Empty } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { errorText } from "../../app/feedback/toast";
import { useLinkedFilters } from "../../app/layout/useLinkedFilters";
import { useActiveVendorId } from "../../app/session/store";
import { useTableFormat } from "../../app/session/useTableFormat";
import { PageSpinner } from "../../app/ui/PageSpinner";
import { receiptOrderId } from "./links";
import { OrderLines } from "./OrderSummary";
import "./subscriptions.css";

/** Who sells or buys, as the receipt prints them: the name, then each line given. */
function Party(props: { titleKey: string; name: string; lines: string[] }) {
  const { t } = useTranslation();
  return (
    <address className="receipt-party">
      <div className="receipt-party-title">{t(props.titleKey)}</div>
      <strong>{props.name}</strong>
      {props.lines
        .filter((line) => line !== "")
        .map((line) => (
          <div key={line}>{line}</div>
        ))}
    </address>
  );
}

function Receipt({ order }: { order: SubscriptionOrderDetails }) {
  const { t } = useTranslation();
  const format = useTableFormat();
  const money = (minor: number) => format.money(minor, order.currency);
  const { seller, buyer } = order;
  return (
    <>
      <header className="receipt-head">
        <h2 className="receipt-title">{t("subscriptions.receiptTitle")}</h2>
        <span className="receipt-number">{order.order_number}</span>
      </header>
      {order.state !== "paid" && (
        <Alert type="warning" showIcon className="receipt-not-paid" title={t("subscriptions.notPaidYet")} />
      )}
      <div className="receipt-parties">
        <Party
          titleKey="subscriptions.seller"
          name={seller.name}
          lines={[seller.address, seller.email, seller.phone, seller.website]}
        />
        <Party titleKey="subscriptions.buyer" name={buyer.name} lines={[buyer.contact, buyer.phone]} />
      </div>
      <Descriptions size="small" column={1} bordered className="receipt-facts" data-testid="receipt-facts">
        <Descriptions.Item label={t("subscriptions.columns.orderNumber")}>{order.order_number}</Descriptions.Item>
        <Descriptions.Item label={t("subscriptions.columns.paidAt")}>
          {order.paid_at === null ? "—" : formatTimestamp(order.paid_at, format.timeZone)}
        </Descriptions.Item>
        <Descriptions.Item label={t("subscriptions.paymentReference")}>
          {order.payment_reference ?? "—"}
        </Descriptions.Item>
      </Descriptions>
      <OrderLines order={order} />
      <Descriptions size="small" column={1} bordered className="receipt-totals" data-testid="receipt-totals">
        <Descriptions.Item label={t("subscriptions.unitPrice")}>{money(order.unit_price)}</Descriptions.Item>
        <Descriptions.Item label={t("subscriptions.columns.machines")}>{order.device_count}</Descriptions.Item>
        <Descriptions.Item label={t("subscriptions.columns.years")}>{order.years}</Descriptions.Item>
        <Descriptions.Item label={t("subscriptions.total")}>
          <strong data-testid="receipt-total">{money(order.amount)}</strong>
        </Descriptions.Item>
      </Descriptions>
      <p className="receipt-footer">{t("subscriptions.receiptFooter")}</p>
    </>
  );
}

/**
 * /subscribe/receipt?id=<order id> (hidden; opened from My orders): a paid renewal order's receipt,
 * ready to print — the print stylesheet leaves the console's frame and the Print button out.
 */
export default function ReceiptPage() {
  const { t } = useTranslation();
  const linked = useLinkedFilters();
  const vendorId = useActiveVendorId();
  const id = receiptOrderId(linked.values.id);
  const details = useQuery({
    queryKey: queryKeys.call(API.subscriptions.orderDetails, vendorId, { id }),
    queryFn: () => call(API.subscriptions.orderDetails, { id: id ?? 0 }),
    enabled: id !== null,
  });

  let content: ReactNode;
  if (id === null) content = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("subscriptions.noOrder")} />;
  else if (details.data) content = <Receipt order={details.data} />;
  else if (details.error)
    content = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={errorText(details.error)}>
        <Button onClick={() => void details.refetch()}>{t("common.retry")}</Button>
      </Empty>
    );
  else content = <PageSpinner />;

  return (
    <Card className="subscription-receipt" data-testid="subscription-receipt">
      <div className="receipt-toolbar">
        <Button
          icon={<PrinterOutlined />}
          onClick={() => window.print()}
          disabled={!details.data}
          data-testid="receipt-print"
        >
          {t("subscriptions.print")}
        </Button>
      </div>
      {content}
    </Card>
  );
}
