import { API, formatTimestamp, ROLLOUT_STATES, type RolloutItem, type RolloutState } from "@washboard/shared";
import { Progress, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { i18next } from "../../app/i18n";
import { useCan } from "../../app/session/useCan";
import { useTimeZone } from "../../app/session/useTimeZone";
import { useConfirmedAction } from "../../app/ui/data-table/confirmed-actions";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ListScreen } from "../../app/ui/ListScreen";
import { RolloutDialog } from "./RolloutDialog";
import { RolloutDrawer } from "./RolloutDrawer";
import { minuteText, ROLLOUT_STATE_COLOR, rolloutStateText } from "./rollout-labels";
import { stateFilterField } from "./state-filter";
import { useRolloutRefresh } from "./useRolloutRefresh";

interface Filters {
  state?: RolloutState;
}

/** Machines a rollout upgrades: all it took but those it refused at the start. */
const upgradable = (r: RolloutItem) => r.counts.total - r.counts.same_version - r.counts.not_compatible;

function rolloutColumns(timeZone: string): DataColumn<RolloutItem>[] {
  const t = i18next.t;
  return [
    { key: "id", titleKey: "ota.fields.batch", text: (r) => `#${r.id}` },
    { key: "version", titleKey: "ota.fields.version", dataIndex: "version" },
    {
      key: "state",
      titleKey: "ota.fields.state",
      text: rolloutStateText,
      render: (r) => (
        <Tag color={ROLLOUT_STATE_COLOR[r.state]} data-testid="rollout-state">
          {rolloutStateText(r)}
        </Tag>
      ),
    },
    {
      key: "progress",
      titleKey: "ota.fields.progress",
      text: (r) => t("ota.progressText", { done: r.counts.succeeded, total: upgradable(r) }),
      render: (r) => (
        <Progress
          aria-label={t("ota.fields.progress")}
          percent={upgradable(r) === 0 ? 0 : Math.floor((r.counts.succeeded * 100) / upgradable(r))}
          success={{ percent: 0 }}
          status={r.counts.failed > 0 ? "exception" : undefined}
          size="small"
          format={() => t("ota.progressText", { done: r.counts.succeeded, total: upgradable(r) })}
        />
      ),
    },
    { key: "failed", titleKey: "ota.fields.failed", text: (r) => String(r.counts.failed) },
    { key: "offline", titleKey: "ota.fields.offlineSkipped", text: (r) => String(r.counts.offline_skipped) },
    { key: "refused", titleKey: "ota.fields.sameVersion", text: (r) => String(r.counts.same_version) },
    { key: "waves", titleKey: "ota.fields.waves", text: (r) => `${r.waves_started} / ${r.waves}` },
    {
      key: "window",
      titleKey: "ota.fields.window",
      text: (r) =>
        r.window_start === null ? t("ota.anyTime") : `${minuteText(r.window_start)}–${minuteText(r.window_end)}`,
    },
    { key: "created", titleKey: "ota.fields.createdAt", text: (r) => formatTimestamp(r.created_at, timeZone) },
  ];
}

/** A row's pause, resume, retry or abort: confirmed first (an abort as a dangerous action). */
function useRolloutMove(
  contract: typeof API.ota.pauseRollout,
  key: "pause" | "resume" | "abort" | "retry",
  allowed: boolean,
  hidden: (r: RolloutItem) => boolean,
) {
  const { t } = useTranslation();
  return useConfirmedAction(contract, {
    labelKey: `ota.actions.${key}`,
    testId: `rollout-${key}`,
    success: "success.operation",
    danger: key === "abort",
    allowed,
    hidden,
    body: (r: RolloutItem) => ({ id: r.id }),
    confirm: (r) => ({ title: t(`ota.confirm.${key}`, { id: r.id, version: r.version }) }),
  });
}

/** The vendor's rollouts (the spec's batches), newest first, following their machines live. */
export function RolloutsTab() {
  const { t } = useTranslation();
  const can = useCan();
  const timeZone = useTimeZone();
  const [open, setOpen] = useState<RolloutItem | null>(null);
  useRolloutRefresh();
  const allowed = can("ota_add");
  const details = {
    labelKey: "ota.actions.details",
    testId: "rollout-details",
    onClick: (r: RolloutItem) => setOpen(r),
  };
  const actions = [
    details,
    useRolloutMove(API.ota.pauseRollout, "pause", allowed, (r) => r.state !== "running"),
    useRolloutMove(
      API.ota.resumeRollout,
      "resume",
      allowed,
      (r) => r.state !== "paused" && r.state !== "paused_by_errors",
    ),
    useRolloutMove(
      API.ota.retryFailed,
      "retry",
      allowed,
      (r) => r.counts.failed + r.counts.offline_skipped === 0 || r.state === "aborted",
    ),
    useRolloutMove(API.ota.abortRollout, "abort", allowed, (r) => r.state === "aborted" || r.state === "completed"),
  ];

  return (
    <>
      <ListScreen
        bare
        testId="ota-rollouts"
        contract={API.ota.rollouts}
        filters={{
          fields: [stateFilterField(ROLLOUT_STATES, "ota.rolloutStates")],
          toFilters: (values: Filters) => presentFilters(values),
          testId: "ota-rollout-filters",
        }}
        columns={rolloutColumns(timeZone)}
        dialog={(_item, close) => <RolloutDialog onClose={close} />}
        add={{ labelKey: "ota.addRollout", testId: "ota-rollout-add", allowed: can("ota_add") }}
        rowActions={actions}
        table={{ testId: "ota-rollout-table", emptyText: t("ota.rolloutsEmpty") }}
      />
      {open && <RolloutDrawer rollout={open} onClose={() => setOpen(null)} />}
    </>
  );
}
