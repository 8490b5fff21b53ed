import { addDays } from "@washboard/shared";
import { Card, Flex, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useViewPath } from "../../app/layout/view-path";
import { useCan } from "../../app/session/useCan";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import { ReportTable } from "../../app/ui/data-table/ReportTable";
import { reportColumns } from "../../app/ui/data-table/report-columns";
import { useMoney, useRevenue } from "../revenue/figures";
import { type DayFilterForm, dayFilterFields, dayRangeValue, toDayRange, todayIn } from "../revenue/filters";
import { useRevenueScope } from "../revenue/useRevenueScope";
import { REPORTS, type ReportDefinition } from "./definitions";
import { ReportSchedules } from "./ReportSchedules";
import type { ReportRoute } from "./report-routes";

const WEEK = 7;

/**
 * Every /form/* report (spec §2, v_form keys): a period of the vendor's days (quick ranges last week,
 * last month, last three months, or custom), a shop, and a machine where its figures come from
 * machines; rows sorted by any column, a totals row, and export with the totals to Excel, CSV or HTML.
 */
export default function FormReportPage() {
  const { t } = useTranslation();
  const pathname = useViewPath();
  const report = REPORTS[pathname as ReportRoute] as ReportDefinition | undefined;
  const money = useMoney();
  const can = useCan();
  const scope = useRevenueScope();
  const today = todayIn(scope.timeZone);
  const fallback = { from: addDays(today, 1 - WEEK), to: today };
  const [range, setRange] = useState(fallback);
  const answer = useRevenue(report?.contract ?? REPORTS["/form/form_account"].contract, report ? range : null);
  if (!report) return null;
  const rows = ((answer.data as { items?: unknown[] } | undefined)?.items ?? []) as unknown[];
  const title = t(`routes.${report.key}`);
  return (
    <Card data-testid={report.testId}>
      <FilterBar<DayFilterForm>
        fields={dayFilterFields(scope.timeZone, scope.shops, report.report.byMachine && can("dev_query"))}
        initialValues={{ range: dayRangeValue(fallback.from, fallback.to) }}
        onSearch={(values) => setRange(toDayRange(values, fallback))}
        testId="report-filters"
      />
      <Flex justify="space-between" align="start" gap={12} wrap>
        <Typography.Paragraph type="secondary">{t(`reports.explain.${report.key}`)}</Typography.Paragraph>
        <ReportSchedules report={report.key} title={title} timeZone={scope.timeZone} />
      </Flex>
      <ReportTable<unknown>
        rows={rows}
        columns={reportColumns(report.report.columns, rows, { t, money, timeZone: scope.timeZone })}
        rowKey={report.report.rowKey}
        title={title}
        loading={answer.isLoading}
        emptyText={t("revenue.empty")}
        totals
        testId="report-table"
      />
    </Card>
  );
}
