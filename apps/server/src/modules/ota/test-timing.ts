import type { TargetTiming } from "./target-states.js";

/** Stage times and tries for the tests of a machine's way through a rollout: a minute's stall, three tries. */
export const TEST_TIMING: TargetTiming = {
  downloadStallMs: 60_000,
  installMs: 300_000,
  idleWaitMs: 3 * 3_600_000,
  rebootMs: 120_000,
  firstBackoffMs: 30_000,
  backoffCapMs: 600_000,
  maxTries: 3,
};
