import { useQuery } from "@tanstack/react-query";
import {
  API,
  formatTimestamp,
  LAYOUT,
  machineTypeLabelKey,
  type RolloutItem,
  type RolloutTargetItem,
  TARGET_STATES,
  type TargetStateName,
} from "@washboard/shared";
import { Descriptions, Drawer, Table, Tag, Timeline } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { i18next } from "../../app/i18n";
import { useActiveVendorId } from "../../app/session/store";
import { useTimeZone } from "../../app/session/useTimeZone";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ListScreen } from "../../app/ui/ListScreen";
import { useMediaQuery } from "../../app/ui/useMediaQuery";
import {
  minuteText,
  ROLLOUT_STATE_COLOR,
  reasonText,
  rolloutStateText,
  TARGET_STATE_COLOR,
  targetStateText,
} from "./rollout-labels";
import { stateFilterField } from "./state-filter";

function targetColumns(timeZone: string): DataColumn<RolloutTargetItem>[] {
  const t = i18next.t;
  return [
    { key: "device", titleKey: "ota.fields.device", text: (r) => r.device_name || r.serial_number },
    { key: "serial", titleKey: "ota.fields.serial", dataIndex: "serial_number" },
    { key: "shop", titleKey: "ota.shop", text: (r) => r.shop_name ?? "" },
    { key: "type", titleKey: "ota.fields.machineType", text: (r) => t(machineTypeLabelKey(r.machine_type)) },
    { key: "wave", titleKey: "ota.fields.wave", text: (r) => (r.wave === null ? "—" : String(r.wave + 1)) },
    {
      key: "state",
      titleKey: "ota.fields.state",
      text: targetStateText,
      render: (r) => (
        <Tag color={TARGET_STATE_COLOR[r.state]} data-testid="target-state">
          {targetStateText(r)}
        </Tag>
      ),
    },
    { key: "from", titleKey: "ota.fields.fromVersion", text: (r) => r.from_version || t("ota.versionUnknown") },
    { key: "tries", titleKey: "ota.fields.tries", text: (r) => String(r.tries) },
    { key: "reason", titleKey: "ota.fields.reason", text: (r) => reasonText(r.reason) },
    { key: "updated", titleKey: "ota.fields.updatedAt", text: (r) => formatTimestamp(r.updated_at, timeZone) },
  ];
}

/**
 * One rollout (the spec's "history by batch" and "device list"): its plan, its waves with their
 * counts, what happened to it, and each machine with its state, download, tries and reason —
 * following them live.
 */
export function RolloutDrawer(props: { rollout: RolloutItem; onClose(): void }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const narrow = useMediaQuery(`(max-width: ${LAYOUT.dialogNarrowPx}px)`);
  const vendorId = useActiveVendorId();
  const body = { id: props.rollout.id };
  const history = useQuery({
    queryKey: queryKeys.call(API.ota.rolloutHistory, vendorId, body),
    queryFn: () => call(API.ota.rolloutHistory, body),
  });
  const rollout = history.data?.rollout ?? props.rollout;
  const waves = history.data?.waves ?? [];
  const events = history.data?.events ?? [];

  return (
    <Drawer
      open
      onClose={props.onClose}
      size={narrow ? "100%" : 960}
      title={t("ota.drawerTitle", { id: rollout.id, version: rollout.version })}
      destroyOnHidden
      data-testid="rollout-drawer"
    >
      <Descriptions size="small" column={narrow ? 1 : 2} bordered>
        <Descriptions.Item label={t("ota.fields.state")}>
          <Tag color={ROLLOUT_STATE_COLOR[rollout.state]} data-testid="rollout-drawer-state">
            {rolloutStateText(rollout)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t("ota.fields.firstWave")}>
          {rollout.first_wave_count !== null
            ? t("ota.machinesCount", { count: rollout.first_wave_count })
            : `${rollout.first_wave_percent}%`}
        </Descriptions.Item>
        <Descriptions.Item label={t("ota.fields.growthFactor")}>×{rollout.growth_factor}</Descriptions.Item>
        <Descriptions.Item label={t("ota.fields.thresholds")}>
          {t("ota.thresholdsText", { success: rollout.success_threshold, error: rollout.error_threshold })}
        </Descriptions.Item>
        <Descriptions.Item label={t("ota.fields.window")}>
          {rollout.window_start === null
            ? t("ota.anyTime")
            : `${minuteText(rollout.window_start)}–${minuteText(rollout.window_end)}`}
        </Descriptions.Item>
        <Descriptions.Item label={t("ota.fields.maxTries")}>{rollout.max_tries}</Descriptions.Item>
      </Descriptions>

      <h3 className="section-title">{t("ota.wavesTitle")}</h3>
      <Table
        size="small"
        pagination={false}
        rowKey="wave"
        data-testid="rollout-waves"
        dataSource={waves}
        columns={[
          { key: "wave", title: t("ota.fields.wave"), render: (_, w) => w.wave + 1 },
          { key: "size", title: t("ota.fields.machines"), dataIndex: "size" },
          {
            key: "started",
            title: t("ota.fields.state"),
            render: (_, w) => (w.started ? t("ota.waveStarted") : t("ota.waveWaiting")),
          },
          { key: "succeeded", title: t("ota.fields.succeeded"), dataIndex: "succeeded" },
          { key: "failed", title: t("ota.fields.failed"), dataIndex: "failed" },
          { key: "inProgress", title: t("ota.fields.inProgress"), dataIndex: "in_progress" },
        ]}
      />

      <h3 className="section-title">{t("ota.eventsTitle")}</h3>
      <Timeline
        data-testid="rollout-events"
        items={events.map((e) => ({
          key: `${e.kind}-${e.at}-${e.wave ?? ""}`,
          content: `${formatTimestamp(e.at, timeZone)} · ${t(`ota.events.${e.kind}`, {
            wave: (e.wave ?? 0) + 1,
            count: e.wave ?? 0,
            percent: e.detail,
          })}`,
        }))}
      />

      <ListScreen
        bare
        testId="rollout-devices"
        contract={API.ota.rolloutDevices}
        filters={{
          fields: [stateFilterField(TARGET_STATES, "ota.targetStates")],
          toFilters: (values: { state?: TargetStateName }) => ({
            rollout_id: rollout.id,
            ...presentFilters(values),
          }),
          testId: "rollout-device-filters",
        }}
        columns={targetColumns(timeZone)}
        table={{ testId: "rollout-device-table", emptyText: t("ota.devicesEmpty"), title: t("ota.devicesTitle") }}
      />
    </Drawer>
  );
}
