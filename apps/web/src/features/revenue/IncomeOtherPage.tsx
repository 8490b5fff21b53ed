import {
  API,
  addDays,
  amountColumn,
  countColumn,
  dayColumn,
  daysFrom,
  OTHER_INCOME_CHANNELS,
  type OtherIncomeRow,
} from "@washboard/shared";
import { Alert, Card, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BarChart } from "../../app/ui/charts/BarChart";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import { ReportTable } from "../../app/ui/data-table/ReportTable";
import { type ReportColumn, reportColumns } from "../../app/ui/data-table/report-columns";
import { oneCurrency, useMoney, useRevenue } from "./figures";
import { type DayFilterForm, dayFilterFields, dayRangeValue, toDayRange, todayIn } from "./filters";
import { useRevenueScope } from "./useRevenueScope";

const MONTH = 30;
/** The amount columns: each channel, then their total. */
const OTHER_INCOME_COLUMNS = [...OTHER_INCOME_CHANNELS, "total"] as const;

/**
 * /income_report/income_other (reve_other): the money taken for balances — top-ups in the member app,
 * at the counter and at machines — by day and shop, apart from machine revenue (which counts what
 * those balances buy).
 */
export default function IncomeOtherPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const scope = useRevenueScope();
  const today = todayIn(scope.timeZone);
  const fallback = { from: addDays(today, 1 - MONTH), to: today };
  const [range, setRange] = useState(fallback);
  const answer = useRevenue(API.revenue.otherIncome, range, { live: range.to >= today });
  const rows = answer.data?.items ?? [];
  const shopName = (r: OtherIncomeRow) => r.shop_name ?? t("revenue.noShop");

  const format = { t, money, timeZone: scope.timeZone };
  const columns: ReportColumn<OtherIncomeRow>[] = [
    ...reportColumns([dayColumn<OtherIncomeRow>()], rows, format),
    ...(scope.groupWide
      ? [
          {
            key: "vendor",
            titleKey: "revenue.columns.vendor",
            dataIndex: "vendor_name" as const,
            sortValue: (r: OtherIncomeRow) => r.vendor_name,
          },
        ]
      : []),
    { key: "shop", titleKey: "revenue.columns.shop", text: shopName, sortValue: shopName },
    ...reportColumns(
      [
        countColumn<OtherIncomeRow>("count", "revenue.otherPage.count", (r) => r.count),
        ...OTHER_INCOME_COLUMNS.map((key) =>
          amountColumn<OtherIncomeRow>(key, `revenue.otherPage.${key}`, (r) => r[key]),
        ),
      ],
      rows,
      format,
    ),
  ];

  const days = daysFrom(range.from, range.to);
  const currency = rows[0]?.currency ?? "USD";
  // Each channel's takings per day, stacked.
  const series = OTHER_INCOME_CHANNELS.map((channel) => ({
    name: t(`revenue.otherPage.${channel}`),
    values: days.map((d) => rows.filter((r) => r.day === d).reduce((n, r) => n + r[channel], 0)),
  }));

  return (
    <Card data-testid="income-other-page">
      <FilterBar<DayFilterForm>
        fields={dayFilterFields(scope.timeZone, scope.shops)}
        initialValues={{ range: dayRangeValue(fallback.from, fallback.to) }}
        onSearch={(values) => setRange(toDayRange(values, fallback))}
        testId="revenue-filters"
      />
      <Typography.Paragraph type="secondary">{t("revenue.otherPage.explain")}</Typography.Paragraph>
      {oneCurrency(rows) ? (
        rows.length > 0 && (
          <BarChart
            label={t("revenue.otherPage.chart")}
            testId="income-other-chart"
            categories={days}
            series={series}
            format={(minor) => money(minor, currency)}
          />
        )
      ) : (
        <Alert type="info" showIcon title={t("revenue.currencyNote")} />
      )}
      <Typography.Paragraph type="secondary">{t("revenue.chartTable")}</Typography.Paragraph>
      <ReportTable<OtherIncomeRow>
        rows={rows}
        columns={columns}
        rowKey={(r) => `${r.vendor_id}|${r.day}|${r.shop_id ?? 0}`}
        title={t("routes.income_other")}
        loading={answer.isLoading}
        emptyText={t("revenue.empty")}
        totals
        testId="income-other-table"
      />
    </Card>
  );
}
