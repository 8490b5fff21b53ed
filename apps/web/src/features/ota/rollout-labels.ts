import type { RolloutItem, RolloutState, TargetStateName } from "@washboard/shared";
import { i18next } from "../../app/i18n";

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/** A rollout's state as its tag says it, with why it paused itself or holds. */
export function rolloutStateText(rollout: Pick<RolloutItem, "state" | "reason">): string {
  if (rollout.state === "paused" && rollout.reason === "held") return t("ota.rolloutStates.held");
  return t(`ota.rolloutStates.${rollout.state}`);
}

/** Tag colours: the named palette colours, whose text keeps its contrast (the status colours' does not). */
export const ROLLOUT_STATE_COLOR: Record<RolloutState, string> = {
  running: "blue",
  paused: "orange",
  paused_by_errors: "red",
  aborted: "default",
  completed: "green",
};

export const TARGET_STATE_COLOR: Partial<Record<TargetStateName, string>> = {
  succeeded: "green",
  failed: "red",
  downloading: "blue",
  installing: "blue",
  rebooting: "blue",
  notified: "blue",
  retrying: "orange",
  waiting_idle: "default",
  waiting_window: "default",
};

/** A machine's state in a rollout, with its download's percent while it downloads. */
export function targetStateText(target: { state: TargetStateName; percent: number }): string {
  const state = t(`ota.targetStates.${target.state}`);
  return target.state === "downloading" ? `${state} ${target.percent}%` : state;
}

/** A failure's reason as the machine gave it, in words where we know it. */
export function reasonText(reason: string): string {
  return reason === "" ? "" : t(`ota.reasons.${reason}`, { defaultValue: reason });
}

/** Minutes after midnight as hh:mm. */
export function minuteText(minute: number | null): string {
  if (minute === null) return "";
  return `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}
