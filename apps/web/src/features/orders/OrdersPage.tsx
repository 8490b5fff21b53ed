import { useQuery } from "@tanstack/react-query";
import {
  API,
  CHECK_CALLS,
  formatMoney,
  isCheckable,
  isRefundable,
  ORDER_SCREENS,
  type OrderItem,
  orderScreenTitleKey,
  refundableToday,
} from "@washboard/shared";
import { Card, Statistic } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { useCallMutation } from "../../app/api/useCallMutation";
import { useViewPath } from "../../app/layout/view-path";
import { useActiveVendorId } from "../../app/session/store";
import { useCan } from "../../app/session/useCan";
import { useMoneyDisplay } from "../../app/session/useMoneyDisplay";
import { useTableFormat } from "../../app/session/useTableFormat";
import { useTimeZone } from "../../app/session/useTimeZone";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import { actionsColumn } from "../../app/ui/data-table/row-actions";
import { orderColumns } from "./columns";
import { type OrderFilterForm, orderFilterFields, toOrderFilters } from "./filters";
import { RefundDialog } from "./RefundDialog";

/**
 * Every order screen (spec §2: /order/freestart, mem_account, mem_card and one per provider): the
 * same page, its source taken from the route. Filters, totals for the filter, keyset pages, export,
 * and — where the provider allows — refund (WeChat Pay, Alipay, the sandbox) and check (QRIS, FOMO).
 */
export default function OrdersPage() {
  const { t } = useTranslation();
  const pathname = useViewPath();
  const screen = ORDER_SCREENS.find((s) => s.route === pathname) ?? ORDER_SCREENS[0];
  const source = screen?.source ?? "free_start";
  // Through the registry (the console's call table), never the contract module itself.
  const contract = API.orders[`list_${source}`];
  // The server writes the export: an order list runs to hundreds of thousands of rows.
  const exportCall = API.orders[`export_${source}`];
  const can = useCan();
  const timeZone = useTimeZone();
  const tableFormat = useTableFormat();
  const display = useMoneyDisplay();
  const [filters, setFilters] = useState<ReturnType<typeof toOrderFilters>>({});
  const [refunding, setRefunding] = useState<OrderItem | null>(null);
  // Every check call has the same payload and answer; a screen whose provider has none never shows it.
  const check = useCallMutation(API.orders[CHECK_CALLS[isCheckable(source) ? source : "qris"]], {
    toBody: (order: OrderItem) => ({ order_id: order.id }),
    success: "orders.checked",
  });
  const activeVendorId = useActiveVendorId();
  // The totals of the filter come with a first page; a one-row page asks for them alone.
  const totals = useQuery({
    queryKey: queryKeys.call(contract, activeVendorId, filters, 1, "totals"),
    queryFn: () => call(contract, { ...filters, page_size: 1 }),
    select: (page) => page.totals,
  });
  const columns = [
    ...orderColumns(tableFormat),
    ...actionsColumn<OrderItem>([
      {
        labelKey: "orders.refund.action",
        testId: "order-refund",
        danger: true,
        allowed: isRefundable(source),
        // The server refuses what is not refundable (another day's payment, nothing left): not offered.
        hidden: (o) =>
          o.pay_status !== "paid" ||
          o.refund_amount >= o.amount ||
          o.refund_status === "refunding" ||
          !refundableToday(o.paid_at, timeZone),
        onClick: setRefunding,
      },
      {
        labelKey: "orders.check",
        testId: "order-check",
        allowed: isCheckable(source),
        hidden: (o) => o.pay_status === "paid",
        loading: check.isPending,
        onClick: (o) => check.mutate(o),
      },
    ]),
  ];
  const money = (minor: number) =>
    formatMoney(minor, totals.data?.currency || display.currency, { hideSymbol: display.hideSymbol });
  const title = t(orderScreenTitleKey(source));

  return (
    <Card data-testid="orders-page">
      <FilterBar<OrderFilterForm>
        fields={orderFilterFields(timeZone, { devices: can("dev_query"), shops: can("shop_query") })}
        onSearch={(values) => setFilters(toOrderFilters(values, timeZone))}
        testId="orders-filters"
      />
      <div className="orders-totals" style={{ display: "flex", gap: 32, flexWrap: "wrap", margin: "8px 0 16px" }}>
        <Statistic title={t("orders.totals.count")} value={totals.data?.count ?? 0} loading={totals.isLoading} />
        <Statistic
          title={t("orders.totals.paid")}
          value={money(totals.data?.paid_amount ?? 0)}
          loading={totals.isLoading}
          data-testid="orders-total-paid"
        />
        <Statistic
          title={t("orders.totals.refunded")}
          value={money(totals.data?.refunded_amount ?? 0)}
          loading={totals.isLoading}
          data-testid="orders-total-refunded"
        />
      </div>
      <DataTable
        contract={contract}
        exportCall={exportCall}
        filters={filters}
        columns={columns}
        rowKey={(row) => row.id}
        title={title}
        emptyText={Object.keys(filters).length > 0 ? t("table.empty") : t("orders.empty")}
        testId="orders-table"
      />
      {refunding && isRefundable(source) && (
        <RefundDialog order={refunding} source={source} onClose={() => setRefunding(null)} />
      )}
    </Card>
  );
}
