import {
  API,
  currencyTotalCell,
  type EarningsMonthRow,
  moneyCell,
  monthsFrom,
  type RevenueFigures,
  totalPerCurrency,
} from "@washboard/shared";
import { Alert, Card, Typography } from "antd";
import dayjs from "dayjs";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { BarChart } from "../../app/ui/charts/BarChart";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import { ReportTable } from "../../app/ui/data-table/ReportTable";
import type { ReportColumn } from "../../app/ui/data-table/report-columns";
import { figureColumns, oneCurrency, sourceLabel, useMoney, useRevenue } from "./figures";
import { lastTwelveMonths, type MonthFilterForm, monthFilterFields, toMonthRange } from "./filters";
import { useRevenueScope } from "./useRevenueScope";

/** A month of one vendor: its figures, and its net by payment source. */
type MonthRow = RevenueFigures & { key: string; vendor_name: string; month: string; bySource: Record<string, number> };

function byMonth(items: EarningsMonthRow[]): MonthRow[] {
  const rows = new Map<string, MonthRow>();
  for (const item of items) {
    const key = `${item.vendor_id}|${item.month}|${item.currency}`;
    const row = rows.get(key) ?? {
      key,
      vendor_name: item.vendor_name,
      month: item.month,
      currency: item.currency,
      orders: 0,
      gross: 0,
      refunds: 0,
      refunded: 0,
      net: 0,
      bySource: {},
    };
    row.orders += item.orders;
    row.gross += item.gross;
    row.refunds += item.refunds;
    row.refunded += item.refunded;
    row.net += item.net;
    row.bySource[item.source] = (row.bySource[item.source] ?? 0) + item.net;
    rows.set(key, row);
  }
  return [...rows.values()];
}

/** /income_report/income_total (reve_total): earnings by month, with a chart and a table by payment source. */
export default function IncomeTotalPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const scope = useRevenueScope();
  const fallback = lastTwelveMonths(scope.timeZone);
  const [range, setRange] = useState(fallback);
  const answer = useRevenue(API.revenue.earningsMonth, range);
  const items = answer.data?.items ?? [];
  const rows = useMemo(() => byMonth(items), [items]);
  const sources = [...new Set(items.map((i) => i.source))];
  const title = t("routes.income_total");

  const columns: ReportColumn<MonthRow>[] = [
    { key: "month", titleKey: "revenue.columns.month", dataIndex: "month", sortValue: (r) => r.month },
    ...(scope.groupWide
      ? [
          {
            key: "vendor",
            titleKey: "revenue.columns.vendor",
            dataIndex: "vendor_name" as const,
            sortValue: (r: MonthRow) => r.vendor_name,
          },
        ]
      : []),
    ...figureColumns(rows, money),
    ...sources.map(
      (source): ReportColumn<MonthRow> => ({
        key: `source-${source}`,
        titleKey: "revenue.columns.source",
        title: sourceLabel(source),
        numeric: true,
        text: (r) => money(r.bySource[source] ?? 0, r.currency),
        cell: (r) => moneyCell(r.bySource[source] ?? 0, r.currency),
        sortValue: (r) => r.bySource[source] ?? 0,
        total: totalPerCurrency(rows, (r) => r.bySource[source] ?? 0, money),
        totalCell: currencyTotalCell(rows, (r) => r.bySource[source] ?? 0),
      }),
    ),
  ];

  const months = monthsFrom(range.from, range.to);
  const currency = items[0]?.currency ?? "USD";
  // Each payment source's net per month, stacked.
  const series = sources.map((source) => ({
    name: sourceLabel(source),
    values: months.map((m) => items.filter((i) => i.month === m && i.source === source).reduce((n, i) => n + i.net, 0)),
  }));

  return (
    <Card data-testid="income-total-page">
      <FilterBar<MonthFilterForm>
        fields={monthFilterFields(scope.shops)}
        initialValues={{ months: [dayjs(`${fallback.from}-01`), dayjs(`${fallback.to}-01`)] }}
        onSearch={(values) => setRange(toMonthRange(values, fallback))}
        testId="revenue-filters"
      />
      {oneCurrency(items) ? (
        items.length > 0 && (
          <BarChart
            label={t("revenue.totalPage.chart")}
            testId="income-total-chart"
            categories={months}
            series={series}
            format={(minor) => money(minor, currency)}
          />
        )
      ) : (
        <Alert type="info" showIcon title={t("revenue.currencyNote")} />
      )}
      <Typography.Paragraph type="secondary">{t("revenue.chartTable")}</Typography.Paragraph>
      <ReportTable<MonthRow>
        rows={rows}
        columns={columns}
        rowKey={(r) => r.key}
        title={title}
        loading={answer.isLoading}
        emptyText={t("revenue.empty")}
        totals
        testId="income-total-table"
      />
    </Card>
  );
}
