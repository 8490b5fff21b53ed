import { API, addDays, type ConsumptionResult, machineTypeLabelKey } from "@washboard/shared";
import { Card, Col, Row, Typography } from "antd";
import type { Key } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BarChart } from "../../app/ui/charts/BarChart";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import { ReportTable } from "../../app/ui/data-table/ReportTable";
import type { ReportColumn } from "../../app/ui/data-table/report-columns";
import { useRevenue } from "./figures";
import { type DayFilterForm, dayFilterFields, dayRangeValue, toDayRange, todayIn } from "./filters";
import { useRevenueScope } from "./useRevenueScope";

const DAYS = 30;

interface Uses {
  uses: number;
  minutes: number;
}

type HourRow = ConsumptionResult["by_hour"][number];
type ShopRow = ConsumptionResult["by_shop"][number];

const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

function usesColumns<Row extends Uses>(rows: Row[]): ReportColumn<Row>[] {
  const count = (key: keyof Uses, titleKey: string): ReportColumn<Row> => ({
    key,
    titleKey,
    numeric: true,
    text: (row) => String(row[key]),
    sortValue: (row) => row[key],
    total: String(rows.reduce((n, row) => n + row[key], 0)),
  });
  return [count("uses", "revenue.figures.uses"), count("minutes", "revenue.figures.minutes")];
}

/** One breakdown of the uses: a bar chart of them, and the table of the same numbers below it. */
function UsesSection<Row extends Uses>(props: {
  name: string;
  title: string;
  rows: Row[];
  /** The row's first column, which also names its bar. */
  column: ReportColumn<Row> & { text: (row: Row) => string };
  rowKey: (row: Row) => Key;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const { rows, column } = props;
  return (
    <Card size="small" title={props.title}>
      {rows.length > 0 && (
        <BarChart
          label={props.title}
          testId={`expend-chart-${props.name}`}
          categories={rows.map(column.text)}
          series={[{ name: t("revenue.figures.uses"), values: rows.map((r) => r.uses) }]}
          format={String}
        />
      )}
      <ReportTable<Row>
        rows={rows}
        columns={[column, ...usesColumns(rows)]}
        rowKey={props.rowKey}
        title={props.title}
        loading={props.loading}
        emptyText={t("revenue.emptyUses")}
        totals
        testId={`expend-table-${props.name}`}
      />
    </Card>
  );
}

/** /income_report/expend (reve_usage): machine uses by type, program, shop and hour of the day. */
export default function ExpendPage() {
  const { t } = useTranslation();
  const scope = useRevenueScope();
  const today = todayIn(scope.timeZone);
  const fallback = { from: addDays(today, 1 - DAYS), to: today };
  const [range, setRange] = useState(fallback);
  const answer = useRevenue(API.revenue.consumption, range);
  const data = answer.data;
  const loading = answer.isLoading;
  // The server gives every hour, quiet ones as zero: a period without uses shows the empty state.
  const hours = data?.by_hour.some((h) => h.uses > 0) ? data.by_hour : [];
  const shopName = (r: ShopRow) => r.shop_name ?? t("revenue.noShop");
  const programName = (r: { program: string }) => r.program || t("revenue.noProgram");
  const typeName = (r: { machine_type: string }) => t(machineTypeLabelKey(r.machine_type));
  const hourName = (r: HourRow) => hourLabel(r.hour);

  return (
    <Card data-testid="expend-page">
      <FilterBar<DayFilterForm>
        fields={dayFilterFields(scope.timeZone, scope.shops)}
        initialValues={{ range: dayRangeValue(fallback.from, fallback.to) }}
        onSearch={(values) => setRange(toDayRange(values, fallback))}
        testId="revenue-filters"
      />
      <Typography.Paragraph type="secondary">{t("revenue.chartTable")}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <UsesSection
            name="type"
            title={t("revenue.expend.byType")}
            rows={data?.by_type ?? []}
            column={{ key: "type", titleKey: "revenue.columns.machineType", text: typeName, sortValue: typeName }}
            rowKey={(r) => r.machine_type}
            loading={loading}
          />
        </Col>
        <Col xs={24} lg={12}>
          <UsesSection
            name="program"
            title={t("revenue.expend.byProgram")}
            rows={data?.by_program ?? []}
            column={{ key: "program", titleKey: "revenue.columns.program", text: programName, sortValue: programName }}
            rowKey={(r) => r.program}
            loading={loading}
          />
        </Col>
        <Col xs={24} lg={12}>
          <UsesSection
            name="shop"
            title={t("revenue.expend.byShop")}
            rows={data?.by_shop ?? []}
            column={{ key: "shop", titleKey: "revenue.columns.shop", text: shopName, sortValue: shopName }}
            rowKey={(r) => r.shop_id ?? 0}
            loading={loading}
          />
        </Col>
        <Col xs={24} lg={12}>
          <UsesSection
            name="hour"
            title={t("revenue.expend.byHour")}
            rows={hours}
            column={{ key: "hour", titleKey: "revenue.columns.hour", text: hourName, sortValue: (r) => r.hour }}
            rowKey={(r) => r.hour}
            loading={loading}
          />
        </Col>
      </Row>
    </Card>
  );
}
