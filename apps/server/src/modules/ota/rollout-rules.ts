import { FIRMWARE_FAILURES_TRANSIENT } from "@washboard/device-protocol";
import { type RolloutState, wallClockParts } from "@washboard/shared";

/**
 * The rules of a firmware rollout (docs/ota-design.md "Rules"), as functions of what the rollout's
 * rows say: no database, no clock of their own. The scheduler reads the rows under the rollout's
 * lock, asks these, and writes what they decide.
 */

/** A rollout still at work: its machines may still be notified, and fetch its uploaded file. */
export const LIVE_ROLLOUT_STATES = ["running", "paused", "paused_by_errors"] as const satisfies readonly RolloutState[];

/** How the first wave is sized: a number of machines, or a share of them (0 < share ≤ 1). */
export type FirstWave = { count: number } | { share: number };

export interface WavePlan {
  first: FirstWave;
  /** Each later wave is this many times the one before (≥ 1). */
  factor: number;
}

/** The size of each wave for `total` machines: the first as planned, then each ⌈previous × factor⌉. */
export function waveSizes(total: number, plan: WavePlan): number[] {
  if (total <= 0) return [];
  const first = "count" in plan.first ? plan.first.count : Math.ceil(plan.first.share * total);
  const sizes: number[] = [];
  let size = Math.max(1, Math.min(total, first));
  let left = total;
  while (left > 0) {
    const taken = Math.min(size, left);
    sizes.push(taken);
    left -= taken;
    // A factor of 1 keeps the waves equal; rounding up makes every wave grow by at least one machine.
    size = Math.max(size, Math.ceil(size * plan.factor));
  }
  return sizes;
}

/** The wave of each machine, in the order given (the canary's chosen machines first). */
export function assignWaves(total: number, plan: WavePlan): number[] {
  return waveSizes(total, plan).flatMap((size, wave) => Array.from({ length: size }, () => wave));
}

/** Where a wave's machines stand: finished well, failed for good, or still on their way. */
export interface WaveTally {
  succeeded: number;
  failed: number;
  /** Not final yet: queued, waiting for idle or the window, notified, downloading, installing, retrying. */
  open: number;
}

export interface Thresholds {
  /** Percent of the finished machines that must have succeeded before the next wave starts. */
  successPercent: number;
  /** Percent of the finished machines whose failure pauses the rollout. */
  errorPercent: number;
  /** Finished machines needed before the error threshold is judged (one early failure is not a trend). */
  minimumFinished: number;
}

export type Verdict =
  | { kind: "wait" }
  | { kind: "start_wave"; wave: number }
  | { kind: "pause_for_errors"; failedPercent: number }
  | { kind: "hold"; succeededPercent: number }
  | { kind: "complete" };

const percent = (part: number, whole: number) => (whole === 0 ? 0 : (part * 100) / whole);

/**
 * What a running rollout does next, given its waves' tallies (index = wave) and how many waves have
 * started. Errors are judged first: a rollout past its error threshold pauses even if the waves
 * started so far are done. A finished wave whose success rate is below the threshold holds the
 * rollout (the operator decides: retry the failed, resume anyway, or abort).
 */
export function judge(tallies: readonly WaveTally[], started: number, thresholds: Thresholds): Verdict {
  const begun = tallies.slice(0, started);
  const succeeded = begun.reduce((n, t) => n + t.succeeded, 0);
  const failed = begun.reduce((n, t) => n + t.failed, 0);
  const finished = succeeded + failed;
  if (finished >= thresholds.minimumFinished && percent(failed, finished) > thresholds.errorPercent) {
    return { kind: "pause_for_errors", failedPercent: percent(failed, finished) };
  }
  if (begun.some((t) => t.open > 0)) return { kind: "wait" };
  if (started >= tallies.length) return { kind: "complete" };
  if (finished > 0 && percent(succeeded, finished) < thresholds.successPercent) {
    return { kind: "hold", succeededPercent: percent(succeeded, finished) };
  }
  return { kind: "start_wave", wave: started };
}

/** A maintenance window in a shop's local time, minutes after midnight; end before start crosses midnight. */
export interface MaintenanceWindow {
  startMinute: number;
  endMinute: number;
}

/** Whether `instantMs` falls inside the window in `timeZone` (start included, end excluded). */
export function insideWindow(instantMs: number, timeZone: string, window: MaintenanceWindow): boolean {
  const parts = wallClockParts(instantMs, timeZone);
  const minute = Number(parts.hour) * 60 + Number(parts.minute);
  const { startMinute: start, endMinute: end } = window;
  if (start === end) return true;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/**
 * Whether a failure is worth trying again (the device protocol's list of transient reasons). A
 * reason the protocol does not list is taken as permanent.
 */
export function isTransient(reason: string): boolean {
  return (FIRMWARE_FAILURES_TRANSIENT as readonly string[]).includes(reason);
}

/**
 * When a machine whose try failed for a transient reason is tried again: the first backoff doubled
 * per try already made, at most `capMs`; null once it has had `maxTries`.
 */
export function retryDelayMs(
  triesMade: number,
  options: { firstBackoffMs: number; capMs: number; maxTries: number },
): number | null {
  if (triesMade >= options.maxTries) return null;
  return Math.min(options.capMs, options.firstBackoffMs * 2 ** Math.max(0, triesMade - 1));
}
