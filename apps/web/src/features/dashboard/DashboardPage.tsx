import { QuestionCircleOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { API, type BrokerRiskName, formatTimestamp, machineTypeLabelKey } from "@washboard/shared";
import { Alert, Empty, Skeleton, Statistic, Tag, Tooltip } from "antd";
import { lazy, Suspense, useDeferredValue } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryClient } from "../../app/api/query-client";
import { queryKeys } from "../../app/api/query-keys";
import { errorText } from "../../app/feedback/toast";
import { sessionStore, useActiveVendorId, useSession } from "../../app/session/store";
import { PALETTE } from "../../app/theme/palette";
import { CopyableText } from "../../app/ui/CopyableText";
import { Panel } from "../../app/ui/Panel";

const loadRevenuePanels = () => import("./RevenuePanels");
const RevenuePanels = lazy(loadRevenuePanels);

const summaryQuery = (activeVendorId: number | null) => ({
  queryKey: queryKeys.call(API.dashboard.summary, activeVendorId),
  queryFn: () => call(API.dashboard.summary, {}),
});

/** A signed-in reload: the summary and the revenue panels' code load beside the boot calls. */
export function prefetch(): void {
  void queryClient.prefetchQuery(summaryQuery(sessionStore.get().user?.activeVendorId ?? null));
  void loadRevenuePanels().catch(() => undefined);
}

/**
 * What the server found open in the machines' MQTT broker at start (shown to main administrators):
 * each risk in words, and what to do about it.
 */
function BrokerRisks({ risks }: { risks: readonly BrokerRiskName[] }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      title={t("dashboard.brokerRisks.title")}
      description={
        <>
          <ul>
            {risks.map((risk) => (
              <li key={risk}>{t(`dashboard.brokerRisks.${risk}`)}</li>
            ))}
          </ul>
          <p>{t("dashboard.brokerRisks.impact")}</p>
          <p>{t("dashboard.brokerRisks.action")}</p>
        </>
      }
      data-testid="dashboard-broker-risks"
    />
  );
}

/**
 * Where customers and payment providers reach this install (shown to main administrators): a
 * warning while none is set, since payments through providers are refused until it is.
 */
function PublicAddress({ url }: { url: string | null }) {
  const { t } = useTranslation();
  if (url === null) {
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={t("dashboard.publicAddress.unsetTitle")}
        description={t("dashboard.publicAddress.unsetText")}
        data-testid="dashboard-public-address"
      />
    );
  }
  return (
    <p className="text-secondary" data-testid="dashboard-public-address">
      {t("dashboard.publicAddress.label")}: <CopyableText text={url} />
    </p>
  );
}

/** /dashboard: the account's summary, its machines by state and type (live), and its revenue. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const user = useSession();
  const activeVendorId = useActiveVendorId();
  const summary = useQuery(summaryQuery(activeVendorId));

  const data = useDeferredValue(summary.data);
  if (summary.isError) return <Alert type="error" showIcon title={errorText(summary.error)} />;
  if (data === undefined) return <Skeleton active />;
  const s = data;
  const tz = s.time_zone;
  return (
    <div data-testid="dashboard">
      {/* Plain headings: the first screen after sign-in stays light (bench/bundle-size.mjs). */}
      {s.broker_risks.length > 0 && <BrokerRisks risks={s.broker_risks} />}
      {s.public_address && <PublicAddress url={s.public_address.url} />}
      <h2 className="dashboard-title">{t("dashboard.welcome", { name: user?.name ?? "" })}</h2>
      <p className="text-secondary">
        {t(s.scope === "group" ? "dashboard.scopeGroup" : "dashboard.scopeVendor")}:{" "}
        <strong data-testid="scope-name">{s.name}</strong>
      </p>
      <div className="stat-grid">
        {s.scope === "group" && (
          <Panel>
            <Statistic title={t("dashboard.vendors")} value={s.vendor_count} />
          </Panel>
        )}
        <Panel>
          <Statistic title={t("dashboard.accounts")} value={s.account_count} />
        </Panel>
        <Panel>
          <Statistic title={t("dashboard.devices")} value={s.device_count} />
        </Panel>
        <Panel>
          <Statistic title={t("dashboard.devicesOnline")} value={s.device_states.online} />
        </Panel>
        <Panel>
          <Statistic title={t("dashboard.devicesOffline")} value={s.device_states.offline} />
          {/* Offline counts every machine not known to be online, the unknown ones too. */}
          {s.device_states.unknown > 0 && (
            <span className="text-secondary" data-testid="dashboard-devices-unknown">
              {t("dashboard.devicesUnknown", { count: s.device_states.unknown })}{" "}
              <Tooltip title={t("dashboard.devicesUnknownHelp")}>
                <QuestionCircleOutlined tabIndex={0} aria-label={t("dashboard.devicesUnknownHelp")} />
              </Tooltip>
            </span>
          )}
        </Panel>
        <Panel>
          <Statistic title={t("dashboard.devicesBusy")} value={s.device_states.busy} />
        </Panel>
        <Panel>
          <Statistic
            title={t("dashboard.devicesFault")}
            value={s.device_states.fault}
            styles={s.device_states.fault > 0 ? { content: { color: PALETTE.error } } : undefined}
          />
        </Panel>
        <Panel>
          <Statistic title={t("dashboard.currency")} value={s.currency} />
          <span className="text-secondary">
            {t("dashboard.timeZone")}: {tz}
          </span>
        </Panel>
        <Panel>
          <Statistic
            title={t("dashboard.lastLogin")}
            value={s.last_login_at ? formatTimestamp(s.last_login_at, tz) : t("common.never")}
            styles={{ content: { fontSize: 16 } }}
          />
          {s.last_login_ip && <span className="text-secondary">{t("dashboard.from", { ip: s.last_login_ip })}</span>}
        </Panel>
      </div>
      <Suspense fallback={<Skeleton active />}>
        <RevenuePanels timeZone={tz} />
      </Suspense>
      {s.device_count === 0 && (
        <Alert style={{ marginTop: 16 }} type="info" showIcon title={t("dashboard.noDevices")} />
      )}
      {s.device_types.length > 0 && (
        <Panel title={t("dashboard.devicesByType")} style={{ marginTop: 16 }}>
          <ul className="dashboard-operations" data-testid="device-types">
            {s.device_types.map((type) => (
              <li key={type.machine_type}>
                <span>{t(machineTypeLabelKey(type.machine_type))}</span>
                <span className="text-secondary">
                  {t("dashboard.typeOnline", { online: type.online, count: type.count })}
                </span>
              </li>
            ))}
          </ul>
        </Panel>
      )}
      <Panel title={t("dashboard.recentOperations")} style={{ marginTop: 16 }}>
        {s.recent_operations.length === 0 ? (
          <Empty description={t("dashboard.noOperations")} />
        ) : (
          // A plain list: the component library's List brings its pagination with it.
          <ul className="dashboard-operations">
            {s.recent_operations.map((op) => (
              <li key={op.id}>
                <span>
                  <Tag color={op.outcome === "success" ? "green" : "red"}>{op.actor}</Tag>
                  {t(`actions.${op.action}`, { defaultValue: op.action })}
                </span>
                <span className="text-secondary">{formatTimestamp(op.created_at, tz)}</span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
