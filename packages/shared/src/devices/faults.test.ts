import { describe, expect, it } from "vitest";
import { describeFault, FAULT_FAMILIES, MACHINE_FAULT_FAMILIES } from "./faults.js";
import { MACHINE_TYPES } from "./machine-types.js";

/** The codes the demo fleet's machines report (apps/device-sim/src/machine-profiles.ts). */
const SIMULATOR_CODES: Record<string, readonly string[]> = {
  washer: ["E01", "DOOR", "DRAIN", "WATER_INLET"],
  dryer: ["E05", "DOOR", "HEATER", "LINT_FILTER"],
  combo: ["E01", "DOOR", "DRAIN", "HEATER"],
  // The stacked machine simulates as a washer; its dryer half reports the dryer's codes.
  stacked_washer_dryer: ["E01", "DOOR", "DRAIN", "WATER_INLET", "E05", "HEATER", "LINT_FILTER"],
  car_wash: ["PUMP", "PRESSURE", "E10"],
  vending_machine: ["JAM", "EMPTY", "COIN_MECH"],
  liquid_vending: ["EMPTY", "PUMP"],
  kiosk: ["NOTE_JAM", "PRINTER"],
  coin_exchanger: ["HOPPER_EMPTY", "NOTE_JAM"],
};

describe("the fault catalogue", () => {
  it("knows every code the simulated machines report, for their type", () => {
    const unknown = Object.entries(SIMULATOR_CODES).flatMap(([type, codes]) =>
      codes.filter((code) => !describeFault(type, code).known).map((code) => `${type} ${code}`),
    );
    expect(unknown).toEqual([]);
  });

  it("gives every machine type at least one family, and every family a type", () => {
    for (const type of MACHINE_TYPES) expect(MACHINE_FAULT_FAMILIES[type].length, type).toBeGreaterThan(0);
    const used = new Set(Object.values(MACHINE_FAULT_FAMILIES).flat());
    expect([...used].sort()).toEqual(Object.keys(FAULT_FAMILIES).sort());
  });

  it("answers the keys of a code's meaning and first check", () => {
    expect(describeFault("washer", "WATER_INLET")).toEqual({
      known: true,
      code: "WATER_INLET",
      family: "washer",
      meaningKey: "faults.washer.WATER_INLET.meaning",
      checkKey: "faults.washer.WATER_INLET.check",
    });
  });

  it("reads a code whatever its case and surrounding spaces", () => {
    expect(describeFault("dryer", "  lint_filter ")).toMatchObject({ known: true, code: "LINT_FILTER" });
  });

  it("shares a family between the types with that part, the first family answering a code both know", () => {
    expect(describeFault("stack_wash_wash", "DRAIN")).toMatchObject({ known: true, family: "washer" });
    expect(describeFault("coin_exchanger", "NOTE_JAM")).toMatchObject({ known: true, family: "noteAcceptor" });
    expect(describeFault("kiosk", "NOTE_JAM")).toMatchObject({ known: true, family: "noteAcceptor" });
    expect(describeFault("combo", "DOOR")).toMatchObject({ known: true, family: "washer" });
    expect(describeFault("combo", "LINT_FILTER")).toMatchObject({ known: true, family: "dryer" });
  });

  it("says a code is unknown, keeping it as reported", () => {
    expect(describeFault("washer", " e99 ")).toEqual({ known: false, code: "e99", unknownKey: "faults.unknown" });
  });

  it("says a code known to one type is unknown to another", () => {
    expect(describeFault("dryer", "DRAIN").known).toBe(false);
    expect(describeFault("washer", "HEATER").known).toBe(false);
    expect(describeFault("vending_machine", "PUMP").known).toBe(false);
    expect(describeFault("car_wash", "PUMP").known).toBe(true);
  });

  it("knows no codes of a machine type it does not know, nor of an object's own names", () => {
    expect(describeFault("spaceship", "E01").known).toBe(false);
    expect(describeFault("constructor", "E01").known).toBe(false);
    expect(describeFault("washer", "constructor").known).toBe(false);
  });
});
