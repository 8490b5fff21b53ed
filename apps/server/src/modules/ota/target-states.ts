import type { RefusalReason } from "@washboard/device-protocol";
import type { TargetStateName } from "@washboard/shared";
import { isTransient, retryDelayMs } from "./rollout-rules.js";

/**
 * One machine's way through a rollout (docs/ota-design.md "Rules"), as a function of what happens
 * to it: the machine's answers, progress and status, and time passing. The scheduler and the
 * gateway's listener read a target's row, ask `advance`, and write what it answers.
 *
 *   queued ─notice─→ notified ─accepted─→ downloading → installing → done: rebooting ─new version─→ succeeded
 *     ↑ the scheduler parks a target it may not notify yet: waiting_idle, waiting_window
 *   notified ─busy, fault, another update, expired, unanswered─→ waiting_idle (no try used)
 *   a failure → retrying (transient, tries left; notified again when due) | failed
 *   waiting while offline longer than the rollout waits → offline_skipped (neither success nor failure)
 */
export type TargetState = TargetStateName;

export const FINAL_STATES: readonly TargetState[] = [
  "succeeded",
  "failed",
  "refused_same_version",
  "not_compatible",
  "aborted",
  "offline_skipped",
];

export interface Target {
  state: TargetState;
  /** The version being installed, and the one the machine ran when the rollout chose it. */
  version: string;
  fromVersion: string;
  percent: number;
  /** Notices the machine accepted (a try is an accepted notice). */
  tries: number;
  reason: string | null;
  /** Epoch ms: when a retry is due. */
  nextTryAt: number | null;
  /** Epoch ms: when the state was entered or the last progress came (for the stage timeouts). */
  since: number;
}

export type TargetInput =
  /** The scheduler sent the notice, or parks the target until the machine is idle or in its window. */
  | { kind: "notice_sent" }
  | { kind: "park"; until: "idle" | "window" }
  /** The machine has been away longer than the rollout waits for one. */
  | { kind: "offline_timeout" }
  /** The operator aborted the rollout: what has not started installing stops. */
  | { kind: "abort" }
  | { kind: "ack"; ok: true }
  | { kind: "ack"; ok: false; reason: RefusalReason }
  /** The notice expired unanswered (the machine was offline, or hung). */
  | { kind: "unanswered" }
  | { kind: "progress"; stage: "downloading" | "installing" | "done" | "failed"; percent: number; reason?: string }
  /** A status message; `reconnected`: the first since the machine came back (a reboot). */
  | { kind: "status"; firmware: string; reconnected: boolean }
  | { kind: "tick" };

export interface TargetTiming {
  /** Longest wait for the next progress while downloading, and for `done` while installing. */
  downloadStallMs: number;
  installMs: number;
  /**
   * Longest wait, with the file in (downloading 100 %), for the customer's cycle to end: a machine
   * that turned busy before installing postpones the install (the protocol's order) and says
   * nothing meanwhile.
   */
  idleWaitMs: number;
  /** Longest wait for the status with the new version after `done`. */
  rebootMs: number;
  firstBackoffMs: number;
  backoffCapMs: number;
  maxTries: number;
}

/** A notice the machine accepted and is working on. */
const ACCEPTED: readonly TargetState[] = ["downloading", "installing", "rebooting"];
/** Where a target waits for the scheduler to notify it. */
export const WAITING: readonly TargetState[] = ["queued", "waiting_idle", "waiting_window", "retrying"];

/** What becomes of a target when `input` happens at `now`; the same target when nothing changes. */
export function advance(target: Target, input: TargetInput, now: number, timing: TargetTiming): Target {
  if (FINAL_STATES.includes(target.state)) return target;
  const enter = (state: TargetState, changes: Partial<Target> = {}): Target => ({
    ...target,
    state,
    since: now,
    ...changes,
  });
  const fail = (reason: string): Target => {
    const delay = isTransient(reason) ? retryDelayMs(target.tries, { ...timing, capMs: timing.backoffCapMs }) : null;
    return delay === null
      ? enter("failed", { reason, nextTryAt: null })
      : enter("retrying", { reason, nextTryAt: now + delay, percent: 0 });
  };

  switch (input.kind) {
    case "notice_sent":
      return WAITING.includes(target.state) ? enter("notified", { nextTryAt: null }) : target;
    case "park":
      return WAITING.includes(target.state)
        ? enter(input.until === "idle" ? "waiting_idle" : "waiting_window")
        : target;
    case "offline_timeout":
      return WAITING.includes(target.state) ? enter("offline_skipped", { reason: "offline", nextTryAt: null }) : target;
    case "abort":
      return target.state === "installing" || target.state === "rebooting" ? target : enter("aborted");
    case "ack":
      if (target.state !== "notified") return target;
      // Accepted: the machine starts downloading at once (the protocol's order), and a try is used.
      if (input.ok) return enter("downloading", { tries: target.tries + 1, percent: 0, reason: null });
      // Not now: a cycle running, a fault, another update, or the notice too old. No try is used.
      if (
        input.reason === "busy" ||
        input.reason === "fault" ||
        input.reason === "not_ready" ||
        input.reason === "expired"
      )
        return enter("waiting_idle", { reason: input.reason });
      // `invalid`: the machine runs this version already (a success whose news was lost) or refuses it.
      return enter("failed", { reason: input.reason });
    case "unanswered":
      return target.state === "notified" ? enter("waiting_idle", { reason: "unanswered" }) : target;
    case "progress":
      // Progress only counts once the notice was accepted (a late event of an earlier try is ignored).
      if (!ACCEPTED.includes(target.state)) return target;
      if (input.stage === "failed") return fail(input.reason ?? "unknown");
      if (input.stage === "done") return enter("rebooting", { percent: 100 });
      if (input.stage === "installing") return enter("installing", { percent: input.percent });
      return enter("downloading", {
        percent: Math.max(target.state === "downloading" ? target.percent : 0, input.percent),
      });
    case "status": {
      if (input.firmware === target.version && target.state !== "queued") return enter("succeeded", { reason: null });
      // Back on the old version after a reboot during or after the install: the new one did not boot.
      const rebooted = target.state === "rebooting" || (target.state === "installing" && input.reconnected);
      if (rebooted && input.firmware === target.fromVersion) return fail("rolled_back");
      return target;
    }
    case "tick": {
      const waited = now - target.since;
      const stall = target.percent === 100 ? timing.idleWaitMs : timing.downloadStallMs;
      if (target.state === "downloading" && waited > stall) return fail("timeout");
      if (target.state === "installing" && waited > timing.installMs) return fail("timeout");
      if (target.state === "rebooting" && waited > timing.rebootMs) return fail("timeout");
      return target;
    }
  }
}
