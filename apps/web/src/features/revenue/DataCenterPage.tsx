import { API, moneyCell, type ShopAnalysis } from "@washboard/shared";
import { Card, Col, Row, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BarChart } from "../../app/ui/charts/BarChart";
import { HeatmapChart } from "../../app/ui/charts/HeatmapChart";
import { RankedBarChart } from "../../app/ui/charts/RankedBarChart";
import { ReportTable } from "../../app/ui/data-table/ReportTable";
import { countColumn, type ReportColumn } from "../../app/ui/data-table/report-columns";
import { ShopSelect } from "../device-log/filters";
import { figureColumns, useMoney, useRevenue } from "./figures";
import { useRevenueScope } from "./useRevenueScope";

type TopShopRow = ShopAnalysis["top_shops"][number];
type YearRow = ShopAnalysis["years"][number];
type ShopRow = ShopAnalysis["shops"][number];
type Cell = ShopAnalysis["heatmap"][number];

/** A weekday's uses in each hour of the day. */
interface WeekdayRow {
  weekday: number;
  name: string;
  hours: number[];
  total: number;
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** ISO weekday names in the user's language: 1 January 2024 was a Monday. */
function weekdayNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: "short", timeZone: "UTC" });
  return WEEKDAYS.map((weekday) => format.format(new Date(Date.UTC(2024, 0, weekday))));
}

function byWeekday(cells: Cell[], names: string[]): WeekdayRow[] {
  if (cells.length === 0) return [];
  return WEEKDAYS.map((weekday) => {
    const hours = HOURS.map((hour) => cells.find((c) => c.weekday === weekday && c.hour === hour)?.uses ?? 0);
    return { weekday, name: names[weekday - 1] ?? String(weekday), hours, total: hours.reduce((n, u) => n + u, 0) };
  });
}

