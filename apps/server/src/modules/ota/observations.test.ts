import { describe, expect, it } from "vitest";
import { type MachineObservation, observe } from "./observations.js";
import type { Target } from "./target-states.js";
import { TEST_TIMING as timing } from "./test-timing.js";

const notified: Target = {
  state: "notified",
  version: "2.0.0",
  fromVersion: "1.0.0",
  percent: 0,
  tries: 0,
  reason: null,
  nextTryAt: null,
  since: 1_000,
};
const nothing: MachineObservation = { notice: null, progress: [], shadow: { firmware: "1.0.0", statusAt: 0 } };
const progress = (
  id: number,
  stage: "downloading" | "installing" | "done" | "failed",
  percent: number,
  at: number,
) => ({
  id,
  version: "2.0.0",
  stage,
  percent,
  at,
});

describe("what one tick makes of a machine in flight", () => {
  it("an accepted notice and the progress since, in the order it happened: downloading then installing, each at its time", () => {
    const { target, lastEventId } = observe(
      notified,
      0,
      {
        ...nothing,
        notice: { state: "succeeded", reason: null },
        progress: [progress(12, "installing", 10, 9_000), progress(11, "downloading", 100, 5_000)],
      },
      10_000,
      timing,
    );
    expect(target).toMatchObject({ state: "installing", percent: 10, tries: 1, since: 9_000 });
    expect(lastEventId).toBe(12);
  });

  it("takes each event once, and skips events of another version while taking them as read", () => {
    const downloading: Target = { ...notified, state: "downloading", tries: 1, percent: 40 };
    const { target, lastEventId } = observe(
      downloading,
      20,
      {
        ...nothing,
        progress: [
          progress(19, "failed", 0, 2_000),
          { ...progress(21, "failed", 0, 3_000), version: "1.9.0", reason: "hash_mismatch" },
          progress(22, "downloading", 60, 4_000),
        ],
      },
      5_000,
      timing,
    );
    expect(target).toMatchObject({ state: "downloading", percent: 60 });
    expect(lastEventId).toBe(22);
  });

  it("a refused notice waits for idle (busy) or fails (a reason the protocol does not know is 'invalid'); an unanswered one waits", () => {
    const busy = observe(notified, 0, { ...nothing, notice: { state: "failed", reason: "busy" } }, 2_000, timing);
    expect(busy.target).toMatchObject({ state: "waiting_idle", reason: "busy", tries: 0 });
    const odd = observe(notified, 0, { ...nothing, notice: { state: "failed", reason: "gremlins" } }, 2_000, timing);
    expect(odd.target).toMatchObject({ state: "failed", reason: "invalid" });
    const silent = observe(notified, 0, { ...nothing, notice: { state: "timed_out", reason: null } }, 2_000, timing);
    expect(silent.target).toMatchObject({ state: "waiting_idle", reason: "unanswered" });
    const pending = observe(notified, 0, { ...nothing, notice: { state: "sent", reason: null } }, 2_000, timing);
    expect(pending.target.state).toBe("notified");
  });

  it("after 'done', the old version in the shadow is no rollback until a status came after it; then it is", () => {
    const downloading: Target = { ...notified, state: "installing", tries: 1, percent: 50, since: 3_000 };
    const done = observe(
      downloading,
      0,
      { ...nothing, progress: [progress(5, "done", 100, 8_000)], shadow: { firmware: "1.0.0", statusAt: 0 } },
      9_000,
      timing,
    );
    expect(done.target).toMatchObject({ state: "rebooting", since: 8_000 });
    const stillOld = observe(
      done.target,
      5,
      { ...nothing, shadow: { firmware: "1.0.0", statusAt: 0 } },
      20_000,
      timing,
    );
    expect(stillOld.target.state).toBe("rebooting");
    const cameBackOld = observe(
      done.target,
      5,
      { ...nothing, shadow: { firmware: "1.0.0", statusAt: 30_000 } },
      31_000,
      timing,
    );
    expect(cameBackOld.target).toMatchObject({ state: "failed", reason: "rolled_back" });
    const cameBackNew = observe(
      done.target,
      5,
      { ...nothing, shadow: { firmware: "2.0.0", statusAt: 30_000 } },
      31_000,
      timing,
    );
    expect(cameBackNew.target.state).toBe("succeeded");
  });

  it("installing, then a status with the old version and no 'done': the new version did not boot (rolled back, for good)", () => {
    const installing: Target = { ...notified, state: "installing", tries: 1, since: 3_000 };
    const heartbeatsOnly = observe(
      installing,
      0,
      { ...nothing, shadow: { firmware: "1.0.0", statusAt: 2_000 } },
      5_000,
      timing,
    );
    expect(heartbeatsOnly.target.state).toBe("installing");
    const back = observe(installing, 0, { ...nothing, shadow: { firmware: "1.0.0", statusAt: 6_000 } }, 7_000, timing);
    expect(back.target).toMatchObject({ state: "failed", reason: "rolled_back" });
  });

  it("a done and the reboot seen in one tick: the status after it counts", () => {
    const installing: Target = { ...notified, state: "installing", tries: 1, since: 3_000 };
    const { target } = observe(
      installing,
      0,
      { ...nothing, progress: [progress(7, "done", 100, 8_000)], shadow: { firmware: "2.0.0", statusAt: 12_000 } },
      13_000,
      timing,
    );
    expect(target.state).toBe("succeeded");
  });

  it("time passes: a download silent past its stall time fails as a timeout (transient: retried)", () => {
    const downloading: Target = { ...notified, state: "downloading", tries: 1, percent: 40, since: 0 };
    const { target } = observe(downloading, 0, nothing, timing.downloadStallMs + 1, timing);
    expect(target).toMatchObject({ state: "retrying", reason: "timeout" });
  });
});
