import { describe, expect, it } from "vitest";
import { decideTick, type RolloutView, type TargetView } from "./rollout-tick.js";

const rollout: RolloutView = {
  thresholds: { successPercent: 90, errorPercent: 20, minimumFinished: 2 },
  window: null,
  wavesStarted: 1,
  excusedWaves: 0,
  waveCount: 3,
  noticesPerTick: 100,
  offlineSkipMs: 3_600_000,
};
let ids = 0;
const target = (wave: number | null, changes: Partial<TargetView> = {}): TargetView => ({
  id: ++ids,
  wave,
  state: "queued",
  nextTryAt: null,
  online: true,
  awaitedSince: NOW,
  busy: false,
  timeZone: "Asia/Kuala_Lumpur",
  ...changes,
});
const NOW = Date.parse("2026-11-27T12:00:00Z"); // 20:00 in Kuala Lumpur, 13:00 in Berlin

describe("a rollout's tick", () => {
  it("notifies the due machines of the started waves only, wave by wave", () => {
    const first = [target(0), target(0)];
    const later = [target(1), target(2)];
    const decision = decideTick(rollout, [...later, ...first], NOW);
    expect(decision.verdict.kind).toBe("wait");
    expect(decision.notify).toEqual(first.map((t) => t.id));
  });

  it("starts the next wave once the started ones are done and succeeded enough, and notifies it at once", () => {
    const done = [target(0, { state: "succeeded" }), target(0, { state: "succeeded" })];
    const next = [target(1), target(1)];
    const decision = decideTick(rollout, [...done, ...next, target(2)], NOW);
    expect(decision.verdict).toEqual({ kind: "start_wave", wave: 1 });
    expect(decision.wavesStarted).toBe(2);
    expect(decision.notify).toEqual(next.map((t) => t.id));
  });

  it("pauses past the error threshold and notifies no one", () => {
    const decision = decideTick(
      rollout,
      [target(0, { state: "failed" }), target(0, { state: "failed" }), target(0, { state: "succeeded" }), target(0)],
      NOW,
    );
    expect(decision.verdict.kind).toBe("pause_for_errors");
    expect(decision.notify).toEqual([]);
  });

  it("parks a busy machine until it is idle and leaves an offline one as it is", () => {
    const busy = target(0, { busy: true });
    const offline = target(0, { online: false, awaitedSince: NOW - 60_000 });
    const alreadyWaiting = target(0, { busy: true, state: "waiting_idle" });
    const decision = decideTick(rollout, [busy, offline, alreadyWaiting], NOW);
    expect(decision.park).toEqual([{ id: busy.id, until: "idle" }]);
    expect(decision.notify).toEqual([]);
  });

  it("keeps to each shop's maintenance window: night in Kuala Lumpur, afternoon in Berlin", () => {
    const night = { startMinute: 19 * 60, endMinute: 23 * 60 };
    const kualaLumpur = target(0);
    const berlin = target(0, { timeZone: "Europe/Berlin" });
    const decision = decideTick({ ...rollout, window: night }, [kualaLumpur, berlin], NOW);
    expect(decision.notify).toEqual([kualaLumpur.id]);
    expect(decision.park).toEqual([{ id: berlin.id, until: "window" }]);
  });

  it("tries a failed machine again only when its retry is due", () => {
    const waiting = target(0, { state: "retrying", nextTryAt: NOW + 1 });
    const due = target(0, { state: "retrying", nextTryAt: NOW });
    expect(decideTick(rollout, [waiting, due], NOW).notify).toEqual([due.id]);
  });

  it("sends at most noticesPerTick notices, the earliest waves first", () => {
    const many = Array.from({ length: 10 }, () => target(0));
    expect(decideTick({ ...rollout, noticesPerTick: 3 }, many, NOW).notify).toEqual(many.slice(0, 3).map((t) => t.id));
  });

  it("ignores the machines refused at the start (no wave) and completes when the last wave is done", () => {
    const decision = decideTick(
      { ...rollout, wavesStarted: 3 },
      [
        target(null, { state: "refused_same_version" }),
        target(0, { state: "succeeded" }),
        target(1, { state: "succeeded" }),
        target(2, { state: "succeeded" }),
      ],
      NOW,
    );
    expect(decision.verdict.kind).toBe("complete");
  });

  it("waves the operator let go on past their thresholds count no more: the next wave starts after a resume", () => {
    const failedWave = [
      target(0, { state: "failed" }),
      target(0, { state: "failed" }),
      target(0, { state: "succeeded" }),
    ];
    const next = [target(1)];
    expect(decideTick(rollout, [...failedWave, ...next], NOW).verdict.kind).toBe("pause_for_errors");
    const resumed = decideTick({ ...rollout, excusedWaves: 1 }, [...failedWave, ...next], NOW);
    expect(resumed.verdict).toEqual({ kind: "start_wave", wave: 1 });
    expect(resumed.notify).toEqual(next.map((t) => t.id));
  });

  it("skips an offline machine awaited longer than the rollout waits, and keeps one awaited for less", () => {
    const longAwaited = target(0, { online: false, awaitedSince: NOW - 3_600_001 });
    const justAwaited = target(0, { online: false, awaitedSince: NOW - 3_600_000 });
    const onlineLong = target(0, { awaitedSince: NOW - 7_200_000 });
    const decision = decideTick(rollout, [longAwaited, justAwaited, onlineLong], NOW);
    expect(decision.skipOffline).toEqual([longAwaited.id]);
    expect(decision.notify).toEqual([onlineLong.id]);
  });

  it("lets the next wave start once its one offline machine is skipped", () => {
    const waves = [target(0, { state: "succeeded" }), target(0, { state: "offline_skipped" }), target(1)];
    const decision = decideTick(rollout, waves, NOW);
    expect(decision.verdict).toEqual({ kind: "start_wave", wave: 1 });
  });
});
