import { API, addDays, daysFrom, type ShopEarningsRow } from "@washboard/shared";
import { Alert, Card, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLinkedFilters } from "../../app/layout/useLinkedFilters";
import { BarChart } from "../../app/ui/charts/BarChart";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import { ReportTable } from "../../app/ui/data-table/ReportTable";
import type { ReportColumn } from "../../app/ui/data-table/report-columns";
import { figureColumns, oneCurrency, useMoney, useRevenue } from "./figures";
import { type DayFilterForm, dayFilterFields, dayFormOfLink, toDayRange, todayIn } from "./filters";
import { useRevenueScope } from "./useRevenueScope";

const WEEK = 7;

/** /income_report/income_shop (reve_shop): each shop's earnings by day, today's refreshing while shown. */
export default function IncomeShopPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const scope = useRevenueScope();
  const today = todayIn(scope.timeZone);
  const fallback = { from: addDays(today, 1 - WEEK), to: today };
  const linked = useLinkedFilters();
  const linkedForm = dayFormOfLink(linked.values, fallback);
  const [range, setRange] = useState(() => toDayRange(linkedForm, fallback));
  // A link followed to the report while it is open in its tab shows what it names.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the link alone decides; today's range is its fallback
  useEffect(() => {
    if (linked.key) setRange(toDayRange(dayFormOfLink(linked.values, fallback), fallback));
  }, [linked]);
  const live = range.to >= today;
  const answer = useRevenue(API.revenue.shopEarnings, range, { live });
  const rows = answer.data?.items ?? [];
  const shopName = (r: ShopEarningsRow) => r.shop_name ?? t("revenue.noShop");

  const columns: ReportColumn<ShopEarningsRow>[] = [
    { key: "day", titleKey: "revenue.columns.day", dataIndex: "day", sortValue: (r) => r.day },
    ...(scope.groupWide
      ? [
          {
            key: "vendor",
            titleKey: "revenue.columns.vendor",
            dataIndex: "vendor_name" as const,
            sortValue: (r: ShopEarningsRow) => r.vendor_name,
          },
        ]
      : []),
    { key: "shop", titleKey: "revenue.columns.shop", text: shopName, sortValue: shopName },
    ...figureColumns(rows, money),
  ];

  const days = daysFrom(range.from, range.to);
  const currency = rows[0]?.currency ?? "USD";
  // Each shop's net per day, stacked.
  const series = [...new Set(rows.map(shopName))].map((shop) => ({
    name: shop,
    values: days.map((d) => rows.filter((r) => r.day === d && shopName(r) === shop).reduce((n, r) => n + r.net, 0)),
  }));

  return (
    <Card data-testid="income-shop-page">
      <FilterBar<DayFilterForm>
        fields={dayFilterFields(scope.timeZone, scope.shops)}
        key={linked.key}
        initialValues={linkedForm}
        onSearch={(values) => setRange(toDayRange(values, fallback))}
        testId="revenue-filters"
      />
      {oneCurrency(rows) ? (
        rows.length > 0 && (
          <BarChart
            label={t("revenue.shopPage.chart")}
            testId="income-shop-chart"
            categories={days}
            series={series}
            format={(minor) => money(minor, currency)}
          />
        )
      ) : (
        <Alert type="info" showIcon title={t("revenue.currencyNote")} />
      )}
      <Typography.Paragraph type="secondary">
        {t("revenue.chartTable")} {live && t("revenue.liveHint")}
      </Typography.Paragraph>
      <ReportTable<ShopEarningsRow>
        rows={rows}
        columns={columns}
        rowKey={(r) => `${r.vendor_id}|${r.day}|${r.shop_id ?? 0}|${r.currency}`}
        title={t("routes.income_shop")}
        loading={answer.isLoading}
        emptyText={t("revenue.empty")}
        totals
        testId="income-shop-table"
      />
    </Card>
  );
}
