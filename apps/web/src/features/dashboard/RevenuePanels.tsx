import { API, type DashboardRevenue, formatTimestamp, localDate, nowSeconds } from "@washboard/shared";
import { Empty, Statistic, Tag } from "antd";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LineChart } from "../../app/ui/charts/LineChart";
import { Panel } from "../../app/ui/Panel";
import { FaultLabel } from "../devices/FaultLabel";
import { useMoney, useRevenue } from "../revenue/figures";

const ATTENTION_COLOR = { fault: "red", offline: "default", expiring: "orange" } as const;

/** The screens the dashboard's figures open: each explains one (the shops' days, the machine itself). */
const SHOP_REVENUE = "/income_report/income_shop";
const DEVICES = "/shop/devices";

const linkTo = (path: string, query: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;

type Vendor = DashboardRevenue["vendors"][number];

/** No vendors yet: one empty list, so the panels below keep their props while the call loads. */
const NO_VENDORS: Vendor[] = [];

/*
 * Live updates. `revenue.changed` invalidates every revenue call (features/revenue/live.ts) and the
 * three calls here refetch; the query library keeps every part of an answer that did not change
 * (structural sharing). Each panel below is memoized on exactly the part it shows — the shops and
 * attention lists read their own calls — so an update redraws only the panels whose figures
 * changed, never the whole dashboard (RevenuePanels.test.tsx counts the redraws).
 */

/** Today's revenue of one vendor, which opens today's shop revenue. */
const TodayFigure = memo(function TodayFigure({
  today,
  title,
  day,
}: {
  today: Vendor["today"];
  title: string;
  day: string;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Panel testId="dashboard-revenue-vendor">
      <Link
        to={linkTo(SHOP_REVENUE, { from: day, to: day })}
        className="dashboard-figure-link"
        data-testid="dashboard-today-link"
      >
        <Statistic title={title} value={money(today.net, today.currency)} styles={NO_WRAP} />
      </Link>
      <span className="text-secondary">
        {t("dashboard.ordersCount", { count: today.orders })}
        {today.refunded > 0 && ` · ${t("dashboard.refundedToday", { amount: money(today.refunded, today.currency) })}`}
      </span>
    </Panel>
  );
});

/** This month's revenue of one vendor, which opens the month's shop revenue. */
const MonthFigure = memo(function MonthFigure({
  month,
  title,
  from,
  to,
}: {
  month: Vendor["month"];
  title: string;
  from: string;
  to: string;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Panel>
      <Link to={linkTo(SHOP_REVENUE, { from, to })} className="dashboard-figure-link">
        <Statistic title={title} value={money(month.net, month.currency)} styles={NO_WRAP} />
      </Link>
      <span className="text-secondary">{t("dashboard.ordersCount", { count: month.orders })}</span>
    </Panel>
  );
});

/** An amount keeps its currency symbol and number on one line, even on a phone. */
const NO_WRAP = { content: { whiteSpace: "nowrap" } } as const;

/** One vendor's net over the past 30 days: the chart, and its figures as a table. */
const TrendPanel = memo(function TrendPanel({ trend, title }: { trend: Vendor["trend"]; title: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const currency = trend[0]?.currency ?? "USD";
  return (
    <Panel
      title={title}
      style={{ marginTop: 16 }}
      extra={<span className="text-secondary">{t("dashboard.liveHint")}</span>}
    >
      <LineChart
        label={t("dashboard.trend")}
        height={220}
        testId="dashboard-trend"
        categories={trend.map((d) => d.day.slice(5))}
        series={[{ name: t("dashboard.net"), values: trend.map((d) => d.net) }]}
        format={(minor) => money(minor, currency)}
      />
      {/* The chart's figures as text, for screen readers and for copying. */}
      <details>
        <summary className="text-secondary">{t("dashboard.trend")}</summary>
        <table className="dashboard-figures" data-testid="dashboard-trend-table">
          <tbody>
            {trend.map((d) => (
              <tr key={d.day}>
                <td>{d.day}</td>
                <td>{money(d.net, d.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </Panel>
  );
});

/** The shops ranked by this month's net, each opening its month of revenue. */
const ShopsPanel = memo(function ShopsPanel({
  today,
  monthStart,
  several,
}: {
  today: string;
  monthStart: string;
  /** Several vendors: each shop says whose it is. */
  several: boolean;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const shops = useRevenue(API.revenue.dashboardShops, {}, { live: true });
  return (
    <Panel title={t("dashboard.shopsRanked")} style={{ marginTop: 16 }}>
      {(shops.data?.items.length ?? 0) === 0 ? (
        <Empty description={t("dashboard.noShops")} />
      ) : (
        <ol className="dashboard-operations" data-testid="dashboard-shops">
          {shops.data?.items.map((s) => (
            <li key={`${s.vendor_id}-${s.shop_id ?? 0}`}>
              <span>
                {s.shop_id === null ? (
                  (s.shop_name ?? "—")
                ) : (
                  <Link
                    to={linkTo(SHOP_REVENUE, { shop_id: s.shop_id, from: monthStart, to: today })}
                    data-testid="dashboard-shop-link"
                  >
                    {s.shop_name ?? "—"}
                  </Link>
                )}
                {several && <span className="text-secondary"> · {s.vendor_name}</span>}
              </span>
              <span>
                <span style={{ whiteSpace: "nowrap" }}>{money(s.net, s.currency)}</span>{" "}
                <span className="text-secondary">
                  ({t("dashboard.todayNet")}:{" "}
                  <span style={{ whiteSpace: "nowrap" }}>{money(s.today_net, s.currency)}</span>)
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
});

/** The machines that need someone: faulted, offline, or a subscription ending. */
const AttentionPanel = memo(function AttentionPanel({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const devices = useRevenue(API.revenue.dashboardDevices, {}, { live: true });
  return (
    <Panel title={t("dashboard.attention")} style={{ marginTop: 16 }}>
      {(devices.data?.attention.length ?? 0) === 0 ? (
        <Empty description={t("dashboard.noAttention")} />
      ) : (
        <ul className="dashboard-operations" data-testid="dashboard-attention">
          {devices.data?.attention.map((d) => (
            <li key={d.device_id}>
              <span>
                {d.kind === "fault" && d.detail !== null ? (
                  <FaultLabel machineType={d.machine_type} code={d.detail} testId="dashboard-attention-fault" />
                ) : (
                  <Tag color={ATTENTION_COLOR[d.kind]}>{t(`dashboard.attentionKinds.${d.kind}`)}</Tag>
                )}
                <Link to={linkTo(DEVICES, { search: d.serial_number })} data-testid="dashboard-attention-link">
                  {d.device_name || d.serial_number}
                </Link>
                {d.shop_name && <span className="text-secondary"> · {d.shop_name}</span>}
              </span>
              {d.since !== null && (
                <span className="text-secondary">
                  {t(d.kind === "expiring" ? "dashboard.until" : "dashboard.since", {
                    time: formatTimestamp(d.since, timeZone),
                  })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
});

/**
 * The dashboard's revenue (today, this month, the past 30 days — each vendor in its own currency),
 * its shops ranked by this month's net, and the machines that need someone. Its own chunk: the
 * first screen after sign-in draws the summary before this arrives.
 */
export default function RevenuePanels({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const revenue = useRevenue(API.revenue.dashboardRevenue, {}, { live: true });
  const vendors = revenue.data?.vendors ?? NO_VENDORS;
  const several = vendors.length > 1;
  const today = localDate(nowSeconds(), timeZone);
  const monthStart = `${today.slice(0, 8)}01`;
  const titled = (key: string, v: Vendor) => (several ? `${t(key)} · ${v.vendor_name}` : t(key));

  return (
    <div data-testid="dashboard-revenue">
      <div className="stat-grid" style={{ marginTop: 16 }}>
        {vendors.map((v) => (
          <TodayFigure key={v.vendor_id} today={v.today} title={titled("dashboard.revenueToday", v)} day={today} />
        ))}
        {vendors.map((v) => (
          <MonthFigure
            key={`month-${v.vendor_id}`}
            month={v.month}
            title={titled("dashboard.revenueMonth", v)}
            from={monthStart}
            to={today}
          />
        ))}
      </div>
      {vendors.map((v) => (
        <TrendPanel key={`trend-${v.vendor_id}`} trend={v.trend} title={titled("dashboard.trend", v)} />
      ))}
      <ShopsPanel today={today} monthStart={monthStart} several={several} />
      <AttentionPanel timeZone={timeZone} />
    </div>
  );
}
