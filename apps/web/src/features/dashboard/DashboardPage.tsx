import { useQuery } from "@tanstack/react-query";
import { API, formatTimestamp } from "@washboard/shared";
import { Alert, Card, Empty, List, Skeleton, Statistic, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { errorText } from "../../app/feedback/toast";
import { useSession } from "../../app/session/store";

/** /dashboard: the account's real summary; device and revenue figures join with their issues. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const user = useSession();
  const summary = useQuery({
    queryKey: ["dashboard", "summary", user?.activeVendorId ?? null],
    queryFn: () => call(API.dashboard.summary, {}),
  });

  if (summary.isPending) return <Skeleton active />;
  if (summary.isError) return <Alert type="error" showIcon title={errorText(summary.error)} />;
  const s = summary.data;
  const tz = s.time_zone;
  return (
    <div data-testid="dashboard">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t("dashboard.welcome", { name: user?.name ?? "" })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t(s.scope === "group" ? "dashboard.scopeGroup" : "dashboard.scopeVendor")}:{" "}
        <strong data-testid="scope-name">{s.name}</strong>
      </Typography.Paragraph>
      <div className="stat-grid">
        {s.scope === "group" && (
          <Card>
            <Statistic title={t("dashboard.vendors")} value={s.vendor_count} />
          </Card>
        )}
        <Card>
          <Statistic title={t("dashboard.accounts")} value={s.account_count} />
        </Card>
        <Card>
          <Statistic title={t("dashboard.devices")} value={s.device_count} />
        </Card>
        <Card>
          <Statistic title={t("dashboard.devicesOnline")} value={s.device_online_count} />
        </Card>
        <Card>
          <Statistic title={t("dashboard.currency")} value={s.currency} />
          <Typography.Text type="secondary">
            {t("dashboard.timeZone")}: {tz}
          </Typography.Text>
        </Card>
        <Card>
          <Statistic
            title={t("dashboard.lastLogin")}
            value={s.last_login_at ? formatTimestamp(s.last_login_at, tz) : t("common.never")}
            valueStyle={{ fontSize: 16 }}
          />
          {s.last_login_ip && (
            <Typography.Text type="secondary">{t("dashboard.from", { ip: s.last_login_ip })}</Typography.Text>
          )}
        </Card>
      </div>
      {s.device_count === 0 && (
        <Alert style={{ marginTop: 16 }} type="info" showIcon title={t("dashboard.noDevices")} />
      )}
      <Card title={t("dashboard.recentOperations")} style={{ marginTop: 16 }}>
        {s.recent_operations.length === 0 ? (
          <Empty description={t("dashboard.noOperations")} />
        ) : (
          <List
            size="small"
            dataSource={s.recent_operations}
            renderItem={(op) => (
              <List.Item>
                <span>
                  <Tag color={op.outcome === "success" ? "green" : "red"}>{op.actor}</Tag>
                  {t(`actions.${op.action}`, { defaultValue: op.action })}
                </span>
                <Typography.Text type="secondary">{formatTimestamp(op.created_at, tz)}</Typography.Text>
              </List.Item>
            )}
          />
        )}
      </Card>
    </div>
  );
}
