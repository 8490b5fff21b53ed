import { describe, expect, it } from "vitest";
import {
  assignWaves,
  insideWindow,
  isTransient,
  judge,
  retryDelayMs,
  type Thresholds,
  type WaveTally,
  waveSizes,
} from "./rollout-rules.js";

describe("waves", () => {
  it("start with the canary and grow by the factor until every machine has one", () => {
    expect(waveSizes(100, { first: { count: 5 }, factor: 2 })).toEqual([5, 10, 20, 40, 25]);
    expect(waveSizes(10_000, { first: { share: 0.01 }, factor: 3 })).toEqual([100, 300, 900, 2700, 6000]);
    expect(waveSizes(7, { first: { count: 3 }, factor: 1 })).toEqual([3, 3, 1]);
  });

  it("never leave a wave empty or a machine out, whatever the plan", () => {
    for (const total of [1, 2, 3, 17, 1000]) {
      for (const plan of [
        { first: { count: 0 }, factor: 1.1 },
        { first: { count: 5000 }, factor: 2 },
        { first: { share: 0.001 }, factor: 1.5 },
        { first: { share: 1 }, factor: 4 },
      ]) {
        const sizes = waveSizes(total, plan);
        expect(sizes.every((s) => s > 0)).toBe(true);
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(total);
        expect(assignWaves(total, plan)).toHaveLength(total);
      }
    }
    expect(waveSizes(0, { first: { count: 5 }, factor: 2 })).toEqual([]);
  });

  it("grow by at least one machine when the factor rounds to nothing", () => {
    expect(waveSizes(10, { first: { count: 1 }, factor: 1.2 })).toEqual([1, 2, 3, 4]);
  });

  it("put the machines given first into the first wave", () => {
    expect(assignWaves(6, { first: { count: 2 }, factor: 2 })).toEqual([0, 0, 1, 1, 1, 1]);
  });
});

describe("what a running rollout does next", () => {
  const thresholds: Thresholds = { successPercent: 90, errorPercent: 20, minimumFinished: 5 };
  const tally = (succeeded: number, failed: number, open = 0): WaveTally => ({ succeeded, failed, open });

  it("waits while a started wave has machines on their way, then starts the next", () => {
    const waves = [tally(9, 0, 1), tally(0, 0, 20)];
    expect(judge(waves, 1, thresholds)).toEqual({ kind: "wait" });
    expect(judge([tally(10, 0), tally(0, 0, 20)], 1, thresholds)).toEqual({ kind: "start_wave", wave: 1 });
  });

  it("holds after a finished wave below the success threshold, without pausing for errors", () => {
    // 1 failure of 10 is 90 % success: enough. 2 of 10: not enough, yet below the 20 % error threshold.
    expect(judge([tally(9, 1), tally(0, 0, 5)], 1, thresholds)).toEqual({ kind: "start_wave", wave: 1 });
    expect(judge([tally(8, 2), tally(0, 0, 5)], 1, thresholds)).toEqual({ kind: "hold", succeededPercent: 80 });
  });

  it("pauses itself past the error threshold, even with machines still on their way", () => {
    expect(judge([tally(3, 2, 5)], 1, thresholds)).toEqual({ kind: "pause_for_errors", failedPercent: 40 });
  });

  it("does not judge errors on fewer finished machines than the minimum", () => {
    expect(judge([tally(0, 1, 4)], 1, thresholds)).toEqual({ kind: "wait" });
  });

  it("counts only the waves that started, and completes when the last one is done", () => {
    expect(judge([tally(5, 0), tally(10, 0)], 2, thresholds)).toEqual({ kind: "complete" });
    expect(judge([tally(5, 0), tally(0, 0, 10)], 1, thresholds)).toEqual({ kind: "start_wave", wave: 1 });
  });
});

describe("maintenance windows in the shop's own time", () => {
  const at = (iso: string) => Date.parse(iso);
  const night = { startMinute: 2 * 60, endMinute: 5 * 60 };

  it("follow each shop's time zone: 02:00 in Kuala Lumpur is 19:00 the day before in Berlin", () => {
    const instant = at("2026-11-27T18:30:00Z"); // 02:30 in Kuala Lumpur (UTC+8), 19:30 in Berlin (UTC+1)
    expect(insideWindow(instant, "Asia/Kuala_Lumpur", night)).toBe(true);
    expect(insideWindow(instant, "Europe/Berlin", night)).toBe(false);
    expect(insideWindow(at("2026-11-28T01:30:00Z"), "Europe/Berlin", night)).toBe(true);
  });

  it("include the start minute and exclude the end", () => {
    expect(insideWindow(at("2026-11-27T18:00:00Z"), "Asia/Kuala_Lumpur", night)).toBe(true);
    expect(insideWindow(at("2026-11-27T21:00:00Z"), "Asia/Kuala_Lumpur", night)).toBe(false);
    expect(insideWindow(at("2026-11-27T17:59:00Z"), "Asia/Kuala_Lumpur", night)).toBe(false);
  });

  it("may cross midnight", () => {
    const late = { startMinute: 22 * 60, endMinute: 5 * 60 };
    expect(insideWindow(at("2026-11-27T23:30:00Z"), "UTC", late)).toBe(true);
    expect(insideWindow(at("2026-11-28T04:59:00Z"), "UTC", late)).toBe(true);
    expect(insideWindow(at("2026-11-28T12:00:00Z"), "UTC", late)).toBe(false);
  });

  it("follow daylight saving time: 02:30 in Berlin is 01:30 UTC in winter and 00:30 in summer", () => {
    expect(insideWindow(at("2026-12-15T01:30:00Z"), "Europe/Berlin", night)).toBe(true);
    expect(insideWindow(at("2026-07-15T00:30:00Z"), "Europe/Berlin", night)).toBe(true);
    expect(insideWindow(at("2026-07-15T03:30:00Z"), "Europe/Berlin", night)).toBe(false);
  });
});

describe("retries", () => {
  const options = { firstBackoffMs: 30_000, capMs: 600_000, maxTries: 4 };

  it("only for transient failures; an unknown reason is taken as permanent", () => {
    expect(isTransient("download_interrupted")).toBe(true);
    expect(isTransient("timeout")).toBe(true);
    expect(isTransient("hash_mismatch")).toBe(false);
    expect(isTransient("rolled_back")).toBe(false);
    expect(isTransient("solar flare")).toBe(false);
  });

  it("double the backoff per try, up to a cap, and stop after the last try", () => {
    expect([1, 2, 3].map((tries) => retryDelayMs(tries, options))).toEqual([30_000, 60_000, 120_000]);
    expect(retryDelayMs(4, options)).toBeNull();
    expect(retryDelayMs(9, { ...options, maxTries: 20 })).toBe(600_000);
  });
});
