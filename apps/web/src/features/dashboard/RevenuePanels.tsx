import { API, formatTimestamp, localDate, minorUnitFactor, nowSeconds } from "@washboard/shared";
import { Card, Empty, Statistic, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Chart } from "../../app/ui/charts/Chart";
import { FaultLabel } from "../devices/FaultLabel";
import { useMoney, useRevenue } from "../revenue/figures";

const ATTENTION_COLOR = { fault: "red", offline: "default", expiring: "orange" } as const;

/** The screens the dashboard's figures open: each explains one (the shops' days, the machine itself). */
const SHOP_REVENUE = "/income_report/income_shop";
const DEVICES = "/shop/devices";

const linkTo = (path: string, query: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;

/**
 * The dashboard's revenue (today, this month, the past 30 days — each vendor in its own currency),
 * its shops ranked by this month's net, and the machines that need someone. Its own chunk: the
 * first screen after sign-in draws the summary before this arrives.
 */
export default function RevenuePanels({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const revenue = useRevenue(API.revenue.dashboardRevenue, {}, { live: true });
  const shops = useRevenue(API.revenue.dashboardShops, {}, { live: true });
  const devices = useRevenue(API.revenue.dashboardDevices, {}, { live: true });
  const vendors = revenue.data?.vendors ?? [];
  const several = vendors.length > 1;
  const today = localDate(nowSeconds(), timeZone);
  const monthStart = `${today.slice(0, 8)}01`;

  return (
    <div data-testid="dashboard-revenue">
      <div className="stat-grid" style={{ marginTop: 16 }}>
        {vendors.map((v) => (
          <Card key={v.vendor_id} data-testid="dashboard-revenue-vendor">
            <Link
              to={linkTo(SHOP_REVENUE, { from: today, to: today })}
              className="dashboard-figure-link"
              data-testid="dashboard-today-link"
            >
              <Statistic
                title={several ? `${t("dashboard.revenueToday")} · ${v.vendor_name}` : t("dashboard.revenueToday")}
                value={money(v.today.net, v.today.currency)}
              />
            </Link>
            <span className="text-secondary">
              {t("dashboard.ordersCount", { count: v.today.orders })}
              {v.today.refunded > 0 &&
                ` · ${t("dashboard.refundedToday", { amount: money(v.today.refunded, v.today.currency) })}`}
            </span>
          </Card>
        ))}
        {vendors.map((v) => (
          <Card key={`month-${v.vendor_id}`}>
            <Link to={linkTo(SHOP_REVENUE, { from: monthStart, to: today })} className="dashboard-figure-link">
              <Statistic
                title={several ? `${t("dashboard.revenueMonth")} · ${v.vendor_name}` : t("dashboard.revenueMonth")}
                value={money(v.month.net, v.month.currency)}
              />
            </Link>
            <span className="text-secondary">{t("dashboard.ordersCount", { count: v.month.orders })}</span>
          </Card>
        ))}
      </div>
      {vendors.map((v) => {
        const factor = minorUnitFactor(v.today.currency);
        return (
          <Card
            key={`trend-${v.vendor_id}`}
            title={several ? `${t("dashboard.trend")} · ${v.vendor_name}` : t("dashboard.trend")}
            style={{ marginTop: 16 }}
            extra={<span className="text-secondary">{t("dashboard.liveHint")}</span>}
          >
            <Chart
              label={t("dashboard.trend")}
              height={220}
              testId="dashboard-trend"
              option={{
                tooltip: { trigger: "axis" },
                grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
                xAxis: { type: "category", data: v.trend.map((d) => d.day.slice(5)) },
                yAxis: { type: "value" },
                series: [{ type: "line", smooth: true, areaStyle: {}, data: v.trend.map((d) => d.net / factor) }],
              }}
            />
            {/* The chart's figures as text, for screen readers and for copying. */}
            <details>
              <summary className="text-secondary">{t("dashboard.trend")}</summary>
              <table className="dashboard-figures" data-testid="dashboard-trend-table">
                <tbody>
                  {v.trend.map((d) => (
                    <tr key={d.day}>
                      <td>{d.day}</td>
                      <td>{money(d.net, d.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </Card>
        );
      })}
      <Card title={t("dashboard.shopsRanked")} style={{ marginTop: 16 }}>
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
                  {money(s.net, s.currency)}{" "}
                  <span className="text-secondary">
                    ({t("dashboard.todayNet")}: {money(s.today_net, s.currency)})
                  </span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </Card>
      <Card title={t("dashboard.attention")} style={{ marginTop: 16 }}>
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
      </Card>
    </div>
  );
}
