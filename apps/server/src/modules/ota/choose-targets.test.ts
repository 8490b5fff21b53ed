import { describe, expect, it } from "vitest";
import { type Candidate, chooseTargets } from "./choose-targets.js";

const machine = (deviceId: number, changes: Partial<Candidate> = {}): Candidate => ({
  deviceId,
  shopId: 1,
  machineType: "washer",
  model: "WX-10",
  firmware: "1.0.0",
  ...changes,
});
const ids = (machines: Candidate[]) => machines.map((m) => m.deviceId);

describe("choosing a rollout's machines", () => {
  const pkg = { version: "2.0.0", machineTypes: ["washer"], models: [] as string[] };

  it("refuses, and names, the machines already on the version and those the package does not fit", () => {
    const choice = chooseTargets(pkg, [
      machine(1),
      machine(2, { firmware: "2.0.0" }),
      machine(3, { machineType: "dryer" }),
      machine(4, { machineType: "dryer", firmware: "2.0.0" }),
    ]);
    expect(ids(choice.upgradable)).toEqual([1]);
    expect(ids(choice.sameVersion)).toEqual([2]);
    expect(ids(choice.notCompatible)).toEqual([3, 4]);
  });

  it("keeps to the package's models when it names some; a machine without a model does not fit them", () => {
    const choice = chooseTargets({ ...pkg, models: ["WX-10", "WX-11"] }, [
      machine(1),
      machine(2, { model: "WX-11" }),
      machine(3, { model: "WX-12" }),
      machine(4, { model: null }),
    ]);
    expect(ids(choice.upgradable)).toEqual([1, 2]);
    expect(ids(choice.notCompatible)).toEqual([3, 4]);
  });

  it("puts the canary's shops first, in the order named, then the rest; a machine chosen twice counts once", () => {
    const choice = chooseTargets(
      pkg,
      [
        machine(5, { shopId: 3 }),
        machine(1, { shopId: 1 }),
        machine(2, { shopId: 2 }),
        machine(9, { shopId: null }),
        machine(2, { shopId: 2 }),
        machine(3, { shopId: 3 }),
      ],
      [3, 2],
    );
    expect(ids(choice.upgradable)).toEqual([3, 5, 2, 1, 9]);
  });
});
