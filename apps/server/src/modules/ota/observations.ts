import { REFUSAL_REASONS, type RefusalReason } from "@washboard/device-protocol";
import { advance, type Target, type TargetTiming } from "./target-states.js";

/**
 * What the scheduler's tick reads of one machine in flight (docs/ota-design.md, "What the tick
 * reads"), from what the devices module records: the notice's command, the machine's firmware
 * progress events, its shadow.
 */
export interface MachineObservation {
  /** The current try's notice, as the command path left it; null when the target has none. */
  notice: { state: string; reason: string | null } | null;
  /** The machine's `firmware_progress` events, by device-log id (any order, any version). */
  progress: readonly {
    id: number;
    version: string;
    stage: "downloading" | "installing" | "done" | "failed";
    percent: number;
    reason?: string | undefined;
    /** Epoch ms it happened (the machine's clock as the server believes it). */
    at: number;
  }[];
  /** The machine's shadow: the version it last reported, and when (epoch ms) its last status came. */
  shadow: { firmware: string; statusAt: number | null } | null;
}

const asRefusal = (reason: string | null): RefusalReason =>
  (REFUSAL_REASONS as readonly string[]).includes(reason ?? "") ? (reason as RefusalReason) : "invalid";

/**
 * A target after one tick's observations, taken in the order they happened: the answer to its
 * notice, its progress since the last event it took (of this rollout's version only; each at the
 * time it happened), the version it reports — which, while it is installing or rebooting, counts
 * only from a status that came after it entered that state: before, the old version in the shadow
 * is the one it ran before installing, not a rollback — and the passing of time. Answers the target
 * and the device-log id it has taken up to.
 */
export function observe(
  target: Target,
  lastEventId: number,
  seen: MachineObservation,
  now: number,
  timing: TargetTiming,
): { target: Target; lastEventId: number } {
  let current = target;
  if (current.state === "notified" && seen.notice) {
    const { state, reason } = seen.notice;
    if (state === "succeeded") current = advance(current, { kind: "ack", ok: true }, now, timing);
    else if (state === "failed")
      current = advance(current, { kind: "ack", ok: false, reason: asRefusal(reason) }, now, timing);
    else if (state === "timed_out" || state === "expired")
      current = advance(current, { kind: "unanswered" }, now, timing);
  }
  let taken = lastEventId;
  for (const event of [...seen.progress].sort((a, b) => a.id - b.id)) {
    if (event.id <= lastEventId) continue;
    taken = Math.max(taken, event.id);
    if (event.version !== current.version) continue;
    const { stage, percent, reason } = event;
    current = advance(
      current,
      { kind: "progress", stage, percent, ...(reason === undefined ? {} : { reason }) },
      event.at,
      timing,
    );
  }
  const shadow = seen.shadow;
  if (shadow) {
    const backSince = shadow.statusAt !== null && shadow.statusAt > current.since;
    if (shadow.firmware === current.version)
      current = advance(current, { kind: "status", firmware: shadow.firmware, reconnected: false }, now, timing);
    else if ((current.state === "rebooting" || current.state === "installing") && backSince)
      current = advance(current, { kind: "status", firmware: shadow.firmware, reconnected: true }, now, timing);
  }
  return { target: advance(current, { kind: "tick" }, now, timing), lastEventId: taken };
}
