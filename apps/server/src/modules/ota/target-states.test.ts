import { describe, expect, it } from "vitest";
import { advance, FINAL_STATES, type Target, type TargetInput } from "./target-states.js";
import { TEST_TIMING as timing } from "./test-timing.js";

const queued: Target = {
  state: "queued",
  version: "2.0.0",
  fromVersion: "1.0.0",
  percent: 0,
  tries: 0,
  reason: null,
  nextTryAt: null,
  since: 0,
};

/** Feeds inputs one second apart (or at the times given) and answers each state reached. */
function walk(start: Target, inputs: (TargetInput | [number, TargetInput])[]): Target[] {
  const seen: Target[] = [];
  let target = start;
  let now = start.since;
  for (const step of inputs) {
    const [at, input] = Array.isArray(step) ? step : [now + 1_000, step];
    now = at;
    target = advance(target, input, now, timing);
    seen.push(target);
  }
  return seen;
}
const states = (targets: Target[]) => targets.map((t) => t.state + (t.reason ? `:${t.reason}` : ""));

describe("a machine's way through a rollout", () => {
  it("the happy path: notified, accepted, downloading, installing, rebooting, the new version in its status", () => {
    const seen = walk(queued, [
      { kind: "notice_sent" },
      { kind: "ack", ok: true },
      { kind: "progress", stage: "downloading", percent: 50 },
      { kind: "progress", stage: "installing", percent: 0 },
      { kind: "status", firmware: "1.0.0", reconnected: false },
      { kind: "progress", stage: "done", percent: 100 },
      { kind: "status", firmware: "2.0.0", reconnected: true },
    ]);
    expect(states(seen)).toEqual([
      "notified",
      "downloading",
      "downloading",
      "installing",
      "installing",
      "rebooting",
      "succeeded",
    ]);
    expect(seen.at(-1)).toMatchObject({ tries: 1, percent: 100 });
  });

  it("never during a wash: busy, a fault, another update or an unanswered notice wait for idle without using a try", () => {
    for (const input of [
      { kind: "ack", ok: false, reason: "busy" },
      { kind: "ack", ok: false, reason: "fault" },
      { kind: "ack", ok: false, reason: "not_ready" },
      { kind: "ack", ok: false, reason: "expired" },
      { kind: "unanswered" },
    ] as const) {
      const [, parked] = walk(queued, [{ kind: "notice_sent" }, input]);
      expect(parked).toMatchObject({ state: "waiting_idle", tries: 0 });
    }
  });

  it("a transient failure is retried after a doubling backoff until the tries run out; a permanent one is final", () => {
    let target = queued;
    const retries: (number | null)[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const seen = walk(target, [
        { kind: "notice_sent" },
        { kind: "ack", ok: true },
        { kind: "progress", stage: "failed", percent: 0, reason: "download_interrupted" },
      ]);
      target = seen.at(-1) as Target;
      retries.push(target.nextTryAt === null ? null : target.nextTryAt - target.since);
    }
    expect(retries).toEqual([30_000, 60_000, null]);
    expect(target).toMatchObject({ state: "failed", reason: "download_interrupted", tries: 3 });

    const [, , damaged] = walk(queued, [
      { kind: "notice_sent" },
      { kind: "ack", ok: true },
      { kind: "progress", stage: "failed", percent: 0, reason: "hash_mismatch" },
    ]);
    expect(damaged).toMatchObject({ state: "failed", reason: "hash_mismatch", nextTryAt: null });
  });

  it("back on the old version after a reboot is a rollback, not a success", () => {
    const afterDone = walk(queued, [
      { kind: "notice_sent" },
      { kind: "ack", ok: true },
      { kind: "progress", stage: "installing", percent: 0 },
      { kind: "progress", stage: "done", percent: 100 },
      { kind: "status", firmware: "1.0.0", reconnected: true },
    ]);
    expect(states(afterDone).at(-1)).toBe("failed:rolled_back");
    // While installing, the old version in a heartbeat is no news; after a reconnection it is.
    const duringInstall = walk(queued, [
      { kind: "notice_sent" },
      { kind: "ack", ok: true },
      { kind: "progress", stage: "installing", percent: 0 },
      { kind: "status", firmware: "1.0.0", reconnected: false },
      { kind: "status", firmware: "1.0.0", reconnected: true },
    ]);
    expect(states(duringInstall).slice(-2)).toEqual(["installing", "failed:rolled_back"]);
  });

  it("a machine that goes silent times out per stage, and the timeout is tried again", () => {
    const [, , stalled] = walk(queued, [
      { kind: "notice_sent" },
      { kind: "ack", ok: true },
      [70_000, { kind: "tick" }],
    ]);
    expect(stalled).toMatchObject({ state: "retrying", reason: "timeout" });
    const [, , , stillInstalling, silent] = walk(queued, [
      { kind: "notice_sent" },
      { kind: "ack", ok: true },
      { kind: "progress", stage: "installing", percent: 0 },
      [200_000, { kind: "tick" }],
      [400_000, { kind: "tick" }],
    ]);
    expect(stillInstalling?.state).toBe("installing");
    expect(silent).toMatchObject({ state: "retrying", reason: "timeout" });
  });

  it("with its file in, a machine may wait hours for a customer's cycle to end before installing", () => {
    const seen = walk(queued, [
      { kind: "notice_sent" },
      { kind: "ack", ok: true },
      { kind: "progress", stage: "downloading", percent: 100 },
      [2 * 3_600_000, { kind: "tick" }],
      [2 * 3_600_000 + 1_000, { kind: "progress", stage: "installing", percent: 0 }],
    ]);
    expect(states(seen).slice(-2)).toEqual(["downloading", "installing"]);
    const [, , , gaveUp] = walk(queued, [
      { kind: "notice_sent" },
      { kind: "ack", ok: true },
      { kind: "progress", stage: "downloading", percent: 100 },
      [4 * 3_600_000, { kind: "tick" }],
    ]);
    expect(gaveUp).toMatchObject({ state: "retrying", reason: "timeout" });
  });

  it("a waiting machine away too long is skipped as offline, a final state; one already at work is not", () => {
    expect(states(walk(queued, [{ kind: "park", until: "idle" }, { kind: "offline_timeout" }]))).toEqual([
      "waiting_idle",
      "offline_skipped:offline",
    ]);
    expect(FINAL_STATES).toContain("offline_skipped");
    const working = walk(queued, [{ kind: "notice_sent" }, { kind: "ack", ok: true }, { kind: "offline_timeout" }]);
    expect(working.at(-1)?.state).toBe("downloading");
  });

  it("abort stops what has not started installing; an install under way finishes", () => {
    expect(walk(queued, [{ kind: "abort" }])[0]?.state).toBe("aborted");
    const seen = walk(queued, [
      { kind: "notice_sent" },
      { kind: "ack", ok: true },
      { kind: "progress", stage: "installing", percent: 0 },
      { kind: "abort" },
      { kind: "progress", stage: "done", percent: 100 },
      { kind: "status", firmware: "2.0.0", reconnected: true },
    ]);
    expect(states(seen).slice(-3)).toEqual(["installing", "rebooting", "succeeded"]);
  });

  it("ignores what comes out of turn: progress before the notice was accepted, a repeated acceptance, anything after the end", () => {
    const [notified, early] = walk(queued, [
      { kind: "notice_sent" },
      { kind: "progress", stage: "installing", percent: 0 },
    ]);
    expect(early).toBe(notified);
    const seen = walk(queued, [{ kind: "notice_sent" }, { kind: "ack", ok: true }, { kind: "ack", ok: true }]);
    expect(seen[2]).toBe(seen[1]);
    for (const state of FINAL_STATES) {
      const final = { ...queued, state };
      expect(advance(final, { kind: "status", firmware: "2.0.0", reconnected: true }, 5_000, timing)).toBe(final);
    }
  });
});