/** /datacenter/dc_statistic: the vendor's shops and years over windows the server fixes, and when machines are used. */
export default function DataCenterPage() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const scope = useRevenueScope();
  const [shop, setShop] = useState<number>();
  const answer = useRevenue(API.revenue.shopAnalysis, shop ? { shop_id: shop } : {});
  const loading = answer.isLoading;
  const data = answer.data;
  const currency = data?.currency ?? "USD";
  const amount = (minor: number) => money(minor, currency);
  const netTitle = t("revenue.figures.net");
  const shopName = (r: { shop_name: string | null }) => r.shop_name ?? t("revenue.noShop");
  const titles = {
    top: t("revenue.datacenter.topShops"),
    years: t("revenue.datacenter.years"),
    shops: t("revenue.datacenter.shops"),
    heatmap: t("revenue.datacenter.heatmap"),
  };

  const topShops = data?.top_shops ?? [];
  const topColumns: ReportColumn<TopShopRow>[] = [
    { key: "shop", titleKey: "revenue.columns.shop", text: shopName, sortValue: shopName },
    ...figureColumns(topShops, money),
  ];

  const years = data?.years ?? [];
  const yearColumns: ReportColumn<YearRow>[] = [
    { key: "year", titleKey: "revenue.columns.year", text: (r) => String(r.year), sortValue: (r) => r.year },
    ...figureColumns(years, money),
  ];

  const shops = data?.shops ?? [];
  const devices = shops.reduce((n, r) => n + r.devices, 0);
  const net = shops.reduce((n, r) => n + r.net, 0);
  // Rounded as the server rounds each shop's.
  const netPerDevice = data && devices > 0 ? { minor: Math.round(net / devices), currency: data.currency } : null;
  const shopColumns: ReportColumn<ShopRow>[] = [
    { key: "shop", titleKey: "revenue.columns.shop", text: shopName, sortValue: shopName },
    countColumn("devices", "revenue.figures.devices", shops, (r) => r.devices),
    ...figureColumns(shops, money),
    {
      key: "net_per_device",
      titleKey: "revenue.figures.netPerDevice",
      numeric: true,
      text: (r) => money(r.net_per_device, r.currency),
      cell: (r) => moneyCell(r.net_per_device, r.currency),
      sortValue: (r) => r.net_per_device,
      total: netPerDevice ? money(netPerDevice.minor, netPerDevice.currency) : "",
      totalCell: netPerDevice ? moneyCell(netPerDevice.minor, netPerDevice.currency) : undefined,
    },
  ];

  const heat = data?.heatmap ?? [];
  const names = weekdayNames(i18n.language);
  const weekdays = byWeekday(heat, names);
  const heatColumns: ReportColumn<WeekdayRow>[] = [
    { key: "weekday", titleKey: "revenue.columns.day", dataIndex: "name", sortValue: (r) => r.weekday },
    ...HOURS.map((hour) =>
      countColumn(`hour-${hour}`, "revenue.columns.hour", weekdays, (r) => r.hours[hour] ?? 0, { title: String(hour) }),
    ),
    countColumn("total", "revenue.total", weekdays, (r) => r.total),
  ];

  return (
    <Card data-testid="datacenter-page">
      <Typography.Paragraph type="secondary">{t("revenue.chartTable")}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card size="small" title={titles.top}>
            {topShops.length > 0 && (
              <RankedBarChart
                label={titles.top}
                testId="dc-top-chart"
                names={topShops.map(shopName)}
                values={topShops.map((r) => r.net)}
                seriesName={netTitle}
                format={amount}
              />
            )}
            <ReportTable<TopShopRow>
              rows={topShops}
              columns={topColumns}
              rowKey={(r) => r.shop_id ?? 0}
              title={titles.top}
              loading={loading}
              emptyText={t("revenue.empty")}
              totals
              testId="dc-top-table"
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={titles.years}>
            {years.length > 0 && (
              <BarChart
                label={titles.years}
                testId="dc-years-chart"
                categories={years.map((r) => String(r.year))}
                series={[{ name: netTitle, values: years.map((r) => r.net) }]}
                format={amount}
              />
            )}
            <ReportTable<YearRow>
              rows={years}
              columns={yearColumns}
              rowKey={(r) => r.year}
              title={titles.years}
              loading={loading}
              emptyText={t("revenue.empty")}
              totals
              testId="dc-years-table"
            />
          </Card>
        </Col>
        <Col xs={24}>
          <Card size="small" title={titles.shops}>
            <ReportTable<ShopRow>
              rows={shops}
              columns={shopColumns}
              rowKey={(r) => r.shop_id ?? 0}
              title={titles.shops}
              loading={loading}
              emptyText={t("revenue.empty")}
              totals
              testId="dc-shops-table"
            />
          </Card>
        </Col>
        <Col xs={24}>
          <Card
            size="small"
            title={titles.heatmap}
            extra={
              scope.shops && (
                <Space>
                  <Typography.Text>{t("revenue.datacenter.heatmapShop")}</Typography.Text>
                  <ShopSelect
                    value={shop}
                    onChange={(value?: number) => setShop(value)}
                    aria-label={t("revenue.shop")}
                    style={{ minWidth: 200 }}
                  />
                </Space>
              )
            }
          >
            {heat.length > 0 && (
              // Monday on top, as a week reads.
              <HeatmapChart
                label={titles.heatmap}
                testId="dc-heatmap"
                rows={names}
                columns={HOURS.map(String)}
                values={weekdays.map((r) => r.hours)}
                seriesName={t("revenue.figures.uses")}
                format={String}
              />
            )}
            <ReportTable<WeekdayRow>
              rows={weekdays}
              columns={heatColumns}
              rowKey={(r) => r.weekday}
              title={titles.heatmap}
              loading={loading}
              emptyText={t("revenue.emptyUses")}
              totals
              testId="dc-heatmap-table"
            />
          </Card>
        </Col>
      </Row>
    </Card>
  );
}
