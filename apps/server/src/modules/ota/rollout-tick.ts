import {
  insideWindow,
  judge,
  type MaintenanceWindow,
  type Thresholds,
  type Verdict,
  type WaveTally,
} from "./rollout-rules.js";
import { FINAL_STATES, type TargetState, WAITING } from "./target-states.js";

/** A running rollout as one scheduler tick sees it (read under the rollout's row lock). */
export interface RolloutView {
  thresholds: Thresholds;
  window: MaintenanceWindow | null;
  /** Waves started so far (wave numbers below this one have started). */
  wavesStarted: number;
  /**
   * Waves the operator let go on past their thresholds (resuming after a self-pause or a hold): their
   * machines no longer count for or against the thresholds.
   */
  excusedWaves: number;
  waveCount: number;
  /** Most notices one tick sends for one rollout (spreads a wave's downloads over ticks). */
  noticesPerTick: number;
  /** A due machine away longer than this is skipped, so that it does not hold its wave. */
  offlineSkipMs: number;
}

/** A target and what the tick needs of its machine. */
export interface TargetView {
  id: number;
  /** Null for a machine refused at the start (same version, not compatible): in no wave. */
  wave: number | null;
  state: TargetState;
  nextTryAt: number | null;
  online: boolean;
  /**
   * Epoch ms: since when the rollout has waited for this machine while offline — the later of its
   * last message and the target's last change (queued, or queued again by a retry).
   */
  awaitedSince: number;
  busy: boolean;
  /** The machine's shop's time zone (else its vendor's). */
  timeZone: string;
}

export interface TickDecision {
  /** What the rollout's waves say (a new wave, a pause for errors, a hold, done, or nothing). */
  verdict: Verdict;
  wavesStarted: number;
  notify: number[];
  park: { id: number; until: "idle" | "window" }[];
  /** Due machines offline for longer than the rollout waits for one. */
  skipOffline: number[];
}

/** Each wave's succeeded, failed (for good) and still-open machines. */
export function tallyWaves(targets: readonly TargetView[], waveCount: number): WaveTally[] {
  const tallies = Array.from({ length: waveCount }, () => ({ succeeded: 0, failed: 0, open: 0 }));
  for (const target of targets) {
    const tally = target.wave === null ? undefined : tallies[target.wave];
    if (!tally) continue;
    if (target.state === "succeeded") tally.succeeded++;
    else if (target.state === "failed") tally.failed++;
    else if (!FINAL_STATES.includes(target.state)) tally.open++;
  }
  return tallies;
}

/**
 * One tick of a running rollout: judge its waves (and start the next one when they allow), then,
 * in the started waves, notify the machines that are due, online, idle and inside their shop's
 * window — at most `noticesPerTick` — and park the others with the reason they wait. A machine
 * offline stays as it is and is notified when it is back, unless the rollout has waited for it
 * longer than `offlineSkipMs`: it is skipped, neither a success nor a failure, and the operator may
 * try it again with the failed ones.
 */
export function decideTick(rollout: RolloutView, targets: readonly TargetView[], now: number): TickDecision {
  const tallies = tallyWaves(targets, rollout.waveCount).map((tally, wave) =>
    wave < rollout.excusedWaves ? { ...tally, succeeded: 0, failed: 0 } : tally,
  );
  const verdict = judge(tallies, rollout.wavesStarted, rollout.thresholds);
  const decision: TickDecision = {
    verdict,
    wavesStarted: rollout.wavesStarted,
    notify: [],
    park: [],
    skipOffline: [],
  };
  if (verdict.kind === "pause_for_errors" || verdict.kind === "complete") return decision;
  if (verdict.kind === "start_wave") decision.wavesStarted = verdict.wave + 1;

  const due = targets
    .filter((t) => t.wave !== null && t.wave < decision.wavesStarted && WAITING.includes(t.state))
    .filter((t) => t.state !== "retrying" || (t.nextTryAt ?? 0) <= now)
    .sort((a, b) => (a.wave ?? 0) - (b.wave ?? 0) || a.id - b.id);
  for (const target of due) {
    if (!target.online) {
      if (now - target.awaitedSince > rollout.offlineSkipMs) decision.skipOffline.push(target.id);
      continue;
    }
    if (rollout.window && !insideWindow(now, target.timeZone, rollout.window)) {
      if (target.state !== "waiting_window") decision.park.push({ id: target.id, until: "window" });
    } else if (target.busy) {
      if (target.state !== "waiting_idle") decision.park.push({ id: target.id, until: "idle" });
    } else if (decision.notify.length < rollout.noticesPerTick) {
      decision.notify.push(target.id);
    }
  }
  return decision;
}
